/**
 * The report by tag over all time answered from Coffer's tag sums (`../month-sums/tag-store.ts`)
 * instead of every tagged row (issues 30 and 32). The sums keep, per account, month, day
 * bucket, transfer payee, whether the row has a category, and sign, each tag's sum and count,
 * and under the tag '' every row once; both carry how many tags the row's notes hold (0, 1, or
 * 2 for two or more). So the report's total, its '(no tag)' row (and whether there is one), each
 * tag's row and the count of rows with two tags are all sums of buckets.
 *
 * A report's filter is answered when it names only what the buckets keep, as a custom report
 * sends it (`reports/data/custom.ts`): any accounts, whole months, "not these transfer payees",
 * "not uncategorized", payments or deposits. Its filter is compiled as it is, on a sub-select
 * shaped like the view with one row per bucket (as `./month-sums.ts` does).
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { compileQuery } from './compiler.ts';
import { runCompiledQuery } from './exec.ts';
import {
  isAccountCond,
  isDateCond,
  isNotTransferCond,
  isObject,
  isSignCond,
  MONTH,
  readsLiveTransactions,
} from './month-sums.ts';
import { Query, type QueryState } from './query.ts';
import { raw, sql } from './sql.ts';

export const TAG_SUMS_TABLE = 'coffer_tag_sums';

/** The view's columns a routed filter may touch, and the bucket's own (tag, tags, count). */
const SOURCE = `(SELECT tag, tags, count, account, month * 100 + day AS date,
  NULLIF(payee, '') AS payee, CASE WHEN categorized THEN '' END AS category, amount,
  0 AS tombstone, 0 AS is_parent, 0 AS starting_balance_flag, 0 AS sort_order, '' AS id
  FROM ${TAG_SUMS_TABLE})`;

/** One bucket group of the tag sums: a tag ('' for every row once) in one month. */
export interface TagSumsRow {
  tag: string;
  /** How many tags the rows' notes hold: 0, 1, or 2 for two or more. */
  tags: number;
  month: string | number;
  amount: number;
  count: number;
}

/** "Not uncategorized": the sums know only whether a row has a category. */
const isCategorizedCond = (c: unknown) =>
  (Array.isArray(c) ? c : [c]).every(
    (x) => isObject(x) && Object.keys(x).length === 1 && '$ne' in x && x.$ne === null,
  );

function isFilter(f: unknown, transfers: () => ReadonlySet<string>): boolean {
  if (!isObject(f)) return false;
  return Object.entries(f).every(([key, c]) => {
    switch (key) {
      case 'account':
        return isAccountCond(c);
      case 'date':
        return isDateCond(c);
      case 'payee':
        return isNotTransferCond(c, transfers);
      case 'amount':
        return isSignCond(c);
      case 'category':
        return isCategorizedCond(c);
      default:
        return false;
    }
  });
}

/**
 * Whether the tag sums answer the report whose transactions `state` filters (its selection,
 * groups, order and page are not looked at: the report by tag makes its own).
 */
export function answersFromTagSums(
  state: QueryState,
  transfers: () => ReadonlySet<string>,
): boolean {
  if (!readsLiveTransactions(state)) return false;
  return state.filterExpressions.every((f) => isFilter(f, transfers));
}

/**
 * The tag sums by tag, tag count and month over the transactions `state` filters; only for a
 * filter `answersFromTagSums` accepts, on sums made current first.
 */
export function readTagSums(db: SqliteDatabase, state: QueryState): TagSumsRow[] {
  const byMonth = new Query({
    ...state,
    selectExpressions: [{ month: MONTH }, { amount: { $sum: '$amount' } }],
    groupExpressions: [MONTH],
    orderExpressions: [MONTH],
    calculation: false,
    limit: null,
    offset: null,
  });
  const compiled = compileQuery(byMonth);
  const p = compiled.pieces;
  const a = raw(p.alias);
  // The compiled month and sum, beside the bucket's tag, tag count and count.
  const pieces = {
    ...p,
    from: SOURCE,
    select: sql`${a}.tag AS tag, ${a}.tags AS tags, ${p.select}, SUM(${a}.count) AS count`,
    groupBy: p.groupBy && sql`${p.groupBy}, ${a}.tag, ${a}.tags`,
  };
  const rows = runCompiledQuery(db, { ...compiled, pieces });
  return Array.isArray(rows) ? rows.map(toRow) : [];
}

const toRow = (r: Record<string, unknown>): TagSumsRow => ({
  tag: String(r.tag),
  tags: Number(r.tags),
  month: typeof r.month === 'number' ? r.month : String(r.month),
  amount: Number(r.amount),
  count: Number(r.count),
});
