// The four sides of the bank bench, each run in its own process on its own copy of the budget:
// a first SimpleFIN sync of the bank's accounts (Coffer's core in process against Coffer's
// server; Actual 26.9's api against its own server), and the same rows through a file (OFX,
// parsed and imported through each app's import path). Each answers one JSON object.
import { createAppCore, createCloudModule, isHandlerError } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startActualServer } from '../../packages/server/src/interop/targets.ts';
import { createServer } from '../../packages/server/src/server.ts';
import { startFakeSimpleFin } from '../../packages/server/src/test-helpers/fake-simplefin.ts';
import { bankAccounts, ofxOf, type BankAccount } from './scenario.ts';

const PASSWORD = 'bench password';
const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

export interface SideOptions {
  dataDir: string;
  budgetId: string;
  accounts: number;
  perAccount: number;
}

export interface SideResult {
  side: string;
  /** From the first request of the sync (or the first file parsed) until every row is in. */
  ms: number;
  cpuMs: number;
  /** Rows of the bank's accounts in the budget afterwards (starting balances left out). */
  rows: number;
  each: number[];
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

async function fakeBridge(accounts: BankAccount[]) {
  const bridge = await startFakeSimpleFin();
  bridge.accounts.push(...accounts);
  return bridge;
}

const linkArgs = (a: BankAccount) => ({
  externalAccount: {
    account_id: a.id,
    name: a.name,
    institution: a.org.name,
    orgDomain: a.org.domain ?? null,
    orgId: a.org.id ?? null,
  },
  upgradingId: null,
});

function cofferCore(dataDir: string) {
  const platform = createNodePlatform({ documentDir: dataDir, log: quiet });
  const core = createAppCore({ platform, documentDir: dataDir });
  const cloud = createCloudModule({ syncDelayMs: 3_600_000 });
  core.register(cloud.module);
  const must = async <T>(name: string, args?: unknown): Promise<T> => {
    const res = await core.sendUnknown(name, args);
    if (isHandlerError(res)) throw new Error(`${name} failed: ${JSON.stringify(res)}`);
    return res as T;
  };
  const count = (ids: string[]) =>
    ids.map(
      (id) =>
        core.budget!.sqlite.first<{ n: number }>(
          'SELECT COUNT(*) AS n FROM transactions WHERE acct = ? AND tombstone = 0 AND starting_balance_flag = 0 AND isParent = 0',
          [id],
        )!.n,
    );
  return { core, must, count };
}

async function cofferServer(dataDir: string) {
  const server = await createServer({
    port: 0,
    hostname: '127.0.0.1',
    dataDir: join(dataDir, 'server'),
    webRoot: join(dataDir, 'no-web'),
    log: () => undefined,
  });
  return { url: await server.listen(), stop: () => server.close() };
}

/** Coffer: link each bank account to a new account (which runs its first sync). */
export async function cofferBank(o: SideOptions): Promise<SideResult> {
  const accounts = bankAccounts(o.accounts, o.perAccount);
  const bridge = await fakeBridge(accounts);
  const server = await cofferServer(o.dataDir);
  const { url } = server;
  const { core, must, count } = cofferCore(o.dataDir);
  await must('set-server-url', { url });
  await must('subscribe-bootstrap', { password: PASSWORD });
  await must('load-budget', { id: o.budgetId });
  await must('secret-set', { name: 'simplefin_token', value: bridge.setupToken() });
  await must('simplefin-accounts');
  const cpu = process.cpuUsage();
  const t = performance.now();
  const each: number[] = [];
  for (const a of accounts) {
    const t1 = performance.now();
    await must('simplefin-accounts-link', linkArgs(a));
    each.push(Math.round(performance.now() - t1));
  }
  const ms = performance.now() - t;
  const used = cpuMs(cpu);
  const ids = accounts.map(
    (a) =>
      core.budget!.sqlite.first<{ id: string }>(
        'SELECT id FROM accounts WHERE account_id = ? AND tombstone = 0',
        [a.id],
      )!.id,
  );
  const rows = count(ids).reduce((s, n) => s + n, 0);
  await must('close-budget');
  await server.stop();
  await bridge.close();
  return { side: 'coffer-bank', ms: Math.round(ms), cpuMs: Math.round(used), rows, each };
}

/** Coffer: the same rows as one OFX file per account, parsed and imported into new accounts. */
export async function cofferFile(o: SideOptions): Promise<SideResult> {
  const accounts = bankAccounts(o.accounts, o.perAccount);
  const files = accounts.map((a, i) => {
    const path = join(o.dataDir, `bank-${i}.ofx`);
    writeFileSync(path, ofxOf(a));
    return path;
  });
  const { must, count } = cofferCore(o.dataDir);
  await must('load-budget', { id: o.budgetId });
  const ids: string[] = [];
  for (const a of accounts) ids.push(await must<string>('account-create', { name: a.name }));
  const cpu = process.cpuUsage();
  const t = performance.now();
  const each: number[] = [];
  for (const [i, path] of files.entries()) {
    const t1 = performance.now();
    const parsed = await must<{ transactions: ParsedRow[] }>('transactions-parse-file', {
      filepath: path,
      options: {},
    });
    await must('transactions-import', { accountId: ids[i], transactions: toImport(parsed) });
    each.push(Math.round(performance.now() - t1));
  }
  const ms = performance.now() - t;
  const used = cpuMs(cpu);
  const rows = count(ids).reduce((s, n) => s + n, 0);
  await must('close-budget');
  return { side: 'coffer-file', ms: Math.round(ms), cpuMs: Math.round(used), rows, each };
}

interface ParsedRow {
  amount: number;
  date: string;
  payee_name?: string;
  imported_payee?: string;
  notes?: string;
  imported_id?: string;
}

/** What the import modal hands on for an OFX file: amounts in cents, the bank's ids. */
function toImport(parsed: { transactions: ParsedRow[] }) {
  return parsed.transactions.map((t) => ({
    date: t.date,
    amount: Math.round(t.amount * 100),
    payee_name: t.payee_name,
    imported_payee: t.imported_payee,
    notes: t.notes,
    imported_id: t.imported_id,
  }));
}

interface ActualApi {
  init(o: { dataDir: string; serverURL?: string; password?: string }): Promise<unknown>;
  loadBudget(id: string): Promise<void>;
  shutdown(): Promise<void>;
  createAccount(a: { name: string }, balance: number): Promise<string>;
  runQuery(q: unknown): Promise<{ data: unknown }>;
  q(table: string): { filter(f: unknown): { calculate(c: unknown): unknown } };
  internal: { send(name: string, args?: unknown): Promise<unknown> };
}

function actualApi(): ActualApi {
  const print = console.log;
  console.log = () => undefined;
  console.info = () => undefined;
  console.warn = () => undefined;
  void print;
  return createRequire(import.meta.url)('actual-api-26') as ActualApi;
}

async function actualCount(api: ActualApi, ids: string[]) {
  const out: number[] = [];
  for (const id of ids) {
    const { data } = await api.runQuery(
      api
        .q('transactions')
        .filter({ account: id, starting_balance_flag: false })
        .calculate({ $count: '$id' }),
    );
    out.push(Number(data));
  }
  return out;
}

async function actualSend(api: ActualApi, name: string, args?: unknown) {
  const res = (await api.internal.send(name, args)) as { error?: unknown } | undefined;
  if (res && typeof res === 'object' && 'error' in res && res.error) {
    throw new Error(`${name} failed: ${JSON.stringify(res.error)}`);
  }
  return res;
}

/**
 * `fetch` with a new connection for each request to `base`. Actual's api blocks its event loop
 * for seconds on a 100k budget; a kept-alive socket the server closed meanwhile is then reused
 * for a POST, which fails as "other side closed" (Actual reports a timeout). Not what is timed.
 */
function freshConnections(base: string, original: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(base)) return original(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = init?.body;
    return new Promise<Response>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: init?.method ?? 'GET',
          headers: { ...headers, connection: 'close' },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (typeof v === 'string') h.set(k, v);
            }
            resolve(
              new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: h }),
            );
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (typeof body === 'string' || body instanceof Uint8Array) req.end(body);
      else if (body instanceof ArrayBuffer) req.end(new Uint8Array(body));
      else req.end();
    });
  };
}

