/**
 * `/simplefin/*` in the shape Actual 26.9's clients speak: `status`, `accounts` and
 * `transactions` (one account, or several in one call). Every answer is 200 with `status: ok`;
 * failures travel as `error_type`/`error_code` payloads, which the client turns into its texts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { KindedFailure, NotConfiguredError, type FailureKind } from '../bank/errors.ts';
import { jsonBody, sendOk, sessionCheck } from '../http.ts';
import type { AccountSet } from './bridge.ts';
import {
  accountAnswer,
  needsAttention,
  type AccountError,
  type SimpleFinAccountAnswer,
} from './normalize.ts';
import type { SimpleFin } from './service.ts';

const CODES: Record<FailureKind, string> = {
  'invalid-token': 'INVALID_ACCESS_TOKEN',
  'login-required': 'ITEM_LOGIN_REQUIRED',
  'rate-limited': 'RATE_LIMIT_EXCEEDED',
  'institution-down': 'SERVER_DOWN',
  unknown: 'UNKNOWN',
};

/** The payload of a failure of the whole request. */
export function simpleFinFailure(e: unknown): Record<string, string> {
  if (e instanceof NotConfiguredError) {
    return {
      error_type: 'INVALID_ACCESS_TOKEN',
      error_code: 'INVALID_ACCESS_TOKEN',
      status: 'rejected',
      reason: 'SimpleFIN is not set up on this server: enter a setup token first.',
    };
  }
  if (e instanceof KindedFailure) {
    const code = CODES[e.kind];
    const type = e.kind === 'login-required' ? 'ITEM_ERROR' : code;
    return { error_type: type, error_code: code, status: 'rejected', reason: e.message };
  }
  return {
    error_type: 'UNKNOWN',
    error_code: 'UNKNOWN',
    status: 'rejected',
    reason: 'Something went wrong',
  };
}

const missing = (accountId: string): AccountError => ({
  error_type: 'ACCOUNT_MISSING',
  error_code: 'ACCOUNT_MISSING',
  reason: `The bridge does not have the account "${accountId}" any more: unlink it and link it again.`,
});

const attention: AccountError = {
  error_type: 'ACCOUNT_NEEDS_ATTENTION',
  error_code: 'ACCOUNT_NEEDS_ATTENTION',
  reason: 'The connection to this bank needs attention at the SimpleFIN Bridge.',
};

interface Wanted {
  accountId: string;
  /** Epoch seconds of the day the client asked from. */
  start: number;
}

/** The accounts and start days asked for, or a text saying what is wrong with the body. */
function wantedAccounts(body: Record<string, unknown>): Wanted[] | string {
  const { accountId, startDate } = body;
  const ids = [accountId].flat();
  const dates = [startDate].flat();
  if (Array.isArray(accountId) !== Array.isArray(startDate) || ids.length !== dates.length) {
    return 'accountId and startDate must be two lists of the same length, or one value each';
  }
  if (ids.length === 0) return 'accountId is required';
  const wanted: Wanted[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const start = typeof dates[i] === 'string' ? Date.parse(dates[i] as string) : NaN;
    if (typeof id !== 'string' || id === '' || Number.isNaN(start)) {
      return 'Each accountId needs a startDate (YYYY-MM-DD)';
    }
    wanted.push({ accountId: id, start: Math.floor(start / 1000) });
  }
  return wanted;
}

/** One account's answer and errors, from the account set of the whole call. */
function answerFor(set: AccountSet, w: Wanted) {
  const account = set.accounts.find((a) => a.id === w.accountId);
  if (!account) return { answer: undefined, errors: [missing(w.accountId)] };
  return {
    answer: accountAnswer(account, w.start),
    errors: needsAttention(set.errors, account) ? [attention] : [],
  };
}

export function simpleFinRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  simpleFinFor: (request: FastifyRequest) => Promise<SimpleFin>,
): void {
  const session = { preHandler: sessionCheck(ctx.accounts) };
  const fail = (reply: FastifyReply, e: unknown) => sendOk(reply, simpleFinFailure(e));

  app.post('/status', session, async (request, reply) =>
    sendOk(reply, { configured: await (await simpleFinFor(request)).isConfigured() }),
  );

  app.post('/accounts', session, async (request, reply) => {
    try {
      const set = await (await simpleFinFor(request)).accounts();
      return sendOk(reply, { accounts: set.accounts });
    } catch (e) {
      return fail(reply, e);
    }
  });

  app.post('/transactions', session, async (request, reply) => {
    const body = jsonBody(request);
    const wanted = wantedAccounts(body);
    if (typeof wanted === 'string') {
      return sendOk(reply, {
        error_type: 'INVALID_INPUT',
        error_code: 'INVALID_INPUT',
        reason: wanted,
      });
    }
    let set: AccountSet;
    try {
      const earliest = Math.min(...wanted.map((w) => w.start));
      set = await (
        await simpleFinFor(request)
      ).transactions(
        wanted.map((w) => w.accountId),
        earliest,
      );
    } catch (e) {
      return fail(reply, e);
    }
    if (!Array.isArray(body.accountId)) {
      const { answer, errors } = answerFor(set, wanted[0]!);
      return sendOk(reply, errors[0] ?? answer);
    }
    const answers: Record<string, SimpleFinAccountAnswer | undefined> = {};
    const errors: Record<string, AccountError[]> = {};
    for (const w of wanted) {
      const one = answerFor(set, w);
      answers[w.accountId] = one.answer;
      if (one.errors.length > 0) errors[w.accountId] = one.errors;
    }
    return sendOk(reply, Object.keys(errors).length > 0 ? { ...answers, errors } : answers);
  });
}
