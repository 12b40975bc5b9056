/**
 * A stand-in for the GoCardless Bank Account Data API (v2), written from its public API
 * description: JWT-less bearer tokens, institutions, end-user agreements, requisitions, and
 * account metadata, details, balances and transactions. Listens on 127.0.0.1 only.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Balance, ProviderTransaction } from '../gocardless/normalize.ts';

export interface FakeAccount {
  id: string;
  institutionId: string;
  iban: string;
  name?: string;
  currency?: string;
  product?: string;
  balances: Balance[];
  booked: ProviderTransaction[];
  pending: ProviderTransaction[];
}

export interface FakeInstitution {
  id: string;
  name: string;
  countries: string[];
  transaction_total_days: string;
  max_access_valid_for_days: string;
  supported_features?: string[];
}

interface Requisition {
  id: string;
  created: string;
  redirect: string;
  status: string;
  institution_id: string;
  agreement: string;
  reference: string;
  accounts: string[];
  user_language: string;
  link: string;
}

export interface FakeProvider {
  /** Base URL including `/api/v2`, as the server is configured with. */
  url: string;
  secretId: string;
  secretKey: string;
  institutions: FakeInstitution[];
  accounts: Map<string, FakeAccount>;
  requisitions: Map<string, Requisition>;
  agreements: Map<string, Record<string, unknown>>;
  /** Method and path of every request, for assertions. */
  requests: string[];
  /** The user finished the bank's consent flow: the requisition becomes LN with these accounts. */
  link(requisitionId: string, accountIds: string[]): void;
  /** The next request whose path starts with `prefix` gets this status. */
  failNext(prefix: string, status: number): void;
  close(): Promise<void>;
}

function error(reply: FastifyReply, status: number, summary: string, detail: string) {
  return reply.code(status).send({ summary, detail, status_code: status });
}

