import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../access.ts';
import type { ServerContext } from '../context.ts';
import { jsonBody, sendError, sendOk, sessionCheck } from '../http.ts';
import { enableOpenId } from '../openid/configured.ts';
import type { Fetch } from '../openid/discovery.ts';
import { finishSignIn } from '../openid/flow.ts';
import { openIdSettings } from '../openid/methods.ts';
import { userForIdentity } from '../openid/users.ts';
import { hashPassword, isValidPassword, verifyPassword } from '../password.ts';

function queryText(request: FastifyRequest, name: string): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * `/openid/*` with Actual 26.9's routes and answers: an admin turns OpenID sign-in on or off,
 * a new server reads its settings back, and the provider sends the browser to `/callback`.
 */
export function openIdRoutes(app: FastifyInstance, ctx: ServerContext, fetcher: Fetch): void {
  const { accounts, config } = ctx;
  const session = sessionCheck(accounts);
  const adminOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await callerOf(accounts, request)).admin) {
      return sendError(reply, 403, 'forbidden', 'permission-not-found');
    }
  };
  const rateLimit = {
    rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
  };

  app.post('/enable', { preHandler: [session, adminOnly] }, async (request, reply) => {
    const refused = await enableOpenId(accounts, jsonBody(request).openId, fetcher, config.log);
    return refused === null ? sendOk(reply) : sendError(reply, 500, refused);
  });

  app.post('/disable', { preHandler: [session, adminOnly] }, async (request, reply) => {
    const { password } = jsonBody(request);
    if (!isValidPassword(password)) return sendError(reply, 401, 'invalid-login-settings');
    const stored = await accounts.passwordHash();
    if (stored === null || !(await verifyPassword(password, stored))) {
      return sendError(reply, 401, 'invalid-password');
    }
    await accounts.setSetting('login-method', 'password');
    await accounts.setSetting('openid', null);
    // As in Actual: back to the password alone, every session (OpenID ones too) ends.
    await accounts.replacePassword(await hashPassword(password, config.scryptCost));
    return sendOk(reply);
  });

  app.post('/config', { config: rateLimit }, async (request, reply) => {
    if ((await accounts.listUsers()).some((u) => u.owner)) {
      return sendError(reply, 400, 'already-bootstraped');
    }
    const { password } = jsonBody(request);
    const stored = await accounts.passwordHash();
    if (
      !isValidPassword(password) ||
      stored === null ||
      !(await verifyPassword(password, stored))
    ) {
      return sendError(reply, 400, 'invalid-password');
    }
    const settings = await openIdSettings(accounts);
    if (!settings) return sendError(reply, 500, 'OpenID configuration not found');
    return sendOk(reply, { openId: settings });
  });

  app.get('/callback', async (request, reply) => {
    const code = queryText(request, 'code');
    if (!code) return sendError(reply, 400, 'missing-authorization-code');
    const state = queryText(request, 'state');
    if (!state) return sendError(reply, 400, 'missing-state');
    const settings = await openIdSettings(accounts);
    if (!settings) return sendError(reply, 400, 'openid-not-configured');
    const now = Date.now();
    const pending = await accounts.takePendingSignIn(state, now);
    if (!pending) return sendError(reply, 400, 'invalid-or-expired-state');
    let userId: string | null;
    try {
      const identity = await finishSignIn(
        fetcher,
        settings,
        pending,
        { code, iss: queryText(request, 'iss') },
        now,
      );
      userId = await userForIdentity(accounts, identity);
    } catch (e) {
      // The reason goes to the log only: the browser learns nothing about the tokens.
      config.log(`openid: sign-in refused: ${e instanceof Error ? e.message : String(e)}`);
      return sendError(reply, 400, 'openid-grant-failed');
    }
    if (!userId) return sendError(reply, 400, 'openid-grant-failed');
    const token = await accounts.createSession(Date.now(), userId, { method: 'openid' });
    const back = new URL(`${pending.returnUrl.replace(/\/+$/, '')}/openid-cb`);
    back.searchParams.set('token', token);
    return reply.redirect(back.toString());
  });
}
