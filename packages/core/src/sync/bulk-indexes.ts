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
 * A batch into a table with a trigger drops nothing: a trigger's statements may look rows up
 * through any index, and each row written would then scan a table. (Coffer's set of lines dated
 * apart, `search/apart-lines.ts`, probes `trans_parent_id` for each date written: 20,000 date
 * edits took 39 s of CPU with it dropped against 1.2 without the set, bench/core-write.mjs.)
 * The trigger may read another table of the batch, so any trigger on any of them keeps all.
 *
 * `adding` maps table names (the write path's whitelisted names, never message text) to how
 * many rows the batch writes into each.
 */
export function withBulkIndexes<T>(
  db: SqliteDatabase,
  adding: ReadonlyMap<string, number>,
  write: () => T,
): T {
  const bulk: { name: string; sql: string }[] = [];
  for (const [table, count] of adding) {
    if (count < BULK_ROWS) continue;
    // The last rowid is at least the table's size, read from the end of the table (count(*)
    // would scan it).
    const held = db.first<{ n: number | null }>(`SELECT max(rowid) AS n FROM "${table}"`)?.n ?? 0;
    if (count < held) continue;
    bulk.push(
      ...db.all<{ name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
        [table],
      ),
    );
  }
  const rebuild = bulk.length > 0 && !hasTrigger(db, [...adding.keys()]) ? bulk : [];
  const drop = ({ name }: { name: string }) => `DROP INDEX "${name.replaceAll('"', '""')}";`;
  if (rebuild.length > 0) db.exec(rebuild.map(drop).join('\n'));
  const result = write();
  if (rebuild.length > 0) db.exec(rebuild.map(({ sql }) => `${sql};`).join('\n'));
  return result;
}

/** Whether a trigger runs on a write into any of `tables`. */
function hasTrigger(db: SqliteDatabase, tables: readonly string[]): boolean {
  const found = db.first(
    "SELECT 1 AS found FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (SELECT value FROM json_each(?)) LIMIT 1",
    [JSON.stringify(tables)],
  );
  return found !== undefined;
}