/** Actual 26.9: its own server pointed at the same fake bridge, its own link (and sync). */
export async function actualBank(o: SideOptions): Promise<SideResult> {
  const accounts = bankAccounts(o.accounts, o.perAccount);
  const bridge = await fakeBridge(accounts);
  // BENCH_ACTUAL_URL: a sync-server 26.9 already running (to read its log), not yet
  // bootstrapped. BENCH_ACTUAL_SERVER=coffer: Actual's api against Coffer's server.
  const given = process.env.BENCH_ACTUAL_URL;
  const server = given
    ? { url: given, stop: async () => undefined }
    : process.env.BENCH_ACTUAL_SERVER === 'coffer'
      ? await cofferServer(o.dataDir)
      : await startActualServer({}, 'actual-sync-server-26');
  const boot = await fetch(`${server.url}/account/bootstrap`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!boot.ok) throw new Error(`bootstrap failed: ${boot.status}`);
  globalThis.fetch = freshConnections(server.url, globalThis.fetch);
  const api = actualApi();
  try {
    await api.init({ dataDir: o.dataDir, serverURL: server.url, password: PASSWORD });
    await api.loadBudget(o.budgetId);
    await actualSend(api, 'secret-set', { name: 'simplefin_token', value: bridge.setupToken() });
    await actualSend(api, 'simplefin-accounts');
    const before = new Set(
      ((await actualSend(api, 'accounts-get')) as { id: string }[]).map((a) => a.id),
    );
    const cpu = process.cpuUsage();
    const t = performance.now();
    const each: number[] = [];
    for (const a of accounts) {
      const t1 = performance.now();
      await actualSend(api, 'simplefin-accounts-link', linkArgs(a));
      each.push(Math.round(performance.now() - t1));
    }
    const ms = performance.now() - t;
    const used = cpuMs(cpu);
    const ids = ((await actualSend(api, 'accounts-get')) as { id: string }[])
      .map((a) => a.id)
      .filter((id) => !before.has(id));
    const rows = (await actualCount(api, ids)).reduce((s, n) => s + n, 0);
    return { side: 'actual-bank', ms: Math.round(ms), cpuMs: Math.round(used), rows, each };
  } finally {
    await api.shutdown();
    await server.stop();
    await bridge.close();
  }
}

