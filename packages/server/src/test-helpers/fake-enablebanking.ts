/**
 * A stand-in for Enable Banking's API, written from its public description. Every request needs
 * a JWT signed (RS256) with the application's private key, `kid` = the application id, issuer
 * `enablebanking.com`, audience `api.enablebanking.com`, not expired; the fake checks all of it
 * with the public key. Routes: `/application`, `/aspsps`, `/auth` (the consent page is
 * `/consent/{id}`), `/sessions`, `/accounts/{id}/balances`, `/accounts/{id}/transactions` with
 * continuation keys. Listens on 127.0.0.1 only.
 */
import { generateKeyPairSync, randomUUID, verify, type KeyObject } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export interface FakeEbTransaction {
  entry_reference?: string;
  transaction_id?: string;
  transaction_amount: { currency: string; amount: string };
  credit_debit_indicator: 'CRDT' | 'DBIT';
  status: 'BOOK' | 'PDNG';
  booking_date?: string;
  value_date?: string;
  transaction_date?: string;
  creditor?: { name: string };
  debtor?: { name: string };
  remittance_information?: string[];
}

export interface FakeEbBalance {
  name: string;
  balance_amount: { currency: string; amount: string };
  balance_type: string;
  reference_date?: string;
}

export interface FakeEbAccount {
  uid: string;
  account_id: { iban: string };
  name?: string;
  currency: string;
  cash_account_type: string;
  balances: FakeEbBalance[];
  transactions: FakeEbTransaction[];
}

export interface FakeAspsp {
  name: string;
  country: string;
  logo: string;
  psu_types: string[];
  maximum_consent_validity: number;
  bic?: string;
  beta: boolean;
}

interface Authorization {
  id: string;
  aspsp: { name: string; country: string };
  redirectUrl: string;
  state: string;
  validUntil: string;
  psuType: string;
}

interface Session {
  session_id: string;
  accounts: string[];
  aspsp: { name: string; country: string };
  psu_type: string;
  access: { valid_until: string };
  status: 'AUTHORIZED' | 'EXPIRED';
}

export type EbFailure = number | 'malformed' | 'hang';

export interface FakeEnableBanking {
  url: string;
  applicationId: string;
  /** The application's private key (PKCS#8 PEM), as the user downloads it. */
  privateKeyPem: string;
  aspsps: FakeAspsp[];
  accounts: Map<string, FakeEbAccount>;
  sessions: Map<string, Session>;
  authorizations: Map<string, Authorization>;
  /** The accounts a consent at `/consent/{id}` grants when nobody says which. */
  defaultAccounts: string[];
  /** Transactions per page of `/accounts/{id}/transactions`. */
  pageSize: number;
  requests: string[];
  /** The person consents at the bank: the redirect URL (with `code` and `state`) to follow. */
  consent(authUrl: string, accountUids?: string[]): string;
  /** The session's consent runs out: its accounts answer 401 from now on. */
  expire(sessionId: string): void;
  /** The next request whose path starts with `prefix` gets this instead of its answer. */
  failNext(prefix: string, failure: EbFailure): void;
  close(): Promise<void>;
}

function ebError(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).send({ code: status, error, message, detail: null });
}

