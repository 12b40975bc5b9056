import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type RunningServer,
  cofferServerBuild,
  startActualServer,
  startCofferServer,
} from '../../core/src/files/test-helpers/servers.ts';
import { ApiClient } from './client.ts';
import {
  ACTUAL_CURRENT_RUNNER,
  bootstrapServer,
  runActualJob,
  tempDirs,
} from './test-helpers/actual-jobs.ts';
import {
  type LaterColumn,
  cellOf,
  expectSameCells,
  laterColumns,
  merkleHashOf,
  openFile,
} from './test-helpers/replicas.ts';

/**
 * Today's Actual (`@actual-app/api` 26.x, as `actual-api-26`, each session in its own process)
 * and a Coffer client share a budget that Actual made, through today's Actual server and
 * through Coffer's. Actual sets goal templates, reconciles transactions and writes every other
 * column its schema has and Coffer's does not; Coffer must keep all of it, cell for cell,
 * through its own edits and its export.
 */
const PASSWORD = 'server password';
const MONTH = '2024-03';

const targets: Array<[string, () => Promise<RunningServer>]> = [
  ['@actual-app/sync-server 26', () => startActualServer({ current: true })],
];
// The Coffer server is tested once built (`npm run build`, as CI does before the tests).
if (cofferServerBuild()) targets.push(['the Coffer server', startCofferServer]);

const dirs = tempDirs('coffer-current-interop');
const tempDir = dirs.make;
let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
  dirs.removeAll();
});

interface Seed {
  account: string;
  group: string;
  food: string;
  fun: string;
  market: string;
  grocer: string;
  shop: string;
  treats: string;
  split: string;
  schedule: string;
}

interface ActualOut {
  budgetId?: string;
  groupId?: string;
  seed?: Seed;
  filled?: Array<{ table: string; column: string; row: string }>;
  importedId?: string;
}

const runActual = (job: Record<string, unknown>): ActualOut =>
  runActualJob<ActualOut>(ACTUAL_CURRENT_RUNNER, job, tempDir('job'));
const bootstrap = (url: string) => bootstrapServer(url, PASSWORD);

/** The later columns' cells Actual wrote, as they read in a file. */
function laterCells(path: string, written: ActualOut['filled']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { table, column, row } of written ?? []) {
    out[`${table}.${column}@${row}`] = cellOf(path, table, column, row);
  }
  return out;
}