/** Actual 26.9: the same OFX files through its own parse and import handlers. */
export async function actualFile(o: SideOptions): Promise<SideResult> {
  const accounts = bankAccounts(o.accounts, o.perAccount);
  const files = accounts.map((a, i) => {
    const path = join(o.dataDir, `bank-${i}.ofx`);
    writeFileSync(path, ofxOf(a));
    return path;
  });
  const api = actualApi();
  try {
    await api.init({ dataDir: o.dataDir });
    await api.loadBudget(o.budgetId);
    const ids: string[] = [];
    for (const a of accounts) ids.push(await api.createAccount({ name: a.name }, 0));
    const cpu = process.cpuUsage();
    const t = performance.now();
    const each: number[] = [];
    for (const [i, path] of files.entries()) {
      const t1 = performance.now();
      const parsed = (await actualSend(api, 'transactions-parse-file', {
        filepath: path,
        options: {},
      })) as { transactions: ParsedRow[] };
      await actualSend(api, 'transactions-import', {
        accountId: ids[i],
        transactions: toImport(parsed),
        isPreview: false,
      });
      each.push(Math.round(performance.now() - t1));
    }
    const ms = performance.now() - t;
    const used = cpuMs(cpu);
    const rows = (await actualCount(api, ids)).reduce((s, n) => s + n, 0);
    return { side: 'actual-file', ms: Math.round(ms), cpuMs: Math.round(used), rows, each };
  } finally {
    await api.shutdown();
  }
}
