/**
 * Sums by account and month over all time without reading every transaction (issue 30). Coffer
 * keeps `coffer_month_sums` (`../month-sums/`): per account, month, day bucket, transfer payee
 * and sign, the sum and count of the rows `v_transactions_internal_alive` shows at the inline
 * level. Days 1–28 share one bucket (kept as day 1); any other stored day (0, 29–31, or worse)
 * keeps its own, so a date comparison stays exact as long as its boundary does not fall inside
 * days 2–28 of a month. The payee is kept only when it is a transfer payee (so "not a transfer
 * between these accounts" can be asked); the sign keeps `$abs` of a bucket the sum of `$abs`.
 *
 * A grouped sum whose filters, groups and order use only the account, the date, "not these
 * transfer payees" and the sign (net worth, the balance before a range, cash flow by month,
 * custom reports by account or by month) is run on the
 * sums instead: the compiled query is kept, and its source becomes a sub-select shaped like the
 * view, one row per bucket.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { QueryState } from './query.ts';

export const MONTH_SUMS_TABLE = 'coffer_month_sums';

/** The view's columns the routed query may touch (the default order's too), one row per bucket. */
export const MONTH_SUMS_SOURCE = `(SELECT account, month * 100 + day AS date,
  NULLIF(payee, '') AS payee, amount, 0 AS tombstone, 0 AS is_parent,
  0 AS starting_balance_flag, 0 AS sort_order, '' AS id
  FROM ${MONTH_SUMS_TABLE})`;

/**
 * Two partial indexes of the split rows on `transactions`, by account: what a balance over
 * parents reads them through while the account-order table (`account-order.ts`, built in
 * steps) is not built yet. Made once in the file (a read of every transaction, 21 ms natively
 * at 100,000); the table's finished build drops them, and they are stripped with the derived
 * data.
 */
export const SPLIT_INDEXES = ['coffer_trans_split_parents', 'coffer_trans_split_lines'] as const;

export function createSplitIndexes(db: SqliteDatabase): void {
  db.exec(`CREATE INDEX IF NOT EXISTS ${SPLIT_INDEXES[0]} ON transactions (acct) WHERE isParent = 1;
CREATE INDEX IF NOT EXISTS ${SPLIT_INDEXES[1]} ON transactions (acct) WHERE isChild = 1;`);
}

/** The payees that stand for an account (a transfer's payee), deleted ones included. */
export function readTransferPayees(db: SqliteDatabase): ReadonlySet<string> {
  return new Set(
    db
      .all<{ id: string }>('SELECT id FROM payees WHERE transfer_acct IS NOT NULL')
      .map((p) => p.id),
  );
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const MONTH = { $month: '$date' };
const SUM = { $sum: '$amount' };
const ABS_SUM = { $sum: { $abs: '$amount' } };
export const isSum = (e: unknown) => isObject(e) && [SUM, ABS_SUM].some((s) => same(Object.values(e)[0], s)); // prettier-ignore
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A key the sums are grouped by: the account (by name or reference), or the date's month. */
const keyOf = (e: unknown): string | null =>
  e === 'account' || e === '$account' ? 'account' : same(e, MONTH) ? 'month' : null;
const isKey = (e: unknown) => keyOf(e) !== null;

export function isAccountCond(c: unknown): boolean {
  if (typeof c === 'string') return true;
  if (!isObject(c) || Object.keys(c).length !== 1) return false;
  if (typeof c.$eq === 'string') return true;
  return Array.isArray(c.$oneof) && c.$oneof.every((x) => typeof x === 'string');
}

export const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
};

/** One comparison of the date: by month always; by day only off the shared bucket's days. */
function isDateOp(c: unknown): boolean {
  if (!isObject(c)) return false;
  const { $transform, ...ops } = c;
  const keys = Object.keys(ops);
  if (keys.length !== 1 || !(keys[0]! in COMPARE)) return false;
  const value = ops[keys[0]!];
  if ($transform !== undefined) {
    return $transform === '$month' && typeof value === 'string' && /^\d{4}-\d\d$/.test(value);
  }
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const x = Number(value.replace(/-/g, ''));
  const month = Math.floor(x / 100) * 100;
  const cmp = COMPARE[keys[0]!]!;
  // Days 1 and 28 of the boundary's month fall on the same side: the shared bucket does too.
  return cmp(month + 1, x) === cmp(month + 28, x);
}

