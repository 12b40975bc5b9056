import type { SqlValue, SqliteDatabase } from '../platform/index.ts';
import type { FileColumns } from '../schema/file-columns.ts';
import { ensureRowSql, upsertRowSql } from './statements.ts';

/**
 * Set some cells of one row, each in the table the file keeps it in: the table's own columns
 * by one upsert, extension columns kept on the side by another. The row itself is made even
 * when only side cells are set, as a message for a column the table had would make it.
 */
export function upsertCells(
  db: SqliteDatabase,
  files: FileColumns,
  table: string,
  id: string,
  cells: ReadonlyMap<string, unknown>,
): void {
  const own = files.present(table, cells);
  if (own.length > 0) {
    const upsert = upsertRowSql(files.tableName(table), own);
    db.run(upsert.sql, [id, ...own.map((c) => cells.get(c) as SqlValue)]);
  } else {
    db.run(ensureRowSql(files.tableName(table)), [id]);
  }
  const side = files.side(table);
  const aside = side ? side.columns.filter((c) => cells.has(c)) : [];
  if (side && aside.length > 0) {
    const upsert = upsertRowSql(side.name, aside);
    db.run(upsert.sql, [id, ...aside.map((c) => cells.get(c) as SqlValue)]);
  }
}
