import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { header, jsonBody, sendOk, sessionCheck, stringField } from '../http.ts';
import {
  AccountGoneError,
  AccountNotLinkedError,
  NotConfiguredError,
  ProviderFailure,
  RequisitionNotLinkedError,
} from './errors.ts';
import type { BankDataProvider } from './provider.ts';

const LINK_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bank linked</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto">
<h1>Your bank account is linked</h1>
<p>You can close this window and return to the app.</p>
<script>window.close();</script>
</body>
</html>
`;

/** Every error of these endpoints comes back as 200 with an error payload, as Actual does. */
function wrap(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await handler(request, reply);
    } catch (e) {
      const message = e instanceof Error ? e.message : 'internal-error';
      return sendOk(reply, { error_code: 'INTERNAL_ERROR', error_type: message });
    }
  };
}

/** The error payload of `/transactions`, which the client turns into a bank-sync message. */
function transactionsError(e: unknown): Record<string, unknown> {
  if (e instanceof RequisitionNotLinkedError) {
    return {
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOGIN_REQUIRED',
      status: 'expired',
      reason: 'The access to this account has expired (see the end-user agreement)',
    };
  }
  if (e instanceof AccountNotLinkedError) {
    return {
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_ACCESS_TOKEN',
      status: 'rejected',
      reason: 'The account is not linked to this requisition',
      details: { accountId: e.accountId, requisitionId: e.requisitionId },
    };
  }
  if (e instanceof AccountGoneError) {
    return {
      error_type: 'ITEM_ERROR',
      error_code: 'NO_ACCOUNTS',
      status: 'rejected',
      reason: 'The bank no longer has this account (closed, or left out of the consent)',
      details: { accountId: e.accountId },
    };
  }
  if (e instanceof ProviderFailure && e.rateLimited) {
    return {
      error_type: 'RATE_LIMIT_EXCEEDED',
      error_code: 'NORDIGEN_ERROR',
      status: 'rejected',
      reason: e.message,
      rateLimitHeaders: e.rateLimitHeaders,
    };
  }
  if (e instanceof ProviderFailure || e instanceof NotConfiguredError) {
    return { error_type: 'SYNC_ERROR', error_code: 'NORDIGEN_ERROR', reason: e.message };
  }
  return { error_type: 'UNKNOWN', error_code: 'UNKNOWN', reason: 'Something went wrong' };
}

function requestOrigin(request: FastifyRequest): string {
  return header(request, 'origin') ?? `${request.protocol}://${request.host}`;
}

/**
 * A bank-data provider's HTTP API, in the shape Actual's clients speak (`/gocardless/*`, and
 * the same under `/nordigen`, its 23.8 name). Provider-agnostic: `provider` is the adapter.
 */
export function bankRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  providerFor: (request: FastifyRequest) => Promise<BankDataProvider>,
): void {
  const session = { preHandler: sessionCheck(ctx.accounts) };

  app.get('/link', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(LINK_PAGE),
  );

  app.post('/status', session, async (request, reply) =>
    sendOk(reply, { configured: await (await providerFor(request)).isConfigured() }),
  );

  app.post(
    '/get-banks',
    session,
    wrap(async (request, reply) => {
      const body = jsonBody(request);
      const country = stringField(body, 'country') ?? '';
      return sendOk(
        reply,
        await (await providerFor(request)).banks(country, body.showDemo === true),
      );
    }),
  );

  app.post(
    '/create-web-token',
    session,
    wrap(async (request, reply) => {
      const body = jsonBody(request);
      const days = typeof body.accessValidForDays === 'number' ? body.accessValidForDays : null;
      const result = await (
        await providerFor(request)
      ).createWebToken(stringField(body, 'institutionId') ?? '', days, requestOrigin(request));
      return sendOk(reply, result);
    }),
  );

  app.post(
    '/get-accounts',
    session,
    wrap(async (request, reply) => {
      const requisitionId = stringField(jsonBody(request), 'requisitionId') ?? '';
      try {
        const { requisition, accounts } = await (
          await providerFor(request)
        ).linkedAccounts(requisitionId);
        return sendOk(reply, { ...requisition, accounts });
      } catch (e) {
        // Not linked yet: the client keeps polling until the user finishes at the bank.
        if (e instanceof RequisitionNotLinkedError) {
          return reply.send({ status: 'ok', requisitionStatus: e.requisitionStatus });
        }
        throw e;
      }
    }),
  );

  app.post(
    '/transactions',
    session,
    wrap(async (request, reply) => {
      const body = jsonBody(request);
      try {
        const result = await (
          await providerFor(request)
        ).transactions({
          requisitionId: stringField(body, 'requisitionId') ?? '',
          accountId: stringField(body, 'accountId') ?? '',
          startDate: stringField(body, 'startDate') ?? undefined,
          endDate: stringField(body, 'endDate') ?? undefined,
          includeBalance: body.includeBalance !== false,
        });
        return sendOk(reply, result);
      } catch (e) {
        return sendOk(reply, transactionsError(e));
      }
    }),
  );

  app.post(
    '/remove-account',
    session,
    wrap(async (request, reply) => {
      const requisitionId = stringField(jsonBody(request), 'requisitionId') ?? '';
      const data = await (await providerFor(request)).removeRequisition(requisitionId);
      if (data?.summary === 'Requisition deleted') return sendOk(reply, data);
      return reply.send({
        status: 'error',
        data: { data, reason: 'The requisition could not be deleted' },
      });
    }),
  );
}
