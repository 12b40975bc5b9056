import { deserializeValue } from '@coffer/crdt';
import type { SqlValue, SqliteDatabase } from '../platform/index.ts';
import { upsertCells } from '../sync/write-cells.ts';
import type { FileColumns } from './file-columns.ts';

/** `__meta__` key: the synced columns the file had when Coffer last opened it (JSON list). */
export const KNOWN_COLUMNS_KEY = 'coffer-columns';

const decoder = new TextDecoder();

/** A logged value as its cell holds it (the log keeps the `N:`/`S:`/`0:` text). */
function cellValue(stored: SqlValue): SqlValue {
  const text = typeof stored === 'string' ? stored : decoder.decode(stored as Uint8Array);
  return deserializeValue(text);
}

function readKnown(db: SqliteDatabase): Set<string> | null {
  const row = db.first<{ value: string | null }>('SELECT value FROM __meta__ WHERE key = ?', [
    KNOWN_COLUMNS_KEY,
  ]);
  if (!row?.value) return null;
  try {
    const list: unknown = JSON.parse(row.value);
    return Array.isArray(list) ? new Set(list.map(String)) : null;
  } catch {
    return null;
  }
}

/**
 * Write the newest logged value of every cell in `cells` (`table.column`) into the file: the
 * messages a file kept while it lacked those columns. Rows a message names and the table lacks
 * are made, as applying the message would have. Returns how many cells were written.
 */
export function applyLoggedCells(
  db: SqliteDatabase,
  files: FileColumns,
  cells: Iterable<string>,
): number {
  const byTable = new Map<string, string[]>();
  for (const cell of cells) {
    const dot = cell.indexOf('.');
    const table = cell.slice(0, dot);
    const column = cell.slice(dot + 1);
    if (!files.has(table, column)) continue;
    let list = byTable.get(table);
    if (!list) byTable.set(table, (list = []));
    list.push(column);
  }
  let written = 0;
  for (const [table, columns] of byTable) {
    // MAX() makes SQLite take the other columns from the newest message of each cell.
    const logged = db.all<{ row: string; column: string; value: SqlValue }>(
      `SELECT row, column, value, MAX(timestamp) AS latest FROM messages_crdt
       WHERE dataset = ? AND column IN (SELECT value FROM json_each(?)) GROUP BY row, column`,
      [table, JSON.stringify(columns)],
    );
    const rows = new Map<string, Map<string, SqlValue>>();
    for (const m of logged) {
      let cellsOfRow = rows.get(m.row);
      if (!cellsOfRow) rows.set(m.row, (cellsOfRow = new Map()));
      cellsOfRow.set(m.column, cellValue(m.value));
    }
    for (const [row, values] of rows) {
      upsertCells(db, files, table, row, values);
      written += values.size;
    }
  }
  return written;
}

/** The newest logged value of one cell, or null when the log has none. */
export function latestLogged(
  db: SqliteDatabase,
  table: string,
  row: string,
  column: string,
): { value: SqlValue } | null {
  const m = db.first<{ value: SqlValue }>(
    `SELECT value FROM messages_crdt WHERE dataset = ? AND row = ? AND column = ?
     ORDER BY timestamp DESC LIMIT 1`,
    [table, row, column],
  );
  return m ? { value: cellValue(m.value) } : null;
}

export interface CatchUp {
  /** Cells written from the log, for columns the file did not have before. */
  replayed: number;
}

/**
 * Bring the file's rows up to its log, for columns that appeared since Coffer last opened it:
 * the extension columns given a side place just now (`added`), and whatever a newer Actual's
 * migrations added meanwhile. Their messages were kept while the file could not hold them;
 * now they are applied. A file Coffer has not opened before is taken as it is: the app that
 * wrote it applied what it could hold, and replaying its log could undo that app's own data
 * migrations. The column list is stored for next time.
 */
export function catchUpColumns(
  db: SqliteDatabase,
  files: FileColumns,
  added: readonly string[],
): CatchUp {
  const now = files.list();
  const known = readKnown(db);
  const fresh = new Set(added);
  if (known) for (const cell of now) if (!known.has(cell)) fresh.add(cell);
  const replayed = fresh.size > 0 ? applyLoggedCells(db, files, fresh) : 0;
  if (!known || known.size !== now.length || now.some((c) => !known.has(c))) {
    db.run('INSERT OR REPLACE INTO __meta__ (key, value) VALUES (?, ?)', [
      KNOWN_COLUMNS_KEY,
      JSON.stringify(now),
    ]);
  }
  return { replayed };
}
