import type { SqliteDatabase, SqlValue } from '../platform/sqlite.ts';

/**
 * One change event's contributions to a sums table, summed per bucket before they are written:
 * one upsert per bucket the event touched, where writing each row's contribution as it came
 * made one upsert per row and table (and a delete per row leaving). An import of 10,000 rows
 * into one account touches a few hundred month buckets: per row, keeping the sums in step took
 * about a third of the import's CPU in the browser (bench/import, `--sides coffer-web`).
 */
export class BucketSums {
  private readonly buckets = new Map<
    string,
    { key: SqlValue[]; amount: number; count: number; out: boolean }
  >();

  /** A row's `amount` into (sign 1) or out of (-1) the bucket `key` (the table's key columns). */
  add(key: SqlValue[], amount: number, sign: 1 | -1): void {
    this.addSum(key, sign * amount, sign);
  }

  /** `count` rows summing to `amount` into the bucket `key` (out of it when `count` < 0). */
  addSum(key: SqlValue[], amount: number, count: number): void {
    const id = JSON.stringify(key);
    const sum = this.buckets.get(id);
    if (sum) {
      sum.amount += amount;
      sum.count += count;
      if (count < 0) sum.out = true;
    } else {
      this.buckets.set(id, { key, amount, count, out: count < 0 });
    }
  }

  /**
   * Writes the sums into `table` (its key columns `keys`, then amount and count), in one
   * statement for all the buckets (their values as JSON) and one for the removals: per bucket,
   * the statements' own cost was most of the writing (an import touches thousands of payee and
   * month buckets). A bucket a row left that nothing counts in any more is gone, as a group
   * with no rows is from a scan.
   */
  write(db: SqliteDatabase, table: string, keys: readonly string[]): void {
    const rows: SqlValue[][] = [];
    const left: SqlValue[][] = [];
    for (const { key, amount, count, out } of this.buckets.values()) {
      // A row moved within its bucket with its amount unchanged leaves the bucket as it was.
      if (amount === 0 && count === 0) continue;
      rows.push([...key, amount, count]);
      if (out) left.push(key);
    }
    if (rows.length === 0) return;
    const cols = (n: number) => Array.from({ length: n }, (_, i) => `value ->> ${i}`).join(', ');
    db.run(
      `INSERT INTO ${table} (${keys.join(', ')}, amount, count)
       SELECT ${cols(keys.length + 2)} FROM json_each(?) WHERE 1
       ON CONFLICT (${keys.join(', ')}) DO UPDATE
         SET amount = amount + excluded.amount, count = count + excluded.count`,
      [JSON.stringify(rows)],
    );
    if (left.length === 0) return;
    db.run(
      `DELETE FROM ${table} WHERE count = 0
       AND (${keys.join(', ')}) IN (SELECT ${cols(keys.length)} FROM json_each(?))`,
      [JSON.stringify(left)],
    );
  }
}
