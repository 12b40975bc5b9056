/**
 * The rows every sums table counts, read once per build step into a temporary table (issue 30:
 * the first build on a new device read every transaction five times through the joined view,
 * 2.2 s at 100,000). One read of the stored rows with the joins the tables share (the account's
 * scope, the transfer payee, whether the category maps to one), summed by every column any
 * table keys on, feeds the month sums, the sums by category and by payee, and the sums by tag,
 * each then grouped from those buckets.
 *
 * The rows are those `v_transactions_internal_alive` shows at the inline level (alive, dated,
 * with an account, not a split parent, a child only under a live parent), with the stored
 * category and payee beside what they map to.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';

/** A temporary table: private to this connection, never in the file an upload or Actual reads. */
export const STAGE = 'coffer_sums_stage';

/** The rows dated in [from, before) (null: unbounded), on `column`. */
export function dateRange(from: number | null, before: number | null, column = 'date'): string {
  const parts = [
    ...(from === null ? [] : [`${column} >= ${Math.trunc(from)}`]),
    ...(before === null ? [] : [`${column} < ${Math.trunc(before)}`]),
  ];
  return parts.length === 0 ? '' : `AND ${parts.join(' AND ')}`;
}

/**
 * The rows summed by every column any table keys on: `account` (stored), `scope` (1: an open
 * account on budget, 2: off budget, 0: none), `month`, `day` (1 for days 1–28, else the stored
 * day), `positive` (the amount is above 0), `sign` (1, 0 or -1: what the sums by tag count
 * rows by), `transfer` (the transfer payee the stored payee maps to, else ''), `payee`
 * (stored, '' for none), `category` (stored, '' for none), `categorized` (the stored category
 * maps to one), `linked` (one side of a transfer) and `notes` (only where they may hold a tag:
 * a '#'; else null); then `amount` and `count`. One sort of the rows here: each table then
 * groups these buckets (a fifth as many at 100,000 transactions), not the rows again. A payee
 * stored as null and as '' are two buckets here and one in each table. Grouped first by the
 * stored columns: the sort is the cost, and the joins that only depend on the account, the
 * payee or the category then run once per bucket, not once per row.
 */
const stageSql = (where: string) => `SELECT g.acct AS account,
    CASE WHEN a.id IS NULL THEN 0 WHEN IFNULL(a.offbudget, 0) = 0 THEN 1 ELSE 2 END AS scope,
    g.month, g.day, g.sign > 0 AS positive, g.sign,
    IFNULL((SELECT p.id FROM payee_mapping pm JOIN payees p ON p.id = pm.targetId
      WHERE pm.id = g.description AND p.transfer_acct IS NOT NULL), '') AS transfer,
    IFNULL(g.description, '') AS payee, IFNULL(g.category, '') AS category,
    EXISTS (SELECT 1 FROM category_mapping cm WHERE cm.id = g.category
      AND cm.transferId IS NOT NULL) AS categorized,
    g.linked, g.notes, g.amount, g.count
  FROM (SELECT t.acct, t.date / 100 AS month,
      CASE WHEN t.date % 100 BETWEEN 1 AND 28 THEN 1 ELSE t.date % 100 END AS day,
      CASE WHEN t.amount > 0 THEN 1 WHEN t.amount < 0 THEN -1 ELSE 0 END AS sign,
      t.description, t.category,
      t.transferred_id IS NOT NULL AS linked,
      CASE WHEN typeof(t.notes) = 'text' AND instr(t.notes, '#') > 0 THEN t.notes END AS notes,
      SUM(IFNULL(t.amount, 0)) AS amount, COUNT(*) AS count
    FROM transactions t
    LEFT JOIN transactions parent ON (t.isChild = 1 AND parent.id = t.parent_id)
    WHERE t.date IS NOT NULL AND t.acct IS NOT NULL
      AND (t.isChild = 0 OR t.parent_id IS NOT NULL)
      AND IFNULL(t.tombstone, 0) = 0 AND (t.isChild = 0 OR parent.tombstone = 0)
      AND t.isParent = 0 ${where}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g
  LEFT JOIN accounts a ON a.id = g.acct AND IFNULL(a.tombstone, 0) = 0`;

/**
 * Runs `fill` with the buckets of the shown rows dated in [from, before) in `STAGE`, then drops
 * it (a throw drops it too, so a later fill never reads an old range).
 */
export function withStage(
  db: SqliteDatabase,
  from: number | null,
  before: number | null,
  fill: () => void,
): void {
  db.exec(`DROP TABLE IF EXISTS temp.${STAGE}`);
  db.exec(`CREATE TEMP TABLE ${STAGE} AS ${stageSql(dateRange(from, before, 't.date'))}`);
  try {
    fill();
  } finally {
    db.exec(`DROP TABLE IF EXISTS temp.${STAGE}`);
  }
}

/** The ids of a batch of new rows, and the rows they bring in (`withBatchStage`). */
const BATCH = 'coffer_sums_batch';

/**
 * Runs `fill` with the buckets of the rows a batch of new transactions (`ids`, none stored
 * before the batch) brings into view: the new rows, and the split lines stored before their
 * parent that a new parent brings in (no live parent, they counted nowhere), but those in
 * `others` (the event's other rows, which the caller walks). An import's rows are summed here
 * by SQLite in one grouped statement, where summing them in JS row by row, per table, was a
 * fifth of the browser import's CPU (issue 30).
 */
export function withBatchStage(
  db: SqliteDatabase,
  ids: readonly string[],
  others: readonly string[],
  fill: () => void,
): void {
  db.exec(`DROP TABLE IF EXISTS temp.${BATCH}; DROP TABLE IF EXISTS temp.${STAGE};
CREATE TEMP TABLE ${BATCH} (id TEXT PRIMARY KEY) WITHOUT ROWID;`);
  try {
    const list = JSON.stringify(ids);
    db.run(`INSERT OR IGNORE INTO temp.${BATCH} (id) SELECT value FROM json_each(?)`, [list]);
    db.run(
      `INSERT OR IGNORE INTO temp.${BATCH} (id) SELECT id FROM transactions
       WHERE isChild = 1 AND parent_id IN (SELECT value FROM json_each(?))`,
      [list],
    );
    if (others.length > 0) {
      db.run(`DELETE FROM temp.${BATCH} WHERE id IN (SELECT value FROM json_each(?))`, [
        JSON.stringify(others),
      ]);
    }
    db.exec(
      `CREATE TEMP TABLE ${STAGE} AS ${stageSql(`AND t.id IN (SELECT id FROM temp.${BATCH})`)}`,
    );
    fill();
  } finally {
    db.exec(`DROP TABLE IF EXISTS temp.${STAGE}; DROP TABLE IF EXISTS temp.${BATCH};`);
  }
}
