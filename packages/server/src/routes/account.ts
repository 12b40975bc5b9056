import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonBody, requestToken, sendError, sendOk, sessionCheck } from '../http.ts';
import { hashPassword, isValidPassword, verifyPassword } from '../password.ts';
import type { ServerContext } from '../context.ts';
import { callerOf } from '../access.ts';
import type { Fetch } from '../openid/discovery.ts';
import { startSignIn } from '../openid/flow.ts';
import { activeMethod, loginMethods, openIdSettings } from '../openid/methods.ts';
import { isAllowedReturnUrl } from '../openid/settings.ts';

/**
 * `/account/*`: the password, sessions, and sign-in with OpenID once an admin turned it on
 * (`/openid/enable`), with Actual 26.9's answers.
 */
export function accountRoutes(app: FastifyInstance, ctx: ServerContext, fetcher: Fetch): void {
  const { accounts, config } = ctx;
  const signInLimit = {
    rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
  };

  app.get('/needs-bootstrap', async (_request, reply) => {
    const available = await loginMethods(accounts, config.enforceOpenId);
    return sendOk(reply, {
      // A server whose host set up OpenID has no password and is bootstrapped all the same:
      // its first OpenID sign-in becomes the owner.
      bootstrapped: (await accounts.passwordHash()) !== null || available.length > 0,
      loginMethod: available.length === 1 ? available[0]!.method : await activeMethod(accounts),
      availableLoginMethods: available,
      multiuser: await accounts.multiuser(),
    });
  });

  app.get('/login-methods', async (_request, reply) => {
    return reply.send({
      status: 'ok',
      methods: await loginMethods(accounts, config.enforceOpenId),
    });
  });

  /** Sends the browser to the provider; the answer comes back at `/openid/callback`. */
  const openIdLogin = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = jsonBody(request);
    const settings = await openIdSettings(accounts);
    if (!settings || !isAllowedReturnUrl(settings, body.returnUrl)) {
      return sendError(reply, 400, 'Invalid redirect URL');
    }
    // The first OpenID sign-in becomes the server's owner: only the password holder may start it.
    const stored = await accounts.passwordHash();
    if (!(await accounts.hasSubjects()) && stored !== null) {
      const { password } = body;
      if (!isValidPassword(password) || !(await verifyPassword(password, stored))) {
        return sendError(reply, 400, 'invalid-password');
      }
    }
    const now = Date.now();
    try {
      const { pending, url } = await startSignIn(fetcher, settings, body.returnUrl, now);
      await accounts.putPendingSignIn(pending, now);
      return sendOk(reply, { returnUrl: url });
    } catch (e) {
      config.log(`openid: sign-in not started: ${e instanceof Error ? e.message : String(e)}`);
      return sendError(reply, 400, 'openid-setup-failed');
    }
  };

  app.post('/bootstrap', { config: signInLimit }, async (request, reply) => {
    const { password } = jsonBody(request);
    if (!isValidPassword(password)) return sendError(reply, 400, 'invalid-password');
    // A host-configured OpenID server is set up already: its first sign-in makes the owner.
    if (await openIdSettings(accounts)) return sendError(reply, 400, 'already-bootstrapped');
    const hash = await hashPassword(password, config.scryptCost);
    if (!(await accounts.bootstrap(hash))) return sendError(reply, 400, 'already-bootstrapped');
    return sendOk(reply, { token: await accounts.createSession(Date.now()) });
  });

  app.post('/login', { config: signInLimit }, async (request, reply) => {
    const body = jsonBody(request);
    const asked = body.loginMethod;
    if (asked !== undefined && asked !== null && asked !== 'password' && asked !== 'openid') {
      return sendError(reply, 400, 'invalid-login-method');
    }
    const method =
      asked === 'openid' || asked === 'password' ? asked : await activeMethod(accounts);
    if (method === 'openid' && (await openIdSettings(accounts))) return openIdLogin(request, reply);
    const stored = await accounts.passwordHash();
    const password = body.password;
    if (
      !isValidPassword(password) ||
      stored === null ||
      !(await verifyPassword(password, stored))
    ) {
      return sendError(reply, 400, 'invalid-password');
    }
    // With users on, the password is the owner's.
    const owner = (await accounts.listUsers()).find((u) => u.owner) ?? null;
    return sendOk(reply, { token: await accounts.createSession(Date.now(), owner?.id ?? null) });
  });

  app.post(
    '/change-password',
    { config: signInLimit, preHandler: sessionCheck(accounts) },
    async (request, reply) => {
      // The server's password is the admins' to change, from a password session (as in Actual).
      if (!(await callerOf(accounts, request)).admin) {
        return sendError(reply, 403, 'forbidden', 'permission-not-found');
      }
      const session = await accounts.session(requestToken(request) ?? '');
      if (session?.method !== 'password') {
        return sendError(reply, 403, 'forbidden', 'password-auth-not-active');
      }
      const { password } = jsonBody(request);
      if (!isValidPassword(password)) return sendError(reply, 400, 'invalid-password');
      // Every session ends with the old password; the client signs in again with the new one.
      await accounts.replacePassword(await hashPassword(password, config.scryptCost));
      return sendOk(reply, {});
    },
  );

  /** Coffer's own: a sign-out ends the session on the server, for every process at once. */
  app.post('/logout', { preHandler: sessionCheck(accounts) }, async (request, reply) => {
    await accounts.endSession(requestToken(request) ?? '');
    return sendOk(reply, {});
  });

  app.get('/validate', { preHandler: sessionCheck(accounts) }, async (request, reply) => {
    const { user } = await callerOf(accounts, request);
    const session = await accounts.session(requestToken(request) ?? '');
    return sendOk(reply, {
      validated: true,
      userName: user?.userName ?? '',
      permission: user?.role ?? 'ADMIN',
      userId: user?.id ?? '',
      displayName: user?.displayName ?? '',
      loginMethod: session?.method ?? 'password',
    });
  });
}