export function isDateCond(c: unknown): boolean {
  return Array.isArray(c) ? c.length > 0 && c.every(isDateOp) : isDateOp(c);
}

/** "Not this payee" for transfer payees only: the sums keep no other payee. */
export function isNotTransferCond(c: unknown, transfers: () => ReadonlySet<string>): boolean {
  const list = Array.isArray(c) ? c : [c];
  if (!list.every((x) => isObject(x) && Object.keys(x).length === 1 && typeof x.$ne === 'string')) {
    return false;
  }
  // Read once for the whole list: a report names every transfer payee (50 at 1M).
  const known = transfers();
  return list.every((x) => known.has((x as { $ne: string }).$ne));
}

/** `read` run on the first call only: a route asks for the same budget facts many times. */
export function once<T>(read: () => T): () => T {
  let value: { v: T } | null = null;
  return () => (value ??= { v: read() }).v;
}

/**
 * Only payments (`$lt: 0`) or only deposits (`$gt: 0`): a bucket holds one sign, so its sum is
 * on the same side of zero as its rows (a bucket of zeros adds nothing either way).
 */
export function isSignCond(c: unknown): boolean {
  return same(c, { $lt: 0 }) || same(c, { $gt: 0 });
}

function isFilter(f: unknown, transfers: () => ReadonlySet<string>): boolean {
  if (!isObject(f)) return false;
  return Object.entries(f).every(([key, c]) =>
    key === 'account'
      ? isAccountCond(c)
      : key === 'date'
        ? isDateCond(c)
        : key === 'payee'
          ? isNotTransferCond(c, transfers)
          : key === 'amount'
            ? isSignCond(c)
            : false,
  );
}

/** The key a selected expression shows (`'account'`, `{month: {$month: '$date'}}`...). */
function selectedKey(e: unknown): string | null {
  if (e === 'account') return 'account';
  if (!isObject(e) || Object.keys(e).length !== 1) return null;
  return keyOf(Object.values(e)[0]);
}

const isSelection = (e: unknown) => isSum(e) || selectedKey(e) !== null;

/**
 * Whether `state` reads live transactions as kept sums count them: no dead or raw rows, no
 * reference checks, and split parents either left out (`inline`) or kept beside their lines
 * (`grouped`). Every kept-sums route starts from this.
 */
export function readsLiveTransactions(state: QueryState): boolean {
  const splits = state.tableOptions?.splits;
  if (state.table !== 'transactions' || state.withDead || state.validateRefs || state.rawMode) {
    return false;
  }
  return splits === undefined || splits === 'inline' || splits === 'grouped';
}

/**
 * Whether the query can be answered from the month sums, with the same result. `transfers`
 * gives the transfer payees (`readTransferPayees`), read only when a filter names a payee.
 */
export function answersFromMonthSums(
  state: QueryState,
  transfers: () => ReadonlySet<string>,
): boolean {
  if (!readsLiveTransactions(state)) return false;
  if (state.limit !== null || state.offset !== null) return false;
  if (!state.selectExpressions.some(isSum)) return false;
  if (!state.calculation && state.groupExpressions.length === 0) return false;
  return (
    state.filterExpressions.every((f) => isFilter(f, transfers)) &&
    state.selectExpressions.every(isSelection) &&
    state.groupExpressions.every(isKey) &&
    state.orderExpressions.every(isKey) &&
    // Every selected key must be grouped by, or SQLite would pick one row's value.
    state.selectExpressions.every(
      (e) => isSum(e) || state.groupExpressions.some((g) => keyOf(g) === selectedKey(e)),
    )
  );
}
