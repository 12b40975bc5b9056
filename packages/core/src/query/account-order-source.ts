/**
 * The account-order table's names and what a read may use of it (`account-order.ts` has the
 * table itself): apart, so the search's compiler (`search.ts`) reads through it without an
 * import cycle.
 */
import { bind, raw, type Sql, sql } from './sql.ts';

export const ACCOUNT_ORDER_TABLE = 'coffer_account_order';
/** The partial index of split rows (parents and lines) by account. */
export const ACCOUNT_ORDER_SPLITS = `${ACCOUNT_ORDER_TABLE}_splits`;
/** The former plain index on `transactions` (dropped where an older Coffer left it). */
export const OLD_ACCOUNT_ORDER_INDEX = 'coffer_trans_account_order';

/**
 * How much of the table a read may use: every row (`from` null: current), or the rows dated
 * from `from` on (SQLite's comparison) while it builds.
 */
export interface AccountOrderReach {
  from: number | string | null;
}

/**
 * The ids of the rows whose stored `column` (`acct`, `description`, `amount`) is one of
 * `values`, as a sub-select for the search (`search.ts`): through the table's indexes as far as
 * it reaches, and by a scan of the stored rows it does not hold yet. The rows it leaves out (no
 * account or date) are never shown, so the search's answer is the same.
 */
export function idsByColumn(
  reach: AccountOrderReach | null,
  column: 'acct' | 'description' | 'amount',
  values: Sql,
): Sql {
  const col = raw(column);
  const stored = sql`SELECT id FROM transactions WHERE ${col} IN (${values})`;
  if (!reach) return stored;
  const held = sql`SELECT id FROM ${raw(ACCOUNT_ORDER_TABLE)} WHERE ${col} IN (${values})`;
  if (reach.from === null) return held;
  // The date bound is kept off the date index (`+`): the rows before it are most of the file
  // early in the build, and one scan reads them faster than a lookup each.
  return sql`${held} UNION ALL SELECT id FROM transactions WHERE +date < ${bind(reach.from)} AND ${col} IN (${values})`;
}
