import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { q } from '@coffer/core/ui';
// The scan each derived figure replaces, run on the file itself (not part of the package's surface).
import { runQuery } from '../../core/src/query/exec.ts';
import { startActualServer } from '../../core/src/files/test-helpers/servers.ts';
import { ApiClient } from './client.ts';
import {
  ACTUAL_CURRENT_RUNNER,
  bootstrapServer,
  runActualJob,
  tempDirs,
} from './test-helpers/actual-jobs.ts';
import { openFile } from './test-helpers/replicas.ts';
import Database from 'better-sqlite3';
import { StatementDatabase } from '@coffer/core';
import {
  APART_LINES_TABLE,
  apartLinesAreCurrent,
  rebuildApartLines,
} from '../../core/src/search/apart-lines.ts';

/** The lines the set must hold: a parent missing or dated otherwise. */
const APART_FROM_SCRATCH = `SELECT c.id FROM transactions c WHERE c.parent_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM transactions p WHERE p.id = c.parent_id AND p.date IS c.date) ORDER BY c.id`;

/**
 * Coffer's derived data (the search index, the month sums: issue 30) stays right when today's
 * Actual (`actual-api-26`) edits a Coffer budget: through the sync server (Coffer applies
 * Actual's messages through its write path), on Coffer's own file (Actual wrote it last, so
 * Coffer rebuilds at the next open), and on a new device (the download carries none of it).
 * Each time the search, net worth and cash flow read through them equal a scan of the file.
 */
const PASSWORD = 'server password';
const dirs = tempDirs('coffer-derived-interop');
let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
  dirs.removeAll();
});

type Row = Record<string, unknown>;

/** What the register's search, net worth and cash flow ask, beside the scan each replaces. */
function queries(accounts: string[], transferPayees: string[]) {
  const search = (text: string) =>
    q('transactions').filter({ $search: { text } }).select(['id']).orderBy('id');
  const scan = (text: string) =>
    q('transactions')
      .filter({ notes: { $like: `%${text}%` } })
      .select(['id'])
      .orderBy('id');
  const base = q('transactions')
    .filter({ account: { $oneof: accounts } })
    .withoutValidatedRefs();
  const netWorth = base
    .groupBy(['account', { $month: '$date' }])
    .select(['account', { month: { $month: '$date' } }, { amount: { $sum: '$amount' } }])
    .orderBy(['account', { $month: '$date' }]);
  const cashFlow = base
    .filter({
      date: [
        { $transform: '$month', $gte: '2023-01' },
        { $transform: '$month', $lte: '2025-12' },
      ],
      payee: transferPayees.map((id) => ({ $ne: id })),
    })
    .groupBy([{ $month: '$date' }])
    .select([
      { period: { $month: '$date' } },
      { total: { $sum: '$amount' } },
      { abs: { $sum: { $abs: '$amount' } } },
    ]) // prettier-ignore
    .orderBy([{ $month: '$date' }]);
  return [
    ...['zebra', 'rent', 'coffee'].map((t) => ({ derived: search(t), scan: scan(t) })),
    { derived: netWorth, scan: netWorth },
    { derived: cashFlow, scan: cashFlow },
  ];
}

/** Each derived query's answer equals the scan of the file, as it is now. */
async function compareWithScan(
  coffer: ApiClient,
  file: string,
  accounts: string[],
  transfers: string[],
) {
  const db = openFile(file);
  try {
    for (const { derived, scan } of queries(accounts, transfers)) {
      const answer = (await coffer.lib.send('query', derived.serialize())) as { data: unknown };
      expect(answer.data).toEqual(runQuery(db, scan.serialize()).data);
    }
  } finally {
    db.close();
  }
}

/**
 * Waits for the background build of the month sums: a report asked while it is under way (or
 * before it began) reads the rows after the months summed, so only then do the figures come
 * through the sums alone.
 */
