/**
 * A bank link shared with today's Actual: a Coffer client links a SimpleFIN account through
 * this server (the fake bridge behind it) and syncs the budget; Actual 26.9's api
 * (`actual-api-26`, in its own process) downloads it from the same server and finds the link
 * and the sync state where it keeps them (`account_sync_source`, `last_sync`,
 * `bank_sync_status`, uncleared pending rows, `raw_synced_data`, the bank ids), runs its own
 * bank sync through the same server without importing anything twice, and syncs back. Then the
 * pending row posts under another id and amount: Coffer replaces it, and Actual sees one row.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BankClient, PASSWORD, startBankClient } from '../test-helpers/bank-client.ts';
import { type FakeSimpleFin, startFakeSimpleFin } from '../test-helpers/fake-simplefin.ts';

const RUNNER = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../api/src/test-helpers/actual-current-runner.mjs',
);

interface ActualAccount {
  id: string;
  name: string;
  account_id: string;
  account_sync_source: string | null;
  last_sync: string | null;
  bank_sync_status: string | null;
}

interface ActualTx {
  id: string;
  amount: number;
  date: number;
  financial_id: string | null;
  cleared: number;
  raw_synced_data: string | null;
  starting_balance_flag: number;
}

interface ActualOut {
  accounts?: ActualAccount[];
  transactions?: ActualTx[];
  bankSyncError?: string | null;
}

let c: BankClient;
let bridge: FakeSimpleFin;
let dirs: string[] = [];

/** Today, as both clients see it: Actual's clock is the real one. */
const NOW = Date.now();
const daysAgo = (n: number) => Math.floor((NOW - n * 86_400_000) / 1000);

beforeEach(async () => {
  bridge = await startFakeSimpleFin();
  bridge.accounts.push({
    id: 'ACT-checking',
    name: 'Everyday Checking',
    currency: 'USD',
    balance: '1442.40',
    'balance-date': daysAgo(0),
    org: { domain: 'mybank.example', name: 'My Bank', 'sfin-url': 'https://sfin.mybank.example/' },
    transactions: [
      {
        id: 'TRN-coffee',
        posted: daysAgo(9),
        amount: '-12.50',
        description: 'COFFEE',
        payee: 'Coffee Shop',
      },
      {
        id: 'TRN-pay',
        posted: daysAgo(6),
        amount: '2500.00',
        description: 'ACME PAYROLL',
        payee: 'Acme',
      },
      {
        id: 'TRN-gas',
        posted: 0,
        transacted_at: daysAgo(2),
        amount: '-45.10',
        description: 'GAS STATION 44',
        payee: 'Gas Station',
        pending: true,
      },
    ],
  });
  c = await startBankClient({}, { start: NOW });
  await c.must('secret-set', { name: 'simplefin_token', value: bridge.setupToken() });
});