export async function startFakeGoCardless(): Promise<FakeProvider> {
  const app = Fastify({ logger: false });
  const tokens = new Set<string>();
  const failures: { prefix: string; status: number }[] = [];
  const state = {
    secretId: 'fake-secret-id',
    secretKey: 'fake-secret-key',
    institutions: [
      {
        id: 'TESTBANK_TSTBGB2L',
        name: 'Test Bank',
        countries: ['GB'],
        transaction_total_days: '540',
        max_access_valid_for_days: '180',
        supported_features: ['account_selection'],
      },
      {
        id: 'OTHERBANK_OTHRDEFF',
        name: 'Other Bank',
        countries: ['DE'],
        transaction_total_days: '90',
        max_access_valid_for_days: '90',
      },
    ] as FakeInstitution[],
    accounts: new Map<string, FakeAccount>(),
    requisitions: new Map<string, Requisition>(),
    agreements: new Map<string, Record<string, unknown>>(),
    requests: [] as string[],
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    state.requests.push(`${request.method} ${request.url}`);
    const path = request.url.replace(/^\/api\/v2/, '');
    const i = failures.findIndex((f) => path.startsWith(f.prefix));
    if (i !== -1) {
      const [failure] = failures.splice(i, 1);
      return error(reply, failure!.status, 'Injected failure', `status ${failure!.status}`);
    }
    if (path.startsWith('/token/')) return;
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
      return error(reply, 401, 'Invalid token', 'Token is invalid or expired');
    }
  });

  app.post<{ Body: { secret_id?: string; secret_key?: string } }>(
    '/api/v2/token/new/',
    async (request, reply) => {
      if (
        request.body?.secret_id !== state.secretId ||
        request.body?.secret_key !== state.secretKey
      ) {
        return error(
          reply,
          401,
          'Authentication failed',
          'No active account found with the given credentials',
        );
      }
      const access = randomUUID();
      tokens.add(access);
      return { access, access_expires: 86400, refresh: randomUUID(), refresh_expires: 2592000 };
    },
  );

  app.get<{ Querystring: { country?: string } }>('/api/v2/institutions/', async (request) => {
    const country = (request.query.country ?? '').toUpperCase();
    return state.institutions.filter((i) => !country || i.countries.includes(country));
  });

  app.get<{ Params: { id: string } }>('/api/v2/institutions/:id/', async (request, reply) => {
    const inst = state.institutions.find((i) => i.id === request.params.id);
    return inst ?? error(reply, 404, 'Not found.', 'Not found.');
  });

  app.post<{ Body: Record<string, unknown> }>(
    '/api/v2/agreements/enduser/',
    async (request, reply) => {
      const body = request.body ?? {};
      if (!state.institutions.some((i) => i.id === body.institution_id)) {
        return error(reply, 400, 'Invalid institution', 'Unknown institution_id');
      }
      const agreement = {
        id: randomUUID(),
        created: new Date().toISOString(),
        accepted: null,
        ...body,
      };
      state.agreements.set(agreement.id, agreement);
      return reply.code(201).send(agreement);
    },
  );

  app.post<{ Body: Record<string, string> }>('/api/v2/requisitions/', async (request, reply) => {
    const body = request.body ?? {};
    if (!body.redirect || !body.institution_id) {
      return error(reply, 400, 'Invalid request', 'redirect and institution_id are required');
    }
    const id = randomUUID();
    const requisition: Requisition = {
      id,
      created: new Date().toISOString(),
      redirect: body.redirect,
      status: 'CR',
      institution_id: body.institution_id,
      agreement: body.agreement ?? '',
      reference: body.reference ?? id,
      accounts: [],
      user_language: body.user_language ?? 'EN',
      link: `https://ob.fake-gocardless.example/psd2/start/${id}/${body.institution_id}`,
    };
    state.requisitions.set(id, requisition);
    return reply.code(201).send(requisition);
  });

  app.get<{ Params: { id: string } }>('/api/v2/requisitions/:id/', async (request, reply) => {
    const req = state.requisitions.get(request.params.id);
    return req ?? error(reply, 404, 'Not found.', 'Not found.');
  });

  app.delete<{ Params: { id: string } }>('/api/v2/requisitions/:id/', async (request, reply) => {
    if (!state.requisitions.delete(request.params.id))
      return error(reply, 404, 'Not found.', 'Not found.');
    return {
      summary: 'Requisition deleted',
      detail: `Requisition ${request.params.id} deleted with all its End User Agreements`,
    };
  });

  const account = (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const acct = state.accounts.get(request.params.id);
    if (!acct) error(reply, 404, 'Not found.', 'Account not found');
    return acct;
  };

  app.get<{ Params: { id: string } }>('/api/v2/accounts/:id/', async (request, reply) => {
    const a = account(request, reply);
    if (!a) return reply;
    return {
      id: a.id,
      created: '2024-01-01T00:00:00Z',
      last_accessed: new Date().toISOString(),
      iban: a.iban,
      institution_id: a.institutionId,
      status: 'READY',
      owner_name: 'Jane Doe',
    };
  });

  app.get<{ Params: { id: string } }>('/api/v2/accounts/:id/details/', async (request, reply) => {
    const a = account(request, reply);
    if (!a) return reply;
    return {
      account: {
        resourceId: a.id,
        iban: a.iban,
        currency: a.currency ?? 'GBP',
        ownerName: 'Jane Doe',
        name: a.name,
        product: a.product,
        cashAccountType: 'CACC',
      },
    };
  });

  app.get<{ Params: { id: string } }>('/api/v2/accounts/:id/balances/', async (request, reply) => {
    const a = account(request, reply);
    if (!a) return reply;
    return { balances: a.balances };
  });

  app.get<{ Params: { id: string }; Querystring: { date_from?: string; date_to?: string } }>(
    '/api/v2/accounts/:id/transactions/',
    async (request, reply) => {
      const a = account(request, reply);
      if (!a) return reply;
      const { date_from: from, date_to: to } = request.query;
      const inRange = (t: ProviderTransaction) => {
        const d = t.bookingDate ?? t.valueDate ?? '';
        return (!from || d >= from) && (!to || d <= to);
      };
      return { transactions: { booked: a.booked.filter(inRange), pending: a.pending } };
    },
  );

  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${base}/api/v2`,
    ...state,
    link(requisitionId, accountIds) {
      const req = state.requisitions.get(requisitionId);
      if (!req) throw new Error(`no requisition ${requisitionId}`);
      req.status = 'LN';
      req.accounts = accountIds;
    },
    failNext(prefix, status) {
      failures.push({ prefix, status });
    },
    close: () => app.close(),
  };
}
