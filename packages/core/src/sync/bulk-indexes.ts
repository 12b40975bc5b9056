import type { SqliteDatabase } from '../platform/index.ts';

/** Below this many new rows a table never has its indexes rebuilt. */
export const BULK_ROWS = 20_000;

/**
 * Run `write` (inside the caller's SQLite transaction) with the secondary indexes of the
 * tables about to take a bulk of rows dropped, and build them again afterwards.
 *
 * Each index takes each new row at its own place in the tree; when the keys are random (ids,
 * the log's `(dataset, row, column, timestamp)`) and the batch is at least as large as the
 * table, those scattered inserts cost more than building the index once from sorted keys.
 * That happens on a first big import or a download into a fresh file. Only indexes the file
 * declared with SQL are dropped (never the ones behind a primary key or UNIQUE constraint,
 * which the writes need), and they are built again from the SQL the file stored, in the same
 * transaction: the file ends with the same schema, and a failure rolls the drop back too.
 *
 * `adding` maps table names (the write path's whitelisted names, never message text) to how
 * many rows the batch writes into each.
 */
export function withBulkIndexes<T>(
  db: SqliteDatabase,
  adding: ReadonlyMap<string, number>,
  write: () => T,
): T {
  const rebuild: { name: string; sql: string }[] = [];
  for (const [table, count] of adding) {
    if (count < BULK_ROWS) continue;
    // The last rowid is at least the table's size, read from the end of the table (count(*)
    // would scan it).
    const held = db.first<{ n: number | null }>(`SELECT max(rowid) AS n FROM "${table}"`)?.n ?? 0;
    if (count < held) continue;
    rebuild.push(
      ...db.all<{ name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
        [table],
      ),
    );
  }
  const drop = ({ name }: { name: string }) => `DROP INDEX "${name.replaceAll('"', '""')}";`;
  if (rebuild.length > 0) db.exec(rebuild.map(drop).join('\n'));
  const result = write();
  if (rebuild.length > 0) db.exec(rebuild.map(({ sql }) => `${sql};`).join('\n'));
  return result;
}
