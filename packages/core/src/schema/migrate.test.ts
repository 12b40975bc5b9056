import { describe, expect, it } from 'vitest';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import { appliedMigrations, initSchema, migrate } from './migrate.ts';
import { LATEST_MIGRATION_ID, MIGRATIONS } from './migrations.ts';
import { prepareDatabase } from './prepare.ts';
import { FileColumns } from './file-columns.ts';
import { viewHash, viewSql } from './views.ts';

const open = () => testSqliteDriver().open(':memory:');

describe('migrations', () => {
  it('a second prepare runs nothing and keeps the views', () => {
    const db = open();
    expect(prepareDatabase(db, { create: true })).toMatchObject({ ok: true, viewsRebuilt: true });
    expect(prepareDatabase(db)).toMatchObject({
      ok: true,
      ran: [],
      newerMigrations: [],
      viewsRebuilt: false,
      catchUp: { replayed: 0 },
      extensions: { sideAdded: [], folded: [] },
    });
    expect(db.first("SELECT value FROM __meta__ WHERE key = 'view-hash'")).toEqual({
      value: viewHash(viewSql(FileColumns.learn(db))),
    });
  });

  it('runs only the pending steps of a partly migrated file', () => {
    const db = open();
    initSchema(db);
    const first = MIGRATIONS.slice(0, 10);
    for (const m of first) {
      m.up(db);
      db.run('INSERT INTO __migrations__ (id) VALUES (?)', [m.id]);
    }
    const outcome = migrate(db);
    expect(outcome).toEqual({ kind: 'migrated', ran: MIGRATIONS.slice(10).map((m) => m.id) });
    expect(appliedMigrations(db).at(-1)).toBe(LATEST_MIGRATION_ID);
  });

  it('accepts a newer file and refuses a divergent one', () => {
    const db = open();
    prepareDatabase(db, { create: true });
    db.run('INSERT INTO __migrations__ (id) VALUES (1694438752000)');
    expect(migrate(db)).toEqual({ kind: 'newer', extra: [1694438752000] });
    db.run('DELETE FROM __migrations__ WHERE id = 1597756566448');
    expect(migrate(db).kind).toBe('out-of-sync');
    expect(prepareDatabase(db)).toMatchObject({ ok: false, error: 'out-of-sync-migrations' });
  });

  it('maps the renamed filters migration id', () => {
    const db = open();
    prepareDatabase(db, { create: true });
    db.run('DELETE FROM __migrations__ WHERE id = 1688749527273');
    db.run('INSERT INTO __migrations__ (id) VALUES (1685375406832)');
    expect(migrate(db)).toEqual({ kind: 'migrated', ran: [] });
    expect(appliedMigrations(db)).toContain(1688749527273);
  });

  it('refuses a database that is not a budget, and leaves it alone', () => {
    const db = open();
    db.exec('CREATE TABLE something (x)');
    expect(prepareDatabase(db, { create: true })).toMatchObject({
      ok: false,
      error: 'not-a-budget',
    });
    expect(db.all("SELECT name FROM sqlite_master WHERE type = 'table'")).toEqual([
      { name: 'something' },
    ]);
  });

  it('tidies 2019 cell names, then moves spreadsheet cells into the budget tables', () => {
    const db = open();
    initSchema(db);
    const cat = '0123456789abcdef0123456789abcdef';
    const dashed = '01234567-89ab-cdef-0123-456789abcdef';
    db.exec(`INSERT INTO spreadsheet_cells (name, expr, cachedValue) VALUES
      ('budget201901!budget_${cat}', '1500', NULL),
      ('budget201901!carryover_${cat}', '=true', NULL),
      ('budget201901!sum-amount', '5', NULL);`);
    // Run up to the last step before the cache removal, as a 2020 file would be.
    const cacheStep = MIGRATIONS.findIndex((m) => m.id === 1632571489012);
    for (const m of MIGRATIONS.slice(0, cacheStep)) {
      m.up(db);
      db.run('INSERT INTO __migrations__ (id) VALUES (?)', [m.id]);
    }
    expect(db.all('SELECT name, expr FROM spreadsheet_cells ORDER BY name')).toEqual([
      { name: `budget201901!budget-${dashed}`, expr: '1500' },
      { name: `budget201901!carryover-${dashed}`, expr: 'true' },
    ]);
    db.exec(`INSERT INTO spreadsheet_cells (name, expr, cachedValue) VALUES
      ('budget-report202003!budget-c2', NULL, '250'),
      ('budget202003!buffered', NULL, '700'),
      ('notes!${dashed}', '"remember"', NULL),
      ('notes!empty', '""', NULL);`);
    expect(prepareDatabase(db)).toMatchObject({
      ok: true,
      ran: MIGRATIONS.slice(cacheStep).map((m) => m.id),
    });
    expect(db.all('SELECT id, month, category, amount, carryover FROM zero_budgets')).toEqual([
      { id: `2019-01-${dashed}`, month: 201901, category: dashed, amount: 1500, carryover: 1 },
    ]);
    expect(db.all('SELECT id, month, category, amount, carryover FROM reflect_budgets')).toEqual([
      { id: '2020-03-c2', month: 202003, category: 'c2', amount: 250, carryover: 0 },
    ]);
    expect(db.all('SELECT id, buffered FROM zero_budget_months')).toEqual([
      { id: '2020-03', buffered: 700 },
    ]);
    expect(db.all('SELECT id, note FROM notes')).toEqual([{ id: dashed, note: 'remember' }]);
    expect(
      db.first("SELECT 1 AS x FROM sqlite_master WHERE name = 'spreadsheet_cells'"),
    ).toBeUndefined();
  });
});