afterEach(async () => {
  await c.close();
  await bridge.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/**
 * One session of today's Actual api, in its own process (its state is global). Asynchronous:
 * the Coffer server it talks to runs in this process and must keep answering meanwhile.
 */
async function runActual(steps: unknown[], dataDir: string): Promise<ActualOut> {
  const work = mkdtempSync(join(tmpdir(), 'coffer-bank-actual-job-'));
  dirs.push(work);
  const jobFile = join(work, 'job.json');
  const outFile = join(work, 'out.json');
  writeFileSync(
    jobFile,
    JSON.stringify({ dataDir, serverURL: c.server.url, password: PASSWORD, steps }),
  );
  // Under vitest's NODE_ENV=test the api opens every budget with syncing disabled.
  const child = spawn(process.execPath, [RUNNER, jobFile, outFile], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`Actual's api failed (${code}): ${stderr}`);
  return JSON.parse(readFileSync(outFile, 'utf8')) as ActualOut;
}

const bankRows = (out: ActualOut) =>
  (out.transactions ?? [])
    .filter((t) => !t.starting_balance_flag)
    .map((t) => ({ id: t.financial_id, amount: t.amount, cleared: t.cleared }));

describe('a SimpleFIN link shared with Actual 26.9 through the Coffer server', () => {
  it('Actual sees the link, the sync state and the pending row, syncs without doubles, and sees the posting', async () => {
    const { accounts } = await c.must<{
      accounts: { id: string; name: string; org: { name: string; domain?: string; id?: string } }[];
    }>('simplefin-accounts');
    const checking = accounts.find((a) => a.id === 'ACT-checking')!;
    expect(
      await c.send('simplefin-accounts-link', {
        externalAccount: {
          account_id: checking.id,
          name: checking.name,
          institution: checking.org.name,
          orgDomain: checking.org.domain ?? null,
          orgId: checking.org.id ?? null,
        },
        upgradingId: null,
      }),
    ).toBe('ok');
    await c.must('sync');
    const { groupId } = await c.must<{ groupId: string }>('load-prefs');
    const actualDir = mkdtempSync(join(tmpdir(), 'coffer-bank-actual-'));
    dirs.push(actualDir);

    // Actual downloads the budget: the link and its state are where it keeps them.
    const seen = await runActual(
      [{ op: 'download', syncId: groupId }, { op: 'bankState' }],
      actualDir,
    );
    expect(seen.accounts).toHaveLength(1);
    const linked = seen.accounts![0]!;
    expect(linked).toMatchObject({
      name: 'Everyday Checking',
      account_id: 'ACT-checking',
      account_sync_source: 'simpleFin',
      bank_sync_status: 'ok',
    });
    expect(Number(linked.last_sync)).toBeGreaterThan(0);
    const before = bankRows(seen);
    expect(before).toContainEqual({ id: 'TRN-gas', amount: -4510, cleared: 0 });
    expect(before).toContainEqual({ id: 'TRN-coffee', amount: -1250, cleared: 1 });
    const gas = seen.transactions!.find((t) => t.financial_id === 'TRN-gas')!;
    expect(JSON.parse(gas.raw_synced_data!)).toMatchObject({
      transactionId: 'TRN-gas',
      booked: false,
    });

    // Actual syncs the account itself through the same server: nothing comes in twice.
    const synced = await runActual(
      [
        { op: 'download', syncId: groupId },
        { op: 'bankSync', accountId: linked.id },
        { op: 'sync' },
        { op: 'bankState' },
      ],
      actualDir,
    );
    expect(synced.bankSyncError).toBeNull();
    expect(bankRows(synced).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
      before.sort((a, b) => String(a.id).localeCompare(String(b.id))),
    );
    expect(synced.accounts![0]!.bank_sync_status).toBe('ok');

    // Coffer gets Actual's sync state back.
    await c.must('sync');
    const cols = c.core.budget!.db.columns;
    const state = c.sql().first<{ last_sync: string }>(
      `SELECT ${cols.columnSql('accounts', 'last_sync')} AS last_sync
       FROM accounts t${cols.joinSql('accounts')} WHERE t.id = ?`,
      [linked.id],
    )!;
    expect(state.last_sync).toBe(synced.accounts![0]!.last_sync);

    // The gas station's hold posts under another id, with more taken: Coffer replaces the
    // pending row, and Actual, syncing, sees one posted row and no pending one.
    const account = bridge.accounts.find((a) => a.id === 'ACT-checking')!;
    account.transactions = account.transactions.filter((t) => t.id !== 'TRN-gas');
    account.transactions.push({
      id: 'TRN-gas-posted',
      posted: daysAgo(1),
      amount: '-50.00',
      description: 'GAS STATION 44',
      payee: 'Gas Station',
    });
    const res = await c.must<{ replacedPending: { id: string; reason: string }[] }>(
      'gocardless-accounts-sync',
      { id: linked.id },
    );
    expect(res.replacedPending).toEqual([{ id: gas.id, reason: 'tip', was: expect.anything() }]);
    await c.must('sync');
    const after = await runActual(
      [{ op: 'download', syncId: groupId }, { op: 'bankState' }],
      actualDir,
    );
    const gasRows = after.transactions!.filter((t) => t.financial_id?.startsWith('TRN-gas'));
    expect(gasRows.map((t) => [t.id, t.financial_id, t.amount, t.cleared])).toEqual([
      [gas.id, 'TRN-gas-posted', -5000, 1],
    ]);
  }, 600_000);
});
