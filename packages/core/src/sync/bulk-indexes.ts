import type { SqliteDatabase } from '../platform/index.ts';

/** Below this many new rows a table never has its indexes rebuilt. */
export const BULK_ROWS = 20_000;

/**
 * The indexes the triggers on a table look rows up through, kept through a bulk batch while
 * such a trigger is in the file: dropped, each row written would scan a table. Coffer's only
 * triggers (the search's set of lines dated apart, `search/apart-lines.ts`, whose test holds
 * them to this) find a row's lines by `parent_id`; their other lookups go by id, the primary
 * key, never dropped. A trigger on a table not listed keeps every index of the batch.
 */
export const TRIGGER_INDEXES: ReadonlyMap<string, readonly string[]> = new Map([
  ['transactions', ['trans_parent_id']],
]);

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
 * A batch into a table with a trigger keeps the indexes the trigger looks rows up through
 * (`TRIGGER_INDEXES`). With `trans_parent_id` dropped, 20,000 date edits from another client
 * took 38.9 s of CPU in a file with the set of lines dated apart, against 1.2 without the set
 * (bench/core-write.mjs, dates/datesApart); kept, 1.2 both. Keeping every index instead cost a
 * first import of 50,000 rows into a file with the set 6.7 s against 4.2.
 *
 * `adding` maps table names (the write path's whitelisted names, never message text) to how
 * many rows the batch writes into each; a table taking fewer than `minRows` keeps its indexes.
 */
export function withBulkIndexes<T>(
  db: SqliteDatabase,
  adding: ReadonlyMap<string, number>,
  write: () => T,
  minRows = BULK_ROWS,
): T {
  const bulk: { name: string; sql: string }[] = [];
  for (const [table, count] of adding) {
    if (count < minRows) continue;
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
  const keep = bulk.length > 0 ? triggerLookups(db, [...adding.keys()]) : null;
  const rebuild = keep ? bulk.filter(({ name }) => !keep(name)) : bulk;
  const drop = ({ name }: { name: string }) => `DROP INDEX "${name.replaceAll('"', '""')}";`;
  if (rebuild.length > 0) db.exec(rebuild.map(drop).join('\n'));
  const result = write();
  if (rebuild.length > 0) db.exec(rebuild.map(({ sql }) => `${sql};`).join('\n'));
  return result;
}

/**
 * Which indexes the triggers on `tables` look rows up through (null: no trigger there). A
 * trigger on a table `TRIGGER_INDEXES` does not list may read through any: all are kept.
 */
function triggerLookups(
  db: SqliteDatabase,
  tables: readonly string[],
): ((index: string) => boolean) | null {
  const triggered = db.all<{ tbl: string }>(
    "SELECT DISTINCT tbl_name AS tbl FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (SELECT value FROM json_each(?))",
    [JSON.stringify(tables)],
  );
  if (triggered.length === 0) return null;
  if (triggered.some(({ tbl }) => !TRIGGER_INDEXES.has(tbl))) return () => true;
  const names = new Set(triggered.flatMap(({ tbl }) => TRIGGER_INDEXES.get(tbl) ?? []));
  return (index) => names.has(index);
}