describe.each(targets)('Coffer keeps what today’s Actual writes, through %s', (_name, start) => {
  it('goal templates, reconciled transactions and every later column: synced, edited, exported', async () => {
    const server = await start();
    cleanup.push(() => server.stop());
    await bootstrap(server.url);
    const actualDir = tempDir('actual');
    const cofferDir = tempDir('coffer');
    const job = { dataDir: actualDir, serverURL: server.url, password: PASSWORD };

    // Actual makes the budget on the server, with rows to work on.
    const made = runActual({
      ...job,
      steps: [{ op: 'create', name: 'Made by Actual' }, { op: 'seed' }, { op: 'sync' }],
    });
    const seed = made.seed!;
    const budgetId = made.budgetId!;
    const actualFile = join(actualDir, budgetId, 'db.sqlite');

    // A Coffer client downloads it: a file from a newer Actual, which it opens as it is.
    const coffer = new ApiClient();
    cleanup.push(() => coffer.shutdown());
    await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
    await coffer.methods.downloadBudget(made.groupId!);
    const cofferId = ((await coffer.lib.send('load-prefs')) as { id: string }).id;
    const cofferFile = join(cofferDir, cofferId, 'db.sqlite');

    // What Actual's schema has and Coffer's does not, from the two schemas.
    const actualDb = openFile(actualFile);
    const later: LaterColumn[] = laterColumns(actualDb);
    actualDb.close();
    const laterNames = new Set(later.map((c) => `${c.table}.${c.column}`));
    for (const cell of [
      'categories.goal_def',
      'categories.template_settings',
      'zero_budgets.goal',
      'custom_reports.name',
    ]) {
      expect(laterNames).toContain(cell);
    }

    // Actual sets goal templates (from notes, and from its UI), reconciles, fills the rest.
    const wrote = runActual({
      ...job,
      steps: [
        { op: 'download', syncId: made.groupId },
        { op: 'goals', month: MONTH, notes: seed.food, ui: seed.fun },
        { op: 'reconcile', ids: [seed.shop, seed.split] },
        { op: 'fill', columns: later },
        { op: 'sync' },
      ],
    });
    // Every later column now holds something other than its default somewhere.
    const holding = openFile(actualFile);
    for (const c of later) {
      const row = holding.first(
        `SELECT id FROM "${c.table}" WHERE "${c.column}" IS NOT NULL AND "${c.column}" IS NOT ?`,
        [c.empty],
      );
      expect({ cell: `${c.table}.${c.column}`, written: row !== undefined }).toEqual({
        cell: `${c.table}.${c.column}`,
        written: true,
      });
    }
    holding.close();

    // Coffer syncs: every table both replicas have is equal, cell by cell.
    await coffer.methods.sync();
    const first = expectSameCells(actualFile, cofferFile);
    for (const cell of laterNames) expect(first.columns).toContain(cell);
    expect(cellOf(cofferFile, 'categories', 'goal_def', seed.food)).toContain('"monthly":120');
    expect(cellOf(cofferFile, 'categories', 'template_settings', seed.fun)).toBe('{"source":"ui"}');
    const budgeted = openFile(cofferFile);
    expect(
      budgeted.all('SELECT month, amount, goal FROM zero_budgets WHERE category = ?', [seed.food]),
    ).toEqual([{ month: 202403, amount: 12000, goal: 50000 }]);
    budgeted.close();
    expect(cellOf(cofferFile, 'transactions', 'reconciled', seed.shop)).toBe(1);
    const kept = laterCells(cofferFile, wrote.filled);
    expect(kept).toEqual(laterCells(actualFile, wrote.filled));
    // Coffer's own reads see the reconciled transactions.
    const reconciled = (await coffer.methods.aqlQuery(
      coffer.lib
        .q('transactions')
        .filter({ reconciled: true })
        .options({ splits: 'none' })
        .select(['id']),
    )) as { data: Array<{ id: string }> };
    expect(reconciled.data.map((t) => t.id).sort()).toEqual([seed.shop, seed.split].sort());

    // Coffer edits the same rows; both converge, the later columns untouched.
    await coffer.methods.updateCategory(seed.food, { name: 'Groceries' });
    await coffer.methods.updateTransaction(seed.shop, { amount: -4300 });
    await coffer.methods.mergePayees(seed.grocer, [seed.market]);
    await coffer.methods.sync();
    runActual({ ...job, steps: [{ op: 'download', syncId: made.groupId }, { op: 'sync' }] });
    expectSameCells(actualFile, cofferFile);
    expect(cellOf(actualFile, 'categories', 'name', seed.food)).toBe('Groceries');
    expect(cellOf(actualFile, 'transactions', 'amount', seed.shop)).toBe(-4300);
    expect(cellOf(actualFile, 'payee_mapping', 'targetId', seed.market)).toBe(seed.grocer);
    expect(cellOf(actualFile, 'transactions', 'reconciled', seed.shop)).toBe(1);
    expect(cellOf(actualFile, 'categories', 'goal_def', seed.food)).toContain('"monthly":120');
    expect(laterCells(actualFile, wrote.filled)).toEqual(kept);
    expect(laterCells(cofferFile, wrote.filled)).toEqual(kept);
    await coffer.methods.sync();
    expect(merkleHashOf(cofferFile)).toBe(merkleHashOf(actualFile));

    // Coffer's export, imported by Actual, shows the same values.
    const exported = (await coffer.lib.send('export-budget')) as { data: Uint8Array };
    const zip = join(tempDir('export'), 'export.zip');
    writeFileSync(zip, exported.data);
    const importDir = tempDir('import');
    const imported = runActual({ dataDir: importDir, steps: [{ op: 'import', zip }] });
    const importedFile = join(importDir, imported.importedId!, 'db.sqlite');
    const again = expectSameCells(importedFile, cofferFile);
    expect(again.tables).toEqual(first.tables);
    expect(laterCells(importedFile, wrote.filled)).toEqual(kept);
    expect(cellOf(importedFile, 'categories', 'name', seed.food)).toBe('Groceries');
  }, 300_000);

  it('a budget Coffer made (23.8.1): Actual’s reconciled flags reach Coffer and stay', async () => {
    const server = await start();
    cleanup.push(() => server.stop());
    await bootstrap(server.url);
    const actualDir = tempDir('actual');
    const cofferDir = tempDir('coffer');

    const coffer = new ApiClient();
    cleanup.push(() => coffer.shutdown());
    await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
    const { id: cofferId } = (await coffer.lib.send('create-budget', {
      budgetName: 'Made by Coffer',
    })) as { id: string };
    const account = await coffer.methods.createAccount({ name: 'Joint' }, 100_000);
    await coffer.methods.addTransactions(account, [
      { date: '2024-03-02', amount: -2_500, notes: 'rent' },
      { date: '2024-03-03', amount: -700, notes: 'lunch' },
    ]);
    const txs = (await coffer.methods.getTransactions(account)) as Array<{
      id: string;
      notes: string | null;
    }>;
    const rent = txs.find((t) => t.notes === 'rent')!.id;
    const lunch = txs.find((t) => t.notes === 'lunch')!.id;
    const food = ((await coffer.methods.getCategories()) as Array<{ id: string; name: string }>)
      .filter((c) => c.name === 'Groceries')
      .map((c) => c.id)[0]!;
    await coffer.methods.sync();
    const { groupId } = (await coffer.lib.send('load-prefs')) as { groupId: string };
    const cofferFile = join(cofferDir, cofferId, 'db.sqlite');

    // Today's Actual downloads it (and migrates its own copy), reconciles and sets a goal.
    const job = { dataDir: actualDir, serverURL: server.url, password: PASSWORD };
    const seen = runActual({
      ...job,
      steps: [
        { op: 'download', syncId: groupId },
        { op: 'reconcile', ids: [rent] },
        { op: 'goals', month: MONTH, notes: food, ui: food },
        { op: 'sync' },
      ],
    });
    const actualFile = join(actualDir, seen.budgetId!, 'db.sqlite');

    // Coffer keeps the flag beside the row and shows it; the goal waits in its log.
    await coffer.methods.sync();
    expect(cellOf(cofferFile, 'transactions', 'reconciled', rent)).toBe(1);
    expect(cellOf(cofferFile, 'transactions', 'reconciled', lunch)).toBe(0);
    const shown = (await coffer.methods.getTransactions(account)) as Array<{
      id: string;
      reconciled: boolean;
    }>;
    expect(shown.find((t) => t.id === rent)?.reconciled).toBe(true);
    const compared = expectSameCells(actualFile, cofferFile);
    expect(compared.columns).toContain('transactions.reconciled');
    const log = openFile(cofferFile);
    const goals = log.first<{ n: number }>(
      "SELECT COUNT(*) AS n FROM messages_crdt WHERE dataset = 'categories' AND column = 'goal_def'",
    )!;
    expect(goals.n).toBeGreaterThan(0);
    log.close();

    // Coffer edits the reconciled transaction; Actual sees the edit and keeps the flag.
    await coffer.methods.updateTransaction(rent, { amount: -2_600 });
    await coffer.methods.sync();
    runActual({ ...job, steps: [{ op: 'download', syncId: groupId }, { op: 'sync' }] });
    expect(cellOf(actualFile, 'transactions', 'amount', rent)).toBe(-2_600);
    expect(cellOf(actualFile, 'transactions', 'reconciled', rent)).toBe(1);
    expectSameCells(actualFile, cofferFile);
    await coffer.methods.sync();
    expect(merkleHashOf(cofferFile)).toBe(merkleHashOf(actualFile));
  }, 300_000);
});
