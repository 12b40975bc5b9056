/**
 * `/bank-schedule/*` (Coffer's own): the opt-in setting, the app's link registrations, and the
 * held rows the app imports and then releases. Every route needs a session; a file the caller
 * may not use answers as a missing one.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Caller, callerOf, liveFileFor } from '../access.ts';
import type { ServerContext } from '../context.ts';
import { jsonBody, sendError, sendOk, sessionCheck } from '../http.ts';
import type { BankScheduler } from './scheduler.ts';
import type { FileRow } from '../storage/storage.ts';
import { isScheduledProvider, type BankHoldStore, type BankLink } from './store.ts';

/** The shortest and longest interval an admin may set (providers limit daily reads). */
export const MIN_INTERVAL_MINUTES = 60;
export const MAX_INTERVAL_MINUTES = 7 * 24 * 60;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const badRequest = (reply: FastifyReply, details: string) =>
  sendError(reply, 400, 'bad-request', details);

const fileNotFound = (reply: FastifyReply) =>
  sendError(reply, 404, 'invalid-file-id', 'File not found at server');

type NewLink = Omit<BankLink, 'fileId' | 'userId'>;

/** The links of a registration, or a text saying what is wrong with them. */
export function parseLinks(value: unknown): NewLink[] | string {
  if (!Array.isArray(value)) return 'links must be a list';
  const out: NewLink[] = [];
  for (const item of value as unknown[]) {
    const l = (item ?? {}) as Record<string, unknown>;
    if (!isScheduledProvider(l.provider)) {
      return 'provider must be simplefin, enablebanking or gocardless';
    }
    if (typeof l.accountId !== 'string' || l.accountId === '' || l.accountId.length > 200) {
      return 'accountId is required';
    }
    if (typeof l.since !== 'string' || !DAY.test(l.since)) return 'since must be YYYY-MM-DD';
    const requisitionId = l.provider === 'gocardless' ? l.requisitionId : null;
    if (
      requisitionId !== null &&
      (typeof requisitionId !== 'string' || requisitionId === '' || requisitionId.length > 200)
    ) {
      return 'a GoCardless link needs its requisitionId';
    }
    out.push({ provider: l.provider, accountId: l.accountId, since: l.since, requisitionId });
  }
  return out;
}

/**
 * A run fetches a file's links with its owner's secrets, so only the owner (or an admin, or
 * anyone on a single-password server) may add an account. A user the file is shared with may
 * keep or drop the owner's links (they can unlink accounts in the budget anyway) but an account
 * they add is left out: otherwise they could read any account of the owner's bridge through it.
 */
async function keepAllowedLinks(
  store: BankHoldStore,
  caller: Caller,
  file: FileRow,
  links: NewLink[],
): Promise<{ kept: NewLink[]; notScheduled: { provider: string; accountId: string }[] }> {
  const owner =
    !caller.multiuser || caller.admin || (!!file.owner && file.owner === caller.user?.id);
  if (owner) return { kept: links, notScheduled: [] };
  const known = new Set(
    (await store.listLinks())
      .filter((l) => l.fileId === file.id)
      .map((l) => `${l.provider}\n${l.accountId}`),
  );
  const kept: NewLink[] = [];
  const notScheduled: { provider: string; accountId: string }[] = [];
  for (const l of links) {
    if (known.has(`${l.provider}\n${l.accountId}`)) kept.push(l);
    else notScheduled.push({ provider: l.provider, accountId: l.accountId });
  }
  return { kept, notScheduled };
}

export function bankScheduleRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  scheduler: BankScheduler,
): void {
  const { accounts } = ctx;
  const store = ctx.storage.bankHold;
  const session = { preHandler: sessionCheck(accounts) };

  app.post('/status', session, async (request, reply) => {
    const caller = await callerOf(accounts, request);
    return sendOk(reply, { ...(await scheduler.setting()), canChange: caller.admin });
  });

  app.post('/settings', session, async (request, reply) => {
    const caller = await callerOf(accounts, request);
    if (!caller.admin) return sendError(reply, 403, 'forbidden', 'permission-not-found');
    const { enabled, intervalMinutes } = jsonBody(request);
    const current = await scheduler.setting();
    const minutes = intervalMinutes ?? current.intervalMinutes;
    if (typeof enabled !== 'boolean') return badRequest(reply, 'enabled must be true or false');
    if (
      typeof minutes !== 'number' ||
      !Number.isInteger(minutes) ||
      minutes < MIN_INTERVAL_MINUTES ||
      minutes > MAX_INTERVAL_MINUTES
    ) {
      return badRequest(
        reply,
        `intervalMinutes must be a whole number from ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES}`,
      );
    }
    await store.setSchedule({ enabled, intervalMinutes: minutes });
    return sendOk(reply, { enabled, intervalMinutes: minutes, canChange: true });
  });

  /** An admin's "fetch now": one run at once (due links only, as a tick would run it). */
  app.post('/run', session, async (request, reply) => {
    const caller = await callerOf(accounts, request);
    if (!caller.admin) return sendError(reply, 403, 'forbidden', 'permission-not-found');
    return sendOk(reply, await scheduler.runOnce());
  });

  app.post('/links', session, async (request, reply) => {
    const body = jsonBody(request);
    const file = await liveFileFor(accounts, request, body.fileId);
    if (!file) return fileNotFound(reply);
    const links = parseLinks(body.links);
    if (typeof links === 'string') return badRequest(reply, links);
    const caller = await callerOf(accounts, request);
    const { kept, notScheduled } = await keepAllowedLinks(store, caller, file, links);
    await store.setLinks(file.id, caller.user?.id ?? null, kept);
    return sendOk(reply, { enabled: (await scheduler.setting()).enabled, notScheduled });
  });

  app.post('/held', session, async (request, reply) => {
    const file = await liveFileFor(accounts, request, jsonBody(request).fileId);
    if (!file) return fileNotFound(reply);
    const rows = await store.held(file.id);
    return sendOk(reply, {
      rows: rows.map((r) => ({
        provider: r.provider,
        accountId: r.accountId,
        transaction: JSON.parse(r.data) as unknown,
      })),
      upTo: rows.reduce((max, r) => Math.max(max, r.seq), 0),
    });
  });

  app.post('/release', session, async (request, reply) => {
    const body = jsonBody(request);
    const file = await liveFileFor(accounts, request, body.fileId);
    if (!file) return fileNotFound(reply);
    if (typeof body.upTo !== 'number' || !Number.isInteger(body.upTo) || body.upTo < 0) {
      return badRequest(reply, 'upTo must be the number the held rows came with');
    }
    return sendOk(reply, { released: await store.release(file.id, body.upTo) });
  });
}