/** The JWT's claims when it is signed by `publicKey` for this application, else a reason. */
function checkJwt(auth: string | undefined, appId: string, publicKey: KeyObject): string | null {
  const match = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(auth ?? '');
  if (!match) return 'Missing or malformed authorization header';
  const [, h, p, s] = match as unknown as [string, string, string, string];
  let header: Record<string, unknown>;
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return 'Malformed JWT';
  }
  if (header.alg !== 'RS256') return 'JWT must be signed with RS256';
  if (header.kid !== appId) return 'Unknown application';
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${h}.${p}`),
    publicKey,
    Buffer.from(s, 'base64url'),
  );
  if (!signed) return 'JWT signature is not valid';
  if (payload.iss !== 'enablebanking.com') return 'JWT issuer is not valid';
  if (payload.aud !== 'api.enablebanking.com') return 'JWT audience is not valid';
  const now = Date.now() / 1000;
  if (typeof payload.exp !== 'number' || payload.exp < now) return 'JWT expired';
  if (typeof payload.iat !== 'number' || payload.iat > now + 60) return 'JWT issued in the future';
  return null;
}

const DEFAULT_ASPSPS: FakeAspsp[] = [
  {
    name: 'Nordea',
    country: 'FI',
    logo: 'https://enablebanking.com/brands/FI/Nordea/',
    psu_types: ['personal', 'business'],
    maximum_consent_validity: 15552000,
    bic: 'NDEAFIHH',
    beta: false,
  },
  {
    name: 'Mock ASPSP',
    country: 'FI',
    logo: 'https://enablebanking.com/brands/FI/Mock%20ASPSP/',
    psu_types: ['personal'],
    maximum_consent_validity: 7776000,
    beta: true,
  },
  {
    name: 'Deutsche Bank',
    country: 'DE',
    logo: 'https://enablebanking.com/brands/DE/Deutsche%20Bank/',
    psu_types: ['personal'],
    maximum_consent_validity: 7776000,
    bic: 'DEUTDEFF',
    beta: false,
  },
];

export async function startFakeEnableBanking(): Promise<FakeEnableBanking> {
  const app = Fastify({ logger: false });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const applicationId = 'c0ffee00-eb00-4000-8000-000000000001';
  const failures: { prefix: string; failure: EbFailure }[] = [];
  const hanging: FastifyReply[] = [];
  const codes = new Map<string, { auth: Authorization; accounts: string[] }>();
  let counter = 0;
  const state = {
    applicationId,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    aspsps: DEFAULT_ASPSPS.map((a) => ({ ...a })),
    accounts: new Map<string, FakeEbAccount>(),
    sessions: new Map<string, Session>(),
    authorizations: new Map<string, Authorization>(),
    defaultAccounts: [] as string[],
    pageSize: 2,
    requests: [] as string[],
  };
  const nextId = (prefix: string) => `${prefix}-${String(++counter).padStart(4, '0')}`;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    state.requests.push(`${request.method} ${request.url}`);
    if (request.url.startsWith('/consent/')) return;
    const i = failures.findIndex((f) => request.url.startsWith(f.prefix));
    if (i !== -1) {
      const failure = failures.splice(i, 1)[0]!.failure;
      if (failure === 'hang') {
        hanging.push(reply);
        return reply;
      }
      if (failure === 'malformed') return reply.type('application/json').send('{"transactions": [');
      return ebError(reply, failure, 'INJECTED', `Injected failure ${failure}`);
    }
    const problem = checkJwt(request.headers.authorization, applicationId, publicKey);
    if (problem) return ebError(reply, 401, 'UNAUTHORIZED', problem);
  });

  app.get('/application', async () => ({
    name: 'Coffer test application',
    description: null,
    kid: applicationId,
    environment: 'SANDBOX',
    redirect_urls: [],
    active: true,
    countries: ['FI', 'DE'],
    services: ['AIS'],
  }));

  app.get<{ Querystring: { country?: string } }>('/aspsps', async (request) => {
    const country = request.query.country?.toUpperCase();
    return { aspsps: state.aspsps.filter((a) => !country || a.country === country) };
  });

  app.post<{ Body: Record<string, unknown> }>('/auth', async (request, reply) => {
    const body = request.body ?? {};
    const aspsp = body.aspsp as { name?: string; country?: string } | undefined;
    const known = state.aspsps.find((a) => a.name === aspsp?.name && a.country === aspsp?.country);
    if (!known) return ebError(reply, 422, 'ASPSP_NOT_FOUND', 'ASPSP not found');
    const access = body.access as { valid_until?: string } | undefined;
    if (
      typeof body.redirect_url !== 'string' ||
      typeof body.state !== 'string' ||
      !access?.valid_until
    ) {
      return ebError(
        reply,
        422,
        'WRONG_REQUEST_PARAMETERS',
        'redirect_url, state and access are required',
      );
    }
    const auth: Authorization = {
      id: randomUUID(),
      aspsp: { name: known.name, country: known.country },
      redirectUrl: body.redirect_url,
      state: body.state,
      validUntil: access.valid_until,
      psuType: typeof body.psu_type === 'string' ? body.psu_type : 'personal',
    };
    state.authorizations.set(auth.id, auth);
    const url = `${base}/consent/${auth.id}`;
    return { url, authorization_id: auth.id, psu_id_hash: nextId('psu') };
  });

  const consent = (authUrl: string, accountUids?: string[]): string => {
    const auth = state.authorizations.get(authUrl.split('/').pop() ?? '');
    if (!auth) throw new Error(`no authorization behind ${authUrl}`);
    const code = nextId('code');
    codes.set(code, { auth, accounts: accountUids ?? state.defaultAccounts });
    const target = new URL(auth.redirectUrl);
    target.searchParams.set('state', auth.state);
    target.searchParams.set('code', code);
    return target.toString();
  };

  // The bank's consent page, for browser tests: consenting at once, to the default accounts.
  app.get<{ Params: { id: string } }>('/consent/:id', async (request, reply) =>
    reply.redirect(consent(`${base}/consent/${request.params.id}`)),
  );

  app.post<{ Body: { code?: unknown } }>('/sessions', async (request, reply) => {
    const code = typeof request.body?.code === 'string' ? request.body.code : '';
    const granted = codes.get(code);
    if (!granted)
      return ebError(reply, 422, 'WRONG_AUTHORIZATION_CODE', 'Authorization code is not valid');
    codes.delete(code);
    const session: Session = {
      session_id: nextId('session'),
      accounts: granted.accounts,
      aspsp: granted.auth.aspsp,
      psu_type: granted.auth.psuType,
      access: { valid_until: granted.auth.validUntil },
      status: 'AUTHORIZED',
    };
    state.sessions.set(session.session_id, session);
    const accounts = granted.accounts.map((uid) => {
      const { balances: _b, transactions: _t, ...account } = state.accounts.get(uid)!;
      return account;
    });
    return { ...session, accounts };
  });

  app.get<{ Params: { id: string } }>('/sessions/:id', async (request, reply) => {
    const session = state.sessions.get(request.params.id);
    return session ?? ebError(reply, 404, 'SESSION_DOES_NOT_EXIST', 'Session not found');
  });

  /** The account, when a live session covers it; otherwise the reply is sent. */
  const account = (uid: string, reply: FastifyReply): FakeEbAccount | null => {
    const a = state.accounts.get(uid);
    const sessions = [...state.sessions.values()].filter((s) => s.accounts.includes(uid));
    if (!a || sessions.length === 0) {
      ebError(reply, 404, 'ACCOUNT_DOES_NOT_EXIST', 'Account not found');
      return null;
    }
    const live = sessions.some(
      (s) => s.status === 'AUTHORIZED' && Date.parse(s.access.valid_until) > Date.now(),
    );
    if (!live) {
      ebError(reply, 401, 'EXPIRED_SESSION', 'Session expired');
      return null;
    }
    return a;
  };

  app.get<{ Params: { id: string } }>('/accounts/:id/balances', async (request, reply) => {
    const a = account(request.params.id, reply);
    return a ? { balances: a.balances } : reply;
  });

  app.get<{
    Params: { id: string };
    Querystring: { date_from?: string; date_to?: string; continuation_key?: string };
  }>('/accounts/:id/transactions', async (request, reply) => {
    const a = account(request.params.id, reply);
    if (!a) return reply;
    const { date_from: from, date_to: to, continuation_key: key } = request.query;
    const rows = a.transactions.filter((t) => {
      const d = t.booking_date ?? t.value_date ?? t.transaction_date ?? '';
      return (!from || d >= from) && (!to || d <= to);
    });
    const offset = key ? Number(Buffer.from(key, 'base64url').toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0) {
      return ebError(reply, 422, 'WRONG_CONTINUATION_KEY', 'Continuation key is not valid');
    }
    const next = offset + state.pageSize;
    return {
      transactions: rows.slice(offset, next),
      continuation_key: next < rows.length ? Buffer.from(String(next)).toString('base64url') : null,
    };
  });

  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // The state object itself, so a test's `fake.pageSize = 3` reaches the routes.
  return Object.assign(state, {
    url: base,
    consent,
    expire(sessionId) {
      const s = state.sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.status = 'EXPIRED';
    },
    failNext(prefix, failure) {
      failures.push({ prefix, failure });
    },
    async close() {
      for (const reply of hanging) reply.raw.destroy();
      await app.close();
    },
  } satisfies Partial<FakeEnableBanking>);
}
