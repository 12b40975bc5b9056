import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  type RunningServer,
  cofferServerBuild,
  startCofferServer,
} from '../../core/src/files/test-helpers/servers.ts';
import { ApiClient } from './client.ts';
import {
  ACTUAL_CURRENT_RUNNER,
  bootstrapServer,
  runActualJob,
  tempDirs,
} from './test-helpers/actual-jobs.ts';
import { cellOf, laterColumns, openFile } from './test-helpers/replicas.ts';

/**
 * A Coffer budget folder that today's Actual opened (and so migrated to its own schema) and
 * wrote its later columns into. Coffer opens it, and none of what Coffer does to a budget
 * drops what it does not model: merges of categories and payees, deletes, undo, its export
 * imported again, and (with a built server) an upload by sync reset, downloaded elsewhere.
 */
const PASSWORD = 'server password';

const dirs = tempDirs('coffer-newer-file');
const tempDir = dirs.make;
let server: RunningServer | null = null;
const clients: ApiClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.shutdown();
  await server?.stop();
  dirs.removeAll();
});

const runActual = (job: Record<string, unknown>) =>
  runActualJob<Record<string, unknown>>(ACTUAL_CURRENT_RUNNER, job, tempDir('job'));

it('keeps every later column through merges, deletes, undo, export, import and reset', async () => {
  if (cofferServerBuild()) {
    server = await startCofferServer();
    await bootstrapServer(server.url, PASSWORD);
  }
  const config = (dataDir: string) =>
    server ? { dataDir, serverURL: server.url, password: PASSWORD } : { dataDir };
  const dataDir = tempDir('data');
  const coffer = new ApiClient();
  clients.push(coffer);
  await coffer.init(config(dataDir));
  const { id } = (await coffer.lib.send('create-budget', { budgetName: 'Shared' })) as {
    id: string;
  };
  const acct = await coffer.methods.createAccount({ name: 'Checking' }, 50_000);
  const [shop, market] = [
    await coffer.methods.createPayee({ name: 'Shop' }),
    await coffer.methods.createPayee({ name: 'Market' }),
  ];
  await coffer.methods.addTransactions(acct, [
    { date: '2024-03-01', amount: -1_000, payee: shop, notes: 'a' },
    { date: '2024-03-02', amount: -2_000, payee: market, notes: 'b' },
  ]);
  await coffer.lib.send('close-budget');
  const file = join(dataDir, id, 'db.sqlite');

  // Today's Actual opens the folder (and so migrates the file), then writes its later columns.
  runActual({ dataDir, steps: [{ op: 'load', id }] });
  const migrated = openFile(file);
  const later = laterColumns(migrated);
  migrated.close();
  // Coffer's side table is Coffer's: Actual leaves it alone and adds its own column.
  expect(later.map((c) => `${c.table}.${c.column}`)).not.toContain('transactions.reconciled');
  const filled = runActual({
    dataDir,
    steps: [
      { op: 'load', id },
      { op: 'fill', columns: later },
    ],
  }).filled as Array<{ table: string; column: string; row: string }>;
  const cells = () =>
    Object.fromEntries(
      filled.map(({ table, column, row }) => [
        `${table}.${column}@${row}`,
        cellOf(file, table, column, row),
      ]),
    );
  const written = cells();
  // The grid is not empty: every table with a later column got some. (Which tables have one
  // shrinks as Coffer learns Actual's columns: accounts' bank-sync columns are Coffer's now.)
  const laterTables = [...new Set(later.map((c) => c.table))].sort();
  expect(laterTables.length).toBeGreaterThan(2);
  for (const table of laterTables) expect(filled.some((f) => f.table === table)).toBe(true);

  // Coffer opens it as a newer file and works on it.
  await coffer.methods.loadBudget(id);
  const categories = (await coffer.methods.getCategories()) as Array<{ id: string; name: string }>;
  const byName = (name: string) => categories.find((c) => c.name === name)!.id;
  expect(
    await coffer.lib.send('category-delete', {
      id: byName('Eating Out'),
      transferId: byName('Groceries'),
    }),
  ).toEqual({});
  await coffer.methods.mergePayees(shop, [market]);
  const txs = (await coffer.methods.getTransactions(acct)) as Array<{ id: string; notes: string }>;
  const a = txs.find((t) => t.notes === 'a')!.id;
  // An edit of a row that holds later columns, undone (the app's own handler: one undo step).
  expect(await coffer.lib.send('transaction-update', { id: a, amount: -1_100 })).toEqual({});
  await coffer.lib.send('undo');
  expect(cellOf(file, 'transactions', 'amount', a)).toBe(-1_000);
  await coffer.methods.updateTransaction(a, { notes: 'a, edited' });
  // A delete (of a transaction of Coffer's own).
  await coffer.methods.addTransactions(acct, [{ date: '2024-03-03', amount: -5, notes: 'c' }]);
  const all = (await coffer.methods.getTransactions(acct)) as Array<{ id: string; notes: string }>;
  await coffer.methods.deleteTransaction(all.find((t) => t.notes === 'c')!.id);
  expect(cells()).toEqual(written);

  // Its export, imported again (over the same budget, as Coffer imports an export).
  const exported = (await coffer.lib.send('export-budget')) as { data: Uint8Array };
  expect(await coffer.lib.send('import-budget', { bytes: exported.data, type: 'actual' })).toEqual(
    {},
  );
  expect(cells()).toEqual(written);

  // Today's Actual still opens the folder Coffer wrote into, and sees Coffer's edits.
  await coffer.lib.send('close-budget');
  const read = runActual({
    dataDir,
    steps: [
      { op: 'load', id },
      { op: 'read', ids: [a] },
    ],
  });
  expect(read.transactions).toEqual([{ id: a, amount: -1_000, notes: 'a, edited' }]);
  expect(cells()).toEqual(written);

  if (!server) return;
  // A sync reset uploads the file as the new truth; a second device downloads it. Rows the
  // merges deleted go for good in a reset (tombstones are dropped); every other cell stays.
  await coffer.methods.loadBudget(id);
  const gone = new Set(
    filled
      .filter(({ table, row }) => cellOf(file, table, 'tombstone', row) === 1)
      .map(({ table, row }) => `${table}@${row}`),
  );
  expect(await coffer.lib.send('sync-reset')).toEqual({});
  const { groupId } = (await coffer.lib.send('load-prefs')) as { groupId: string };
  const other = new ApiClient();
  clients.push(other);
  const otherDir = tempDir('other');
  await other.init(config(otherDir));
  await other.methods.downloadBudget(groupId);
  const otherId = ((await other.lib.send('load-prefs')) as { id: string }).id;
  await other.lib.send('close-budget');
  for (const { table, column, row } of filled) {
    const cell = `${table}.${column}@${row}`;
    const value = cellOf(join(otherDir, otherId, 'db.sqlite'), table, column, row);
    // A reset may drop a deleted row for good, never a cell of a row it keeps.
    const purged = value === undefined && gone.has(`${table}@${row}`);
    expect({ cell, value: purged ? written[cell] : value }).toEqual({ cell, value: written[cell] });
  }
}, 300_000);
