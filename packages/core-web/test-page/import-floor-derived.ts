import type { SqlValue } from '@coffer/core';
import type { SqliteDatabase } from '../../core/src/platform/sqlite.ts';
import { ACCOUNT_ORDER_TABLE } from '../../core/src/query/account-order.ts';
import { ORDER_BULK_ROWS } from '../../core/src/query-handler/account-order.ts';
import { withBulkIndexes } from '../../core/src/sync/bulk-indexes.ts';

/**
 * The derived tables' part of an import's floor (bench/import/README.md): what the import left
 * in the tables the write path keeps in step with the transactions (issue 30: the sums, the
 * account order, the notes' search index and the tag index), as the difference between the file
 * before and after it, row by row; the floor writes that difference and nothing else, the
 * cheapest known way to the same tables. Not the set of lines dated apart
 * (`coffer_apart_lines`): the floor's writes to `transactions` keep it by its triggers.
 */
const DERIVED_TABLES = [
  'coffer_month_sums',
  'coffer_category_sums',
  'coffer_payee_sums',
  'coffer_payee_totals',
  'coffer_tag_sums',
  'coffer_account_order',
  'coffer_search_rows',
  'coffer_search_notes',
  'coffer_note_tags',
  'coffer_derived_meta',
] as const;

/**
 * One table's difference: rows written (new or changed) and rows removed, each found by its key:
 * the rowid, or a WITHOUT ROWID table's primary key (`keyColumns`).
 */
export interface DerivedDiff {
  table: string;
  columns: string[];
  /** Null: the rowid (written with the row, so the file ends the same). */
  keyColumns: string[] | null;
  /** The rowid first when `keyColumns` is null, then the values in `columns`' order. */
  put: SqlValue[][];
  /** Each removed row's key (and, in the FTS5 table, each changed row's: it takes no REPLACE). */
  removed: SqlValue[][];
  virtual: boolean;
}

function tablesIn(db: SqliteDatabase): Map<string, string> {
  const rows = db.all<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL",
  );
  return new Map(rows.map((r) => [r.name, r.sql]));
}

/** Each row by its key (as JSON): the key's values, and the row as `put` holds it. */
function rowsOf(
  db: SqliteDatabase,
  table: string,
  columns: string[],
  keyColumns: string[] | null,
): Map<string, { key: SqlValue[]; row: SqlValue[] }> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const sql = keyColumns
    ? `SELECT ${list} FROM "${table}"`
    : `SELECT rowid AS floor_rowid, ${list} FROM "${table}"`;
  const out = new Map<string, { key: SqlValue[]; row: SqlValue[] }>();
  for (const r of db.all<Record<string, SqlValue>>(sql)) {
    const values = columns.map((c) => r[c] ?? null);
    const key = keyColumns ? keyColumns.map((c) => r[c] ?? null) : [r.floor_rowid ?? null];
    out.set(JSON.stringify(key), { key, row: keyColumns ? values : [...key, ...values] });
  }
  return out;
}

/** The derived tables' differences from `before` to `after` (tables missing before: whole). */
export function readDerivedDiffs(before: SqliteDatabase, after: SqliteDatabase): DerivedDiff[] {
  const had = tablesIn(before);
  const has = tablesIn(after);
  const diffs: DerivedDiff[] = [];
  for (const table of DERIVED_TABLES) {
    const sql = has.get(table);
    if (sql === undefined) continue;
    const info = after.all<{ name: string; pk: number }>(
      'SELECT name, pk FROM pragma_table_info(?)',
      [table],
    );
    const columns = info.map((c) => c.name);
    const keyColumns = /WITHOUT\s+ROWID/i.test(sql)
      ? info
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name)
      : null;
    const now = rowsOf(after, table, columns, keyColumns);
    const was = had.has(table) ? rowsOf(before, table, columns, keyColumns) : new Map();
    const virtual = /^CREATE VIRTUAL/i.test(sql);
    const put: SqlValue[][] = [];
    const removed: SqlValue[][] = [];
    for (const [key, { row }] of now) {
      const old = was.get(key);
      if (old && !old.row.some((v: SqlValue, i: number) => v !== row[i])) continue;
      put.push(row);
      if (old && virtual) removed.push(old.key);
    }
    for (const [key, { key: values }] of was) if (!now.has(key)) removed.push(values);
    if (put.length + removed.length > 0) {
      diffs.push({ table, columns, keyColumns, put, removed, virtual });
    }
  }
  return diffs;
}

/**
 * Writes the differences into `db` (inside the caller's transaction), the account order's by the
 * write path's own bulk rule (`withBulkIndexes` with `ORDER_BULK_ROWS`, as `applyOrder` does);
 * the other derived tables keep their indexes live, as the write path keeps them.
 */
export function writeDerivedDiffs(db: SqliteDatabase, diffs: readonly DerivedDiff[]): void {
  const order = diffs.find((d) => d.table === ACCOUNT_ORDER_TABLE);
  const adding = new Map(order ? [[ACCOUNT_ORDER_TABLE, order.put.length]] : []);
  withBulkIndexes(db, adding, () => diffs.forEach((diff) => writeDiff(db, diff)), ORDER_BULK_ROWS);
}

function writeDiff(db: SqliteDatabase, diff: DerivedDiff): void {
  const { table, columns, keyColumns, put, removed, virtual } = diff;
  const keys = keyColumns ?? ['rowid'];
  // `rowid` unquoted: quoted, SQLite takes it for a column, and there is none.
  const name = (c: string) => (c === 'rowid' ? c : `"${c}"`);
  const remove = `DELETE FROM "${table}" WHERE ${keys.map((k) => `${name(k)} = ?`).join(' AND ')}`;
  try {
    for (const key of removed) db.run(remove, key);
  } catch (err) {
    throw new Error(`${table}: ${remove}: ${String(err)}`);
  }
  const names = [...(keyColumns ? [] : ['rowid']), ...columns];
  const insert =
    `INSERT ${virtual ? '' : 'OR REPLACE '}INTO "${table}" ` +
    `(${names.map(name).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
  try {
    for (const row of put) db.run(insert, row);
  } catch (err) {
    throw new Error(`${table}: ${insert}: ${String(err)}`);
  }
}
