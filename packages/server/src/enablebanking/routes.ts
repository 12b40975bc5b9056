/**
 * `/enablebanking/*` in the shape Actual 26.9's clients speak: `status`, `configure`, `aspsps`,
 * `start-auth`, `complete-auth`, `poll-auth`, `transactions`, and the bank's redirect target
 * `auth_callback`. Every answer is 200 with `status: ok`; failures travel in `data`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { isBlockedAddress, isLocalAddress } from '../bank/address-check.ts';
import { header, jsonBody, sendOk, sessionCheck, stringField } from '../http.ts';
import { EnableBankingFailure } from './client.ts';
import type { EnableBanking, Psu } from './service.ts';

const page = (text: string, closeWindow: boolean) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bank consent</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto">
<h1>${text}</h1>
${closeWindow ? '<p>You can close this window and return to the app.</p><script>setTimeout(function () { window.close(); }, 1000);</script>' : '<p>Close this window and try again from the app.</p>'}
</body>
</html>
`;

const message = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong');

const invalid = (reply: FastifyReply, text: string) =>
  sendOk(reply, { error_code: 'INVALID_INPUT', error_type: text });

/** The payload of a failed `/transactions`, by what went wrong. */
export function transactionsFailure(e: unknown): Record<string, string> {
  if (!(e instanceof EnableBankingFailure)) {
    return { error_type: 'INTERNAL_ERROR', error_code: 'INTERNAL_ERROR' };
  }
  if (e.code === 'INVALID_ACCESS_TOKEN') {
    // The consent ran out or was withdrawn: the person consents again (Reauthorize).
    return { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' };
  }
  if (e.code === 'NOT_FOUND') return { error_type: 'INVALID_INPUT', error_code: 'NOT_FOUND' };
  return { error_type: e.code, error_code: e.code };
}

/**
 * The person's address and browser, which some banks want while the person is present (it
 * lifts their limits on reads). Left out for an address of the server's own network: that is a
 * proxy or the same machine, not the person.
 */
export function psuHeaders(ip: string | undefined, userAgent: string | null): Psu {
  if (!ip || isLocalAddress(ip) || isBlockedAddress(ip)) return {};
  return userAgent
    ? { 'Psu-Ip-Address': ip, 'Psu-User-Agent': userAgent }
    : { 'Psu-Ip-Address': ip };
}

const psuOf = (request: FastifyRequest) => psuHeaders(request.ip, header(request, 'user-agent'));

function aspspOf(body: Record<string, unknown>): { name: string; country: string } | null {
  const aspsp = body.aspsp;
  if (!aspsp || typeof aspsp !== 'object') return null;
  const { name, country } = aspsp as Record<string, unknown>;
  return typeof name === 'string' && typeof country === 'string' ? { name, country } : null;
}

/** A start day as `YYYY-MM-DD`, from the text or time the client sent, or null. */
function startDay(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** How long a started consent remembers whose secrets started it. */
const STARTED_MS = 60 * 60_000;

export function enableBankingRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  root: EnableBanking,
  ebFor: (request: FastifyRequest) => Promise<EnableBanking>,
): void {
  // The callback has no session: the consent's state tells whose secrets started it.
  const started = new Map<string, { eb: EnableBanking; at: number }>();
  const remember = (state: string, eb: EnableBanking) => {
    const now = Date.now();
    for (const [key, s] of started) if (now - s.at > STARTED_MS) started.delete(key);
    started.set(state, { eb, at: now });
  };
  const starter = (state: string) => {
    const found = started.get(state);
    started.delete(state);
    return found?.eb ?? root;
  };

  // The bank sends the person here, without a session: the consent's state ties it to the
  // client waiting in `poll-auth`.
  app.get('/auth_callback', async (request: FastifyRequest, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const code = typeof query.code === 'string' ? query.code : '';
    const state = typeof query.state === 'string' ? query.state : '';
    reply.type('text/html; charset=utf-8');
    if (!code || !state) {
      return reply.code(400).send(page('The bank did not send the consent back', false));
    }
    const eb = starter(state);
    try {
      eb.consents.finish(state, { ok: true, value: await eb.completeAuth(code, psuOf(request)) });
      return reply.send(page('Your bank consent is complete', true));
    } catch (e) {
      eb.consents.finish(state, { ok: false, error: message(e) });
      return reply.code(500).send(page('The bank consent could not be completed', false));
    }
  });

  const session = { preHandler: sessionCheck(ctx.accounts) };

  app.post('/status', session, async (request, reply) =>
    sendOk(reply, { configured: await (await ebFor(request)).isConfigured() }),
  );

  app.post('/configure', session, async (request, reply) => {
    const eb = await ebFor(request);
    const body = jsonBody(request);
    const applicationId = stringField(body, 'applicationId');
    const secretKey = stringField(body, 'secretKey');
    if (!applicationId || !secretKey) {
      return invalid(reply, 'applicationId and secretKey are both required');
    }
    try {
      await eb.configure(applicationId.trim(), secretKey);
    } catch (e) {
      return sendOk(reply, { error_code: 'CONFIGURATION_FAILED', error_type: message(e) });
    }
    return sendOk(reply, { configured: true });
  });

  // Not in Actual's server: the countries the application is enabled for, to offer first.
  app.post('/countries', session, async (request, reply) => {
    const eb = await ebFor(request);
    try {
      return sendOk(reply, { countries: await eb.countries() });
    } catch (e) {
      return sendOk(reply, { error: message(e) });
    }
  });

  app.post('/aspsps', session, async (request, reply) => {
    const eb = await ebFor(request);
    try {
      return sendOk(reply, await eb.aspsps(stringField(jsonBody(request), 'country') ?? undefined));
    } catch (e) {
      return sendOk(reply, { error: message(e) });
    }
  });

  app.post('/start-auth', session, async (request, reply) => {
    const eb = await ebFor(request);
    const body = jsonBody(request);
    const aspsp = aspspOf(body);
    const redirectUrl = stringField(body, 'redirectUrl');
    if (!aspsp || !redirectUrl) return invalid(reply, 'aspsp and redirectUrl are both required');
    const state = randomUUID();
    try {
      const { url } = await eb.startAuth({
        aspsp,
        redirectUrl,
        state,
        maxConsentSeconds:
          typeof body.maxConsentValidity === 'number' ? body.maxConsentValidity : undefined,
        psuType: body.psuType === 'business' ? 'business' : 'personal',
      });
      remember(state, eb);
      return sendOk(reply, { url, state });
    } catch (e) {
      return sendOk(reply, { error: message(e) });
    }
  });

  app.post('/complete-auth', session, async (request, reply) => {
    const eb = await ebFor(request);
    const body = jsonBody(request);
    const code = stringField(body, 'code');
    const state = stringField(body, 'state');
    if (!code) return invalid(reply, 'code is required');
    try {
      const result = await eb.completeAuth(code, psuOf(request));
      if (state) eb.consents.finish(state, { ok: true, value: result });
      return sendOk(reply, result);
    } catch (e) {
      if (state) eb.consents.finish(state, { ok: false, error: message(e) });
      return sendOk(reply, { error: message(e) });
    }
  });

  app.post('/poll-auth', session, async (request, reply) => {
    const eb = await ebFor(request);
    const state = stringField(jsonBody(request), 'state');
    if (!state) return invalid(reply, 'state is required');
    const outcome = await eb.consents.wait(state, (cancel) => {
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) cancel();
      });
    });
    if (reply.raw.destroyed) return reply;
    return sendOk(reply, outcome.ok ? outcome.value : { error: outcome.error });
  });

  // Not in Actual's server: the consent's state and expiry, for the app's Reauthorize.
  app.post('/session', session, async (request, reply) => {
    const eb = await ebFor(request);
    const sessionId = stringField(jsonBody(request), 'sessionId');
    if (!sessionId) return invalid(reply, 'sessionId is required');
    try {
      return sendOk(reply, await eb.session(sessionId));
    } catch (e) {
      return sendOk(reply, transactionsFailure(e));
    }
  });

  app.post('/transactions', session, async (request, reply) => {
    const eb = await ebFor(request);
    const body = jsonBody(request);
    const accountId = stringField(body, 'accountId');
    const start = startDay(body.startDate);
    if (!accountId || !start) return invalid(reply, 'accountId and startDate are both required');
    try {
      return sendOk(reply, await eb.transactions(accountId, start, psuOf(request)));
    } catch (e) {
      return sendOk(reply, transactionsFailure(e));
    }
  });
}