async function sumsBuilt(file: string): Promise<void> {
  for (let turn = 0; turn < 400; turn++) {
    const db = openFile(file);
    try {
      const made = db.first("SELECT 1 AS ok FROM sqlite_master WHERE name = 'coffer_month_sums'");
      const meta = db.first("SELECT 1 AS ok FROM sqlite_master WHERE name = 'coffer_derived_meta'");
      const building =
        meta && db.first("SELECT 1 AS ok FROM coffer_derived_meta WHERE key LIKE 'build:%'");
      if (made && !building) return;
    } finally {
      db.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the month sums were not built within 20 s');
}

/**
 * Every figure read through Coffer (derived data) equals the scan of its file, while the
 * derived tables build and once they are built; answers the ids the search for "zebra" (only
 * in notes Actual wrote) found.
 */
async function expectFiguresRight(coffer: ApiClient, file: string): Promise<unknown> {
  const accounts = (await coffer.methods.getAccounts()).map((a) => a.id);
  const payees = (await coffer.methods.getPayees()) as Array<{ id: string; transfer_acct?: string | null }>; // prettier-ignore
  const transfers = payees.filter((p) => p.transfer_acct).map((p) => p.id);
  expect(transfers.length).toBeGreaterThan(0);
  await compareWithScan(coffer, file, accounts, transfers);
  await sumsBuilt(file);
  await compareWithScan(coffer, file, accounts, transfers);
  const db = openFile(file);
  try {
    // The derived tables are there and current: the figures above came through them.
    const sums = db.first<{ n: number }>('SELECT COUNT(*) AS n FROM coffer_month_sums');
    expect(sums?.n).toBeGreaterThan(0);
    return runQuery(db, queries(accounts, transfers)[0]!.scan.serialize()).data;
  } finally {
    db.close();
  }
}

describe('derived data when today’s Actual edits a Coffer budget', () => {
  it('search, net worth and cash flow stay right through sync, on the file, and on a new device', async () => {
    const server = await startActualServer({ current: true });
    cleanup.push(() => server.stop());
    await bootstrapServer(server.url, PASSWORD);
    const cofferDir = dirs.make('coffer');
    const job = { dataDir: dirs.make('actual'), serverURL: server.url, password: PASSWORD };
    const runActual = (steps: unknown[], over: Row = {}) =>
      runActualJob<{ budgetId?: string }>(ACTUAL_CURRENT_RUNNER, { ...job, ...over, steps }, dirs.make('job')); // prettier-ignore

    let coffer = new ApiClient();
    cleanup.push(() => coffer.shutdown());
    await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
    const { id } = (await coffer.lib.send('create-budget', { budgetName: 'Derived' })) as { id: string }; // prettier-ignore
    const checking = await coffer.methods.createAccount({ name: 'Checking' }, 100000);
    const savings = await coffer.methods.createAccount({ name: 'Savings' }, 0);
    const toSavings = ((await coffer.methods.getPayees()) as Array<{ id: string; transfer_acct?: string | null }>).find((p) => p.transfer_acct === savings)!.id; // prettier-ignore
    await coffer.methods.addTransactions(checking, [
      { date: '2024-01-05', amount: -120000, notes: 'rent for January' },
      { date: '2024-01-30', amount: -450, notes: 'coffee with Sam' },
      { date: '2024-02-12', amount: -5000, payee: toSavings, notes: 'to savings' },
      { date: '2024-02-29', amount: 250000, notes: 'pay' },
      { date: '2024-03-03', amount: -120000, notes: 'rent for March' },
    ]);
    const file = join(cofferDir, id, 'db.sqlite');
    await expectFiguresRight(coffer, file);
    await coffer.methods.sync();
    const { groupId } = (await coffer.lib.send('load-prefs')) as { groupId: string };
    const rows = (await coffer.methods.getTransactions(checking, '2024-01-01', '2024-12-31')) as Row[]; // prettier-ignore
    const byNotes = (n: string) => String(rows.find((r) => r.notes === n)!.id);

    // Actual edits through the server: notes, an amount, a date, a new row, a deletion.
    runActual([
      { op: 'download', syncId: groupId },
      {
        op: 'edit',
        update: [
          { id: byNotes('coffee with Sam'), notes: 'zebra crossing coffee' },
          { id: byNotes('pay'), amount: 260000 },
          { id: byNotes('rent for March'), date: '2024-04-01' },
        ],
        add: { account: checking, transactions: [{ date: '2024-05-31', amount: -999, notes: 'Zebra mug' }] }, // prettier-ignore
        remove: [byNotes('rent for January')],
      },
      { op: 'sync' },
    ]);
    await coffer.methods.sync();
    expect(await expectFiguresRight(coffer, file)).toHaveLength(2);

    // Actual opens Coffer's own file and edits it: Coffer finds data it did not write. The
    // search's set of lines dated apart is in the file, with its triggers on transactions: they
    // run in Actual's writes too (a date moved, a row added) and keep it right.
    await coffer.shutdown();
    const own = new StatementDatabase(new Database(file));
    rebuildApartLines(own);
    own.close();
    runActual(
      [
        { op: 'load', id },
        { op: 'edit', update: [{ id: byNotes('to savings'), notes: 'rent top-up', amount: -7000, date: '2024-06-02' }], add: { account: checking, transactions: [{ date: '2024-06-03', amount: -10, notes: 'split' }] } }, // prettier-ignore
      ],
      { dataDir: cofferDir, serverURL: undefined, password: undefined },
    );
    const written = openFile(file);
    const moved = written.first<{ date: number }>('SELECT date FROM transactions WHERE id = ?', [byNotes('to savings')]); // prettier-ignore
    expect(moved?.date).toBe(20240602);
    expect(apartLinesAreCurrent(written)).toBe(true);
    const held = written.all(`SELECT id FROM ${APART_LINES_TABLE}`);
    expect(held).toEqual(expect.arrayContaining(written.all(APART_FROM_SCRATCH)));
    written.close();
    coffer = new ApiClient();
    cleanup.push(() => coffer.shutdown());
    await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
    await coffer.methods.loadBudget(id);
    expect(await expectFiguresRight(coffer, file)).toHaveLength(2);

    // A new device: the download carries no derived data; it is built there.
    const device = new ApiClient();
    cleanup.push(() => device.shutdown());
    const deviceDir = dirs.make('device');
    await device.init({ dataDir: deviceDir, serverURL: server.url, password: PASSWORD });
    await device.methods.downloadBudget(groupId);
    const deviceId = ((await device.lib.send('load-prefs')) as { id: string }).id;
    expect(await expectFiguresRight(device, join(deviceDir, deviceId, 'db.sqlite'))).toHaveLength(
      2,
    );
  }, 300_000);
});
