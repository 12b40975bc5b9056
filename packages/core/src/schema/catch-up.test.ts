import { Timestamp } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import { KNOWN_COLUMNS_KEY } from './catch-up.ts';
import { prepareDatabase } from './prepare.ts';

const T0 = Date.UTC(2024, 2, 1);
const stamp = (n: number): string => new Timestamp(T0 + n * 1000, 0, '000000000000000a').toString();

function fresh(): SqliteDatabase {
  const db = testSqliteDriver().open(':memory:');
  expect(prepareDatabase(db, { create: true })).toMatchObject({ ok: true });
  return db;
}

/** A message kept in the log (and not applied), as a file that could not hold it keeps it. */
function logged(db: SqliteDatabase, n: number, cell: string, row: string, value: string): void {
  const [dataset, column] = cell.split('.');
  db.run('INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES (?,?,?,?,?)', [
    stamp(n),
    dataset!,
    row,
    column!,
    value,
  ]);
}

/** What a current Actual's migrations would do to the file: new columns, recorded ids. */
function migrateLikeActual(db: SqliteDatabase): void {
  db.exec(`
    INSERT INTO __migrations__ (id) VALUES (1694438752000), (1697046240000);
    ALTER TABLE categories ADD COLUMN goal_def TEXT DEFAULT null;
    ALTER TABLE transactions ADD COLUMN reconciled INTEGER DEFAULT 0;`);
}

const tables = (db: SqliteDatabase) =>
  db
    .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .map((r) => r.name);

describe('columns that appear catch up with the log', () => {
  it('a 23.8.1 file gets reconciled values its log kept before Coffer had a place for them', () => {
    const db = fresh();
    db.exec(`DROP TABLE coffer_ext_transactions;
      INSERT INTO transactions (id, amount, date, acct) VALUES ('t1', -100, 20240301, 'a');`);
    logged(db, 1, 'transactions.reconciled', 't1', 'N:1');
    logged(db, 2, 'transactions.reconciled', 't2', 'N:0');
    logged(db, 3, 'transactions.reconciled', 't2', 'N:1');
    expect(prepareDatabase(db)).toMatchObject({
      ok: true,
      extensions: { sideAdded: ['transactions.reconciled', 'transactions.raw_synced_data'] },
      catchUp: { replayed: 2 },
    });
    expect(db.all('SELECT id, reconciled FROM coffer_ext_transactions ORDER BY id')).toEqual([
      { id: 't1', reconciled: 1 },
      { id: 't2', reconciled: 1 },
    ]);
    expect(db.all('SELECT id, reconciled FROM v_transactions_internal')).toEqual([
      { id: 't1', reconciled: 1 },
    ]);
  });

  it('applies what a later migration made room for, and moves side values into the column', () => {
    const db = fresh();
    db.exec(`INSERT INTO categories (id, name) VALUES ('c1', 'Food');
      INSERT INTO transactions (id, amount, date, acct) VALUES ('t1', -100, 20240301, 'a'),
        ('t2', -200, 20240302, 'a'), ('t3', -300, 20240303, 'a');
      INSERT INTO coffer_ext_transactions (id, reconciled) VALUES ('t1', 1), ('t2', 1);`);
    // Kept while the file had no goal_def; t2's reconciled was set again (to 0) meanwhile.
    logged(db, 1, 'categories.goal_def', 'c1', 'S:[{"type":"simple"}]');
    logged(db, 2, 'transactions.reconciled', 't2', 'N:0');
    logged(db, 3, 'custom_reports.name', 'r1', 'S:Spending');
    migrateLikeActual(db);
    // Actual applied t3's reconciled itself, after it had the column.
    db.exec("UPDATE transactions SET reconciled = 1 WHERE id = 't3'");
    expect(prepareDatabase(db)).toMatchObject({
      ok: true,
      newerMigrations: [1694438752000, 1697046240000],
      extensions: { sideAdded: [], folded: ['transactions.reconciled'] },
      catchUp: { replayed: 1 },
    });
    expect(db.first("SELECT goal_def FROM categories WHERE id = 'c1'")).toEqual({
      goal_def: '[{"type":"simple"}]',
    });
    expect(db.all('SELECT id, reconciled FROM transactions ORDER BY id')).toEqual([
      { id: 't1', reconciled: 1 },
      { id: 't2', reconciled: 0 },
      { id: 't3', reconciled: 1 },
    ]);
    // The side table keeps only what this file still lacks (a bank row's raw answer).
    expect(tables(db)).toContain('coffer_ext_transactions');
    expect(db.all("SELECT name FROM pragma_table_info('coffer_ext_transactions')")).toEqual([
      { name: 'id' },
      { name: 'raw_synced_data' },
    ]);
    expect(db.all('SELECT id, reconciled FROM v_transactions ORDER BY id')).toEqual([
      { id: 't1', reconciled: 1 },
      { id: 't2', reconciled: 0 },
      { id: 't3', reconciled: 1 },
    ]);
    // The next open has nothing left to do.
    expect(prepareDatabase(db)).toMatchObject({
      catchUp: { replayed: 0 },
      extensions: { sideAdded: [], folded: [] },
      viewsRebuilt: false,
    });
  });

  it('takes a file it has not opened before as it is', () => {
    const db = fresh();
    db.exec(`INSERT INTO categories (id, name) VALUES ('c1', 'Food');`);
    migrateLikeActual(db);
    db.exec(`DROP TABLE coffer_ext_transactions;
      DELETE FROM __meta__ WHERE key = '${KNOWN_COLUMNS_KEY}';
      UPDATE categories SET goal_def = 'as migrated' WHERE id = 'c1';`);
    // An old message the writing app already applied, then changed by its own migration.
    logged(db, 1, 'categories.goal_def', 'c1', 'S:as sent');
    expect(prepareDatabase(db)).toMatchObject({ ok: true, catchUp: { replayed: 0 } });
    expect(db.first("SELECT goal_def FROM categories WHERE id = 'c1'")).toEqual({
      goal_def: 'as migrated',
    });
  });

  it('refuses a newer file without a column Coffer needs, and leaves it as it was', () => {
    const db = fresh();
    db.exec(`INSERT INTO __migrations__ (id) VALUES (1694438752000);
      ALTER TABLE payees DROP COLUMN category;
      DROP TABLE coffer_ext_transactions;
      INSERT INTO transactions (id, amount) VALUES ('t1', 5);`);
    logged(db, 1, 'transactions.reconciled', 't1', 'N:1');
    const before = db.serialize();
    expect(prepareDatabase(db)).toEqual({
      ok: false,
      error: 'out-of-sync-migrations',
      message: 'This file has no payees.category, which this version needs',
    });
    expect(Buffer.from(db.serialize()).equals(Buffer.from(before))).toBe(true);
  });
});
