import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTUAL_DEFAULT_DB,
  createActualBudget,
  laterSchemaAdditions,
  loadActualApi,
} from '../db/test-helpers/actual-api.ts';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import { EXTENSION_COLUMNS, sideTableOf } from './extensions.ts';
import { FileColumns } from './file-columns.ts';
import { appliedMigrations } from './migrate.ts';
import { LATEST_MIGRATION_ID, MIGRATIONS } from './migrations.ts';
import { prepareDatabase } from './prepare.ts';
import { SYNCED_SCHEMA } from './synced-tables.ts';
import { VIEW_NAMES } from './views.ts';

type Query = (sql: string) => Array<Record<string, unknown>>;

/**
 * A column newer than the api 6.9 budget, as Actual 26.9's own migration adds it (the
 * `actual-api-26` package ships its migrations): the migration's `ADD COLUMN` run on an empty
 * table of the same name.
 */
function laterActualColumn(ext: (typeof EXTENSION_COLUMNS)[number]) {
  const dir = join(process.cwd(), 'node_modules/actual-api-26/dist/migrations');
  const file = readdirSync(dir).find((f) => f.startsWith(`${ext.migration}_`));
  const sql = readFileSync(join(dir, file!), 'utf8');
  const add = new RegExp(`ALTER TABLE ${ext.table} ADD COLUMN ${ext.column} [^;]+;`, 'i').exec(sql);
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE ${ext.table} (id TEXT PRIMARY KEY); ${add![0]}`);
  const rows = db.prepare(`PRAGMA table_info("${ext.table}")`).all() as Array<
    Record<string, unknown>
  >;
  return rows
    .filter((c) => c.name === ext.column)
    .map(({ type, notnull, dflt_value }) => ({ type, notnull, dflt_value }));
}

interface SchemaFacts {
  tables: Map<string, unknown[]>;
  indexes: string[];
  views: Map<string, string[]>;
}

function facts(all: Query, skip: { tables: Set<string>; columns: Set<string> }): SchemaFacts {
  const master = all(
    "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'",
  );
  const tables = new Map<string, unknown[]>();
  const views = new Map<string, string[]>();
  for (const { type, name } of master as Array<{ type: string; name: string }>) {
    // Coffer's own tables (extension columns kept beside a table) are checked on their own.
    if (type === 'table' && !skip.tables.has(name) && !name.startsWith('coffer_')) {
      const cols = all(`PRAGMA table_info("${name}")`)
        .filter((c) => !skip.columns.has(`${name}.${String(c.name)}`))
        .map(({ name: n, type: t, notnull, dflt_value, pk }) => ({
          n,
          t,
          notnull,
          dflt_value,
          pk,
        }));
      tables.set(name, cols);
    }
    if (type === 'view')
      views.set(
        name,
        all(`PRAGMA table_info("${name}")`).map((c) => String(c.name)),
      );
  }
  const indexes = (master as Array<{ type: string; name: string; tbl_name: string }>)
    .filter((m) => m.type === 'index' && !skip.tables.has(m.tbl_name))
    .map((m) => `${m.tbl_name}:${m.name}`)
    .sort();
  return { tables, indexes, views };
}

const cofferQuery =
  (db: SqliteDatabase): Query =>
  (sql) =>
    db.all(sql);

function freshCoffer(): SqliteDatabase {
  const db = testSqliteDriver().open(':memory:');
  const result = prepareDatabase(db, { create: true });
  expect(result.ok).toBe(true);
  return db;
}

describe('budget schema against a fresh @actual-app/api 6.9 budget', () => {
  const later = laterSchemaAdditions(LATEST_MIGRATION_ID);
  let actual: Database.Database;

  beforeAll(async () => {
    const made = await createActualBudget(loadActualApi());
    actual = new Database(join(made.dir, 'db.sqlite'), { readonly: true });
  });

  it('knows which later migrations to leave out', () => {
    expect(later.tables).toContain('custom_reports');
    expect(later.columns).toContain('transactions.reconciled');
  });

  it('has the same tables and columns (name, type, not-null, default, key, order)', () => {
    const theirs = facts(
      (sql) => actual.prepare(sql).all() as Array<Record<string, unknown>>,
      later,
    );
    const ours = facts(cofferQuery(freshCoffer()), { tables: new Set(), columns: new Set() });
    expect([...ours.tables.keys()].sort()).toEqual([...theirs.tables.keys()].sort());
    for (const [table, columns] of theirs.tables) {
      expect({ table, columns: ours.tables.get(table) }).toEqual({ table, columns });
    }
    expect(ours.indexes).toEqual(theirs.indexes);
  });

  it('keeps each extension column beside its table, defined as Actual’s migration does', () => {
    const db = freshCoffer();
    for (const ext of EXTENSION_COLUMNS) {
      const info = (rows: Array<Record<string, unknown>>) =>
        rows
          .filter((c) => c.name === ext.column)
          .map(({ type, notnull, dflt_value }) => ({ type, notnull, dflt_value }));
      let theirs = info(
        actual.prepare(`PRAGMA table_info("${ext.table}")`).all() as Array<Record<string, unknown>>,
      );
      if (theirs.length === 0) theirs = laterActualColumn(ext);
      expect(theirs).toHaveLength(1);
      expect(info(db.all(`PRAGMA table_info("${ext.table}")`))).toEqual([]);
      expect(info(db.all(`PRAGMA table_info("${sideTableOf(ext.table)}")`))).toEqual(theirs);
    }
  });

  it('records exactly Actual’s migration ids through 1691233396000', () => {
    const theirs = (
      actual.prepare('SELECT id FROM __migrations__ ORDER BY id').all() as Array<{ id: number }>
    )
      .map((r) => r.id)
      .filter((id) => id <= 1691233396000);
    expect(appliedMigrations(freshCoffer())).toEqual(theirs);
    expect(MIGRATIONS.map((m) => m.id)).toEqual(theirs);
    expect(LATEST_MIGRATION_ID).toBe(1691233396000);
  });

  it('has the same views, with the 23.8.1 columns', () => {
    const theirs = facts(
      (sql) => actual.prepare(sql).all() as Array<Record<string, unknown>>,
      later,
    );
    const ours = facts(cofferQuery(freshCoffer()), { tables: new Set(), columns: new Set() });
    expect([...ours.views.keys()].sort()).toEqual([...theirs.views.keys()].sort());
    // Coffer's views show the extension columns too, where Actual's have them.
    const extensions = new Set(EXTENSION_COLUMNS.map((e) => e.column));
    const laterNames = new Set(
      [...later.columns].map((c) => c.split('.')[1]!).filter((c) => !extensions.has(c)),
    );
    for (const [view, columns] of theirs.views) {
      const expected = columns.filter((c) => !laterNames.has(c));
      expect({ view, columns: ours.views.get(view) }).toEqual({ view, columns: expected });
    }
  });

  it('models every column of every synced table, and the file has a place for each', () => {
    const files = FileColumns.learn(freshCoffer());
    for (const [table, columns] of Object.entries(SYNCED_SCHEMA)) {
      const stored = [...files.columns(table), ...(files.side(table)?.columns ?? [])].sort();
      expect({ table, columns: Object.keys(columns).sort() }).toEqual({ table, columns: stored });
    }
  });

  it('migrates Actual’s bundled initial database to the same schema', () => {
    const bytes = readFileSync(ACTUAL_DEFAULT_DB);
    const db = testSqliteDriver().deserialize(new Uint8Array(bytes));
    expect(appliedMigrations(db)).toEqual([]);
    const result = prepareDatabase(db);
    expect(result).toMatchObject({ ok: true, viewsRebuilt: true });
    const none = { tables: new Set<string>(), columns: new Set<string>() };
    const migrated = facts(cofferQuery(db), none);
    const fresh = facts(cofferQuery(freshCoffer()), none);
    expect(migrated).toEqual(fresh);
    // Its rows survive: Actual ships default categories in that file.
    expect(db.first<{ n: number }>('SELECT COUNT(*) AS n FROM categories')!.n).toBeGreaterThan(0);
    expect(VIEW_NAMES.length).toBe(6);
  });
});
