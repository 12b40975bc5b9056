import type { FastifyInstance } from 'fastify';
import { jsonBody, sendError, sendOk, sessionCheck } from '../http.ts';
import { hashPassword, isValidPassword, verifyPassword } from '../password.ts';
import type { ServerContext } from '../context.ts';
import { callerOf } from '../access.ts';

const PASSWORD_METHOD = { method: 'password', active: 1, displayName: 'Password' };

/** `/account/*`: one shared password, sessions, and what newer clients ask about sign-in. */
export function accountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { accounts, config } = ctx;
  const signInLimit = {
    rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
  };
  const methods = async () => ((await accounts.passwordHash()) === null ? [] : [PASSWORD_METHOD]);

  app.get('/needs-bootstrap', async (_request, reply) => {
    return sendOk(reply, {
      bootstrapped: (await accounts.passwordHash()) !== null,
      loginMethod: 'password',
      availableLoginMethods: await methods(),
      multiuser: await accounts.multiuser(),
    });
  });

  app.get('/login-methods', async (_request, reply) => {
    return reply.send({ status: 'ok', methods: await methods() });
  });

  app.post('/bootstrap', { config: signInLimit }, async (request, reply) => {
    const { password } = jsonBody(request);
    if (!isValidPassword(password)) return sendError(reply, 400, 'invalid-password');
    const hash = await hashPassword(password, config.scryptCost);
    if (!(await accounts.bootstrap(hash))) return sendError(reply, 400, 'already-bootstrapped');
    return sendOk(reply, { token: await accounts.createSession(Date.now()) });
  });

  app.post('/login', { config: signInLimit }, async (request, reply) => {
    const body = jsonBody(request);
    const method = body.loginMethod;
    if (method !== undefined && method !== null && method !== 'password') {
      return sendError(reply, 400, 'invalid-login-method');
    }
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
      const { password } = jsonBody(request);
      if (!isValidPassword(password)) return sendError(reply, 400, 'invalid-password');
      // Every session ends with the old password; the client signs in again with the new one.
      await accounts.replacePassword(await hashPassword(password, config.scryptCost));
      return sendOk(reply, {});
    },
  );

  app.get('/validate', { preHandler: sessionCheck(accounts) }, async (request, reply) => {
    const { user } = await callerOf(accounts, request);
    return sendOk(reply, {
      validated: true,
      userName: user?.userName ?? '',
      permission: user?.role ?? 'ADMIN',
      userId: user?.id ?? '',
      displayName: user?.displayName ?? '',
      loginMethod: 'password',
    });
  });
}
