import Database from 'better-sqlite3';
import { FileColumns, type SqliteDatabase, StatementDatabase, prepareDatabase } from '@coffer/core';
import { expect } from 'vitest';

type Row = Record<string, unknown>;

/** A budget file, read-only, through Coffer's driver interface. */
export function openFile(path: string): SqliteDatabase {
  return new StatementDatabase(new Database(path, { readonly: true, fileMustExist: true }));
}

/** The synced tables and columns of the file Coffer makes for a new budget (23.8.1). */
export function cofferColumns(): FileColumns {
  const db = new StatementDatabase(new Database(':memory:'));
  const prepared = prepareDatabase(db, { create: true });
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.columns;
}

/** A later Actual column, with a value to write into it that differs from its default. */
export interface LaterColumn {
  table: string;
  column: string;
  value: string | number;
  /** The column's default (what an unwritten cell holds). */
  empty: string | number | null;
  notNull: boolean;
}

function literal(sql: string | null): string | number | null {
  if (sql === null || /^null$/i.test(sql)) return null;
  if (/^[+-]?\d+(\.\d+)?$/.test(sql)) return Number(sql);
  if (/^false$/i.test(sql)) return 0;
  if (/^true$/i.test(sql)) return 1;
  const quoted = /^'((?:[^']|'')*)'$/.exec(sql);
  return quoted ? quoted[1]!.replaceAll("''", "'") : sql;
}

/**
 * Every synced column the file has and Coffer's own schema does not, found by comparing the
 * two schemas (not from a list). Columns whose table Coffer lacks come first in their table
 * order, NOT NULL ones first (Actual makes a row with the first message for it).
 */
export function laterColumns(actual: SqliteDatabase): LaterColumn[] {
  const theirs = FileColumns.learn(actual);
  const ours = cofferColumns();
  const out: LaterColumn[] = [];
  for (const cell of theirs.list()) {
    const [table, column] = cell.split('.') as [string, string];
    if (ours.has(table, column)) continue;
    const info = actual.first<{ type: string; notnull: number; dflt_value: string | null }>(
      'SELECT type, "notnull", dflt_value FROM pragma_table_info(?) WHERE name = ?',
      [table, column],
    )!;
    const type = info.type.toUpperCase();
    const empty = literal(info.dflt_value);
    let value: string | number;
    if (type.includes('INT') || type.includes('BOOL')) value = empty === 1 ? 0 : 1;
    else if (type.includes('REAL')) value = 2.5;
    else if (type.includes('JSON')) value = '{"interop":true}';
    else value = `interop ${column}`;
    out.push({ table, column, value, empty, notNull: info.notnull !== 0 });
  }
  return out.sort((a, b) =>
    a.table === b.table ? Number(b.notNull) - Number(a.notNull) : a.table < b.table ? -1 : 1,
  );
}

/** Whole rows of a synced table, by id, with the columns named. */
function rowsOf(db: SqliteDatabase, files: FileColumns, table: string, columns: string[]): Row[] {
  return db
    .all<Row>(`${files.rowsSql(table)} ORDER BY t.id`)
    .map((row) => Object.fromEntries(['id', ...columns].map((c) => [c, row[c]])));
}

/**
 * Every synced table the two files share is equal cell by cell, over the columns both have.
 * Returns what was compared, so a caller can check that it covers what it means to.
 */
export function expectSameCells(
  actualPath: string,
  cofferPath: string,
): { tables: string[]; cells: number; columns: Set<string> } {
  const actual = openFile(actualPath);
  const coffer = openFile(cofferPath);
  try {
    const a = FileColumns.learn(actual);
    const c = FileColumns.learn(coffer);
    const tables = [...new Set(a.list().map((cell) => cell.split('.')[0]!))].filter((t) =>
      c.hasTable(t),
    );
    let cells = 0;
    const columns = new Set<string>();
    for (const table of tables) {
      const shared = a
        .list()
        .filter((cell) => cell.startsWith(`${table}.`))
        .map((cell) => cell.slice(table.length + 1))
        .filter((column) => c.has(table, column));
      const theirs = rowsOf(actual, a, table, shared);
      const ours = rowsOf(coffer, c, table, shared);
      expect({ table, rows: ours }).toEqual({ table, rows: theirs });
      cells += theirs.length * shared.length;
      for (const column of shared) columns.add(`${table}.${column}`);
    }
    return { tables, cells, columns };
  } finally {
    actual.close();
    coffer.close();
  }
}

/** The value of one cell (`table.column` of row `id`), read as its file holds it. */
export function cellOf(path: string, table: string, column: string, id: string): unknown {
  const db = openFile(path);
  try {
    const files = FileColumns.learn(db);
    return db.first<Row>(`${files.rowsSql(table)} WHERE t.id = ?`, [id])?.[column];
  } finally {
    db.close();
  }
}

/** The merkle hash stored with the file's clock. */
export function merkleHashOf(path: string): number {
  const db = openFile(path);
  try {
    const row = db.first<{ clock: string }>('SELECT clock FROM messages_clock')!;
    return (JSON.parse(row.clock) as { merkle: { hash: number } }).merkle.hash;
  } finally {
    db.close();
  }
}
