/**
 * A stand-in for a SimpleFIN Bridge, written from the public SimpleFIN protocol: a setup token is
 * the base64 of a claim URL; POSTing to it once returns the access URL (with basic-auth
 * credentials); `GET {access}/accounts` answers an account set with `start-date`, `end-date`,
 * `pending`, `account` and `balances-only` parameters and an `errors` array. Listens on
 * 127.0.0.1 only.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export interface FakeSimpleFinTransaction {
  id: string;
  /** Epoch seconds; 0 while pending, as the protocol allows. */
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending?: boolean;
}

export interface FakeSimpleFinAccount {
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance'?: string;
  'balance-date': number;
  org: { domain?: string; name: string; 'sfin-url': string; url?: string; id?: string };
  transactions: FakeSimpleFinTransaction[];
}

/** What the next `/accounts` request gets instead of its answer. */
export type SimpleFinFailure = number | 'malformed' | 'hang';

export interface FakeSimpleFin {
  url: string;
  username: string;
  password: string;
  /** The access URL a successful claim returns (it holds the credentials). */
  accessUrl: string;
  accounts: FakeSimpleFinAccount[];
  /** The account set's `errors` (messages for the user, e.g. a connection needing attention). */
  errors: string[];
  /** Method and URL of every request, for assertions. */
  requests: string[];
  /** A new, unclaimed setup token. */
  setupToken(): string;
  failNext(failure: SimpleFinFailure): void;
  close(): Promise<void>;
}

function inRange(t: FakeSimpleFinTransaction, start: number | null, end: number | null): boolean {
  const when = t.posted || t.transacted_at || 0;
  return (start === null || when >= start) && (end === null || when < end);
}

function numberParam(value: unknown): number | null {
  const n = typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

export async function startFakeSimpleFin(): Promise<FakeSimpleFin> {
  const app = Fastify({ logger: false });
  const unclaimed = new Set<string>();
  const failures: SimpleFinFailure[] = [];
  const hanging: FastifyReply[] = [];
  const state = {
    username: 'sfin-user-7f3a',
    password: 'sfin-pass-c91e4b2d',
    accounts: [] as FakeSimpleFinAccount[],
    errors: [] as string[],
    requests: [] as string[],
  };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    state.requests.push(`${request.method} ${request.url}`);
  });

  // A claim URL is good once: the bridge answers 403 to every later claim.
  app.post<{ Params: { id: string } }>('/claim/:id', async (request, reply) => {
    if (!unclaimed.delete(request.params.id)) {
      return reply.code(403).type('text/plain').send('Forbidden');
    }
    return reply.type('text/plain').send(accessUrl);
  });

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    '/simplefin/accounts',
    async (request, reply) => {
      const expected = `Basic ${Buffer.from(`${state.username}:${state.password}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return reply.code(403).type('text/plain').send('Forbidden');
      }
      const failure = failures.shift();
      if (failure === 'hang') {
        hanging.push(reply);
        return reply;
      }
      if (failure === 'malformed') return reply.type('application/json').send('{"accounts": [');
      if (typeof failure === 'number') {
        return reply.code(failure).type('text/plain').send(`Error ${failure}`);
      }
      const q = request.query;
      const start = numberParam(q['start-date']);
      const end = numberParam(q['end-date']);
      const withPending = q.pending === '1';
      const balancesOnly = q['balances-only'] === '1';
      const wanted = q.account === undefined ? null : [q.account].flat();
      const accounts = state.accounts
        .filter((a) => wanted === null || wanted.includes(a.id))
        .map(({ transactions, ...account }) =>
          balancesOnly
            ? account
            : {
                ...account,
                transactions: transactions.filter(
                  (t) => inRange(t, start, end) && (withPending || !(t.pending ?? t.posted === 0)),
                ),
              },
        );
      return { errors: state.errors, accounts };
    },
  );

  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const accessUrl = base.replace('://', `://${state.username}:${state.password}@`) + '/simplefin';
  // The state object itself, so a test's `fake.password = ...` (a revoked access) reaches the routes.
  return Object.assign(state, {
    url: base,
    accessUrl,
    setupToken() {
      const id = randomUUID();
      unclaimed.add(id);
      return Buffer.from(`${base}/claim/${id}`).toString('base64');
    },
    failNext(failure) {
      failures.push(failure);
    },
    async close() {
      for (const reply of hanging) reply.raw.destroy();
      await app.close();
    },
  } satisfies Partial<FakeSimpleFin>);
}
