import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { callerOf } from './access.ts';
import { limitBytes, resolveConfig, type ConfigInput, type ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { bankRoutes } from './bank/routes.ts';
import { bankScheduleRoutes } from './bank-schedule/routes.ts';
import { BankScheduler, realTimer, type Timer } from './bank-schedule/scheduler.ts';
import { ProviderClient, type FetchLike } from './gocardless/provider.ts';
import { GoCardless } from './gocardless/service.ts';
import { EnableBankingClient } from './enablebanking/client.ts';
import { enableBankingRoutes } from './enablebanking/routes.ts';
import { EnableBanking } from './enablebanking/service.ts';
import { installErrorHandler, installRequestLog } from './http.ts';
import { accountRoutes } from './routes/account.ts';
import { adminRoutes } from './routes/admin.ts';
import { fileRoutes } from './routes/files.ts';
import { miscRoutes } from './routes/misc.ts';
import { openIdRoutes } from './routes/openid.ts';
import { applyConfiguredOpenId } from './openid/configured.ts';
import { secretRoutes } from './routes/secret.ts';
import { syncRoutes } from './routes/sync.ts';
import { webRoutes } from './routes/web.ts';
import { systemLookup } from './bank/address-check.ts';
import {
  NO_SECRETS,
  callerScope,
  fileScopes,
  resolveScope,
  scopedSecrets,
} from './bank/secret-scope.ts';
import { simpleFinRoutes } from './simplefin/routes.ts';
import { SimpleFin } from './simplefin/service.ts';
import { openStorage } from './storage/open.ts';
import type { SecretStore } from './storage/storage.ts';

export interface CofferServer {
  app: FastifyInstance;
  config: ServerConfig;
  context: ServerContext;
  /** Starts listening; resolves to the base URL, e.g. `http://127.0.0.1:5006`. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Replaces `fetch` for calls to the bank-data provider. */
  fetch?: FetchLike;
  /** The scheduled bank sync's clock and tick (tests run it by hand, never by waiting). */
  now?: () => number;
  timer?: Timer;
}

/**
 * One server instance: it owns its databases, stores and HTTP app, so tests can run several
 * side by side. Nothing listens until `listen()`.
 */
export async function createServer(
  input: ConfigInput = {},
  options: ServerOptions = {},
): Promise<CofferServer> {
  const config = resolveConfig(input);
  const storage = await openStorage(config);
  const { accounts, groups, blobs } = storage;
  await applyConfiguredOpenId(accounts, config.openId, fetch, config.log);
  const provider = new ProviderClient(config.gocardlessBaseUrl, options.fetch ?? fetch);
  const bankIo = {
    fetch: options.fetch ?? fetch,
    timeoutMs: config.bankTimeoutMs,
    lookup: systemLookup,
  };
  const now = options.now ?? Date.now;
  const ebClient = new EnableBankingClient(config.enableBankingBaseUrl, bankIo);
  // The server's own secrets (users off, or an admin's), as Actual keeps them.
  const enableBanking = new EnableBanking(accounts, ebClient);
  const scheduledEb = new EnableBanking(accounts, ebClient, now);
  // Each scope's adapters: a basic user's requests and a file's scheduled runs read their own.
  const servicesFor = (secrets: SecretStore, clock: 'request' | 'schedule') => ({
    simplefin: new SimpleFin(secrets, bankIo, clock === 'schedule' ? now : Date.now),
    enableBanking: (clock === 'schedule' ? scheduledEb : enableBanking).withSecrets(secrets),
    gocardless: new GoCardless(secrets, provider),
  });
  const callerSecrets = async (request: FastifyRequest) => {
    const scope = callerScope(await callerOf(accounts, request));
    return scope ? scopedSecrets(accounts, scope) : NO_SECRETS;
  };
  const forRequest = async (request: FastifyRequest) =>
    servicesFor(await callerSecrets(request), 'request');
  const bankSchedule = new BankScheduler({
    store: storage.bankHold,
    services: (scope) => servicesFor(scopedSecrets(accounts, scope), 'schedule'),
    scopeFor: async (fileId, providerName) =>
      resolveScope(accounts, await fileScopes(accounts, fileId), providerName),
    now,
    timer: options.timer ?? realTimer,
    defaults: config.bankSchedule,
    log: config.log,
  });
  const context: ServerContext = {
    config,
    storage,
    accounts,
    groups,
    blobs,
    gocardless: new GoCardless(accounts, provider),
    simplefin: new SimpleFin(accounts, bankIo),
    enableBanking,
    bankSchedule,
  };

  const app = Fastify({
    logger: false,
    bodyLimit: limitBytes(config.limits.jsonMB),
    trustProxy: false,
    ...(config.https ? { https: { key: config.https.key, cert: config.https.cert } } : {}),
  }) as unknown as FastifyInstance;

  installErrorHandler(app, config.log);
  installRequestLog(app, config.log);
  await app.register(cors, { origin: '*' });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, ctx) => ({
      statusCode: 429,
      status: 'error',
      reason: 'too-many-requests',
      details: `retry in ${Math.ceil(ctx.ttl / 1000)} s`,
    }),
  });

  // The OpenID provider is reached with the real fetch: it is the admin's own, not a bank.
  await app.register(async (s) => accountRoutes(s, context, fetch), { prefix: '/account' });
  await app.register(async (s) => openIdRoutes(s, context, fetch), { prefix: '/openid' });
  await app.register(async (s) => adminRoutes(s, context), { prefix: '/admin' });
  await app.register(async (s) => syncRoutes(s, context), { prefix: '/sync' });
  await app.register(async (s) => fileRoutes(s, context), { prefix: '/sync' });
  await app.register(async (s) => secretRoutes(s, context), { prefix: '/secret' });
  const goCardlessFor = async (r: FastifyRequest) => (await forRequest(r)).gocardless;
  await app.register(async (s) => bankRoutes(s, context, goCardlessFor), {
    prefix: '/gocardless',
  });
  await app.register(async (s) => bankRoutes(s, context, goCardlessFor), {
    prefix: '/nordigen',
  });
  await app.register(
    async (s) => simpleFinRoutes(s, context, async (r) => (await forRequest(r)).simplefin),
    { prefix: '/simplefin' },
  );
  await app.register(
    async (s) =>
      enableBankingRoutes(
        s,
        context,
        enableBanking,
        async (r) => (await forRequest(r)).enableBanking,
      ),
    { prefix: '/enablebanking' },
  );
  await app.register(async (s) => bankScheduleRoutes(s, context, bankSchedule), {
    prefix: '/bank-schedule',
  });
  miscRoutes(app, context);
  await webRoutes(app, context);

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    bankSchedule.stop();
    // Long polls for a bank consent answer now instead of holding the close up.
    context.enableBanking.close();
    scheduledEb.close();
    // Node closes only the connections idle at the moment `close` starts; one whose response
    // is still flushing would then hold the server open for the whole keep-alive timeout.
    const closing = app.close();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 25);
    const deadline = setTimeout(() => app.server.closeAllConnections(), 10_000);
    try {
      await closing;
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
    }
    await storage.close();
  };

  return {
    app,
    config,
    context,
    async listen() {
      const address = await app.listen({ port: config.port, host: config.hostname });
      bankSchedule.start();
      return address;
    },
    close,
  };
}
