/**
 * Custom reports grouped by category (or category group, which the web sums from categories) or
 * by payee over all time, answered from Coffer's group sums (`../month-sums/group-store.ts`)
 * instead of every transaction (issue 30). The sums keep accounts only as scopes (on budget,
 * off budget, none), so the report's account filter must be every open account on budget, or
 * every open account; it is then dropped from the query and the scopes chosen in its source.
 * The rest of the query is compiled as it is, on a sub-select shaped like the view with one row
 * per bucket: the category and payee come through their mappings as the view's do.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import {
  COMPARE,
  isDateCond,
  isObject,
  isSignCond,
  isSum,
  MONTH,
  once,
  readsLiveTransactions,
  same,
} from './month-sums.ts';
import type { QueryState } from './query.ts';
import { SUMS_COLUMNS } from './sums-rest.ts';

export const CATEGORY_SUMS_TABLE = 'coffer_category_sums';
export const PAYEE_SUMS_TABLE = 'coffer_payee_sums';
export const PAYEE_TOTALS_TABLE = 'coffer_payee_totals';

/** What a route needs to know of the budget, read only when a query could be routed. */
export interface GroupSumsContext {
  /** The payees that stand for an account. */
  transfers(): ReadonlySet<string>;
  /** The open accounts on budget, and all open accounts. */
  accounts(): { onBudget: ReadonlySet<string>; open: ReadonlySet<string> };
  /**
   * The first and last dates the payee sums hold in these scopes (a day-1 bucket as days 1 and
   * 28), null when they hold nothing, false when they are not made yet (the query handler
   * routes once before it builds them).
   */
  payeeDates(scopes: readonly number[]): { first: number; last: number } | null | false;
}

/**
 * `building`: the sums' build is under way, so the payee totals over all time (made from the
 * months the build has summed) are not read; the months and the rows after them are.
 */
export function groupSumsContext(db: SqliteDatabase, building = false): GroupSumsContext {
  // Each read once per context (one query): a report's filter names every transfer payee.
  return {
    transfers: once(
      () =>
        new Set(
          db
            .all<{ id: string }>('SELECT id FROM payees WHERE transfer_acct IS NOT NULL')
            .map((p) => p.id),
        ),
    ),
    accounts: once(() => {
      const rows = db.all<{ id: string; off: number | null }>(
        'SELECT id, offbudget AS off FROM accounts WHERE IFNULL(tombstone, 0) = 0',
      );
      return {
        onBudget: new Set(rows.filter((r) => !r.off).map((r) => r.id)),
        open: new Set(rows.map((r) => r.id)),
      };
    }),
    payeeDates: (scopes) => !building && bucketDates(db, scopes),
  };
}

/** Two reads of the payee sums' key (scope, month, day) per scope: no scan. */
function bucketDates(db: SqliteDatabase, scopes: readonly number[]) {
  if (!db.first("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [PAYEE_SUMS_TABLE])) return false; // prettier-ignore
  let first = Infinity;
  let last = -Infinity;
  for (const scope of scopes) {
    const end = (order: string) =>
      db.first<{ month: number; day: number }>(
        `SELECT month, day FROM ${PAYEE_SUMS_TABLE} WHERE scope = ? ORDER BY month ${order}, day ${order} LIMIT 1`,
        [scope],
      );
    const lo = end('ASC');
    const hi = end('DESC');
    if (!lo || !hi) continue;
    first = Math.min(first, lo.month * 100 + lo.day);
    last = Math.max(last, hi.month * 100 + (hi.day === 1 ? 28 : hi.day));
  }
  return first <= last ? { first, last } : null;
}

/** Whether a date condition (`isDateCond`) holds for the stored date `date` (YYYYMMDD). */
function dateHolds(c: unknown, date: number): boolean {
  return (Array.isArray(c) ? c : [c]).every((op: Record<string, unknown>) => {
    const { $transform, ...ops } = op;
    const [name, value] = Object.entries(ops)[0]!;
    const bound = Number(String(value).replace(/-/g, ''));
    // By month, the date's month (YYYYMM) is compared, as the compiled `$month` does.
    return COMPARE[name]!($transform === undefined ? date : Math.trunc(date / 100), bound);
  });
}

type Kind = 'category' | 'payee';

const sourceOf = (kind: Kind | 'payee-total', scopes: readonly number[]) =>
  kind === 'category'
    ? `(SELECT s.month * 100 + s.day AS date, cm.transferId AS category,
  NULLIF(s.payee, '') AS payee, CASE WHEN s.linked THEN '' END AS transfer_id,
  s.amount AS amount, 0 AS tombstone, 0 AS is_parent,
  0 AS starting_balance_flag, 0 AS sort_order, '' AS id
  FROM ${CATEGORY_SUMS_TABLE} s LEFT JOIN category_mapping cm ON cm.id = s.category
  WHERE s.scope IN (${scopes.join(', ')}))`
    : kind === 'payee-total'
      ? `(SELECT NULL AS date, pm.targetId AS payee,
  CASE WHEN s.categorized THEN '' END AS category, s.amount AS amount, 0 AS tombstone,
  0 AS is_parent, 0 AS starting_balance_flag, 0 AS sort_order, '' AS id
  FROM ${PAYEE_TOTALS_TABLE} s LEFT JOIN payee_mapping pm ON pm.id = s.payee
  WHERE s.scope IN (${scopes.join(', ')}))`
      : `(SELECT s.month * 100 + s.day AS date, pm.targetId AS payee,
  CASE WHEN s.categorized THEN '' END AS category, s.amount AS amount, 0 AS tombstone,
  0 AS is_parent, 0 AS starting_balance_flag, 0 AS sort_order, '' AS id
  FROM ${PAYEE_SUMS_TABLE} s LEFT JOIN payee_mapping pm ON pm.id = s.payee
  WHERE s.scope IN (${scopes.join(', ')}))`;

/** The report's key: the category, the payee, or the date's month. */
function keyOf(e: unknown): Kind | 'month' | null {
  if (e === 'category' || e === '$category') return 'category';
  if (e === 'payee' || e === '$payee') return 'payee';
  return same(e, MONTH) ? 'month' : null;
}

function selectedKey(e: unknown): Kind | 'month' | null {
  if (e === 'category' || e === 'payee') return e;
  if (!isObject(e) || Object.keys(e).length !== 1) return null;
  return keyOf(Object.values(e)[0]);
}

const list = (c: unknown): unknown[] => (Array.isArray(c) ? c : [c]);
const isNe = (x: unknown, ok: (v: unknown) => boolean) =>
  isObject(x) && Object.keys(x).length === 1 && '$ne' in x && ok(x.$ne);

/** The category conditions a report sends: "not uncategorized", "not these hidden ones". */
function isCategoryCond(kind: Kind, c: unknown): boolean {
  const each =
    kind === 'category'
      ? (v: unknown) => v === null || typeof v === 'string'
      : (v: unknown) => v === null; // the payee sums know only whether a category is set
  return list(c).every((x) => isNe(x, each));
}

/**
 * The spending report's "a category, or no transfer" (`reports/data/spending.ts`): by category
 * only, whose sums know whether a row is one side of a transfer.
 */
const SPENDING = [{ category: { $ne: null } }, { transfer_id: null }];
const isSpendingCond = (kind: Kind, c: unknown) => kind === 'category' && same(c, SPENDING);

/** "Not this payee": any payee by payee; by category, transfer payees only. */
function isPayeeCond(kind: Kind, c: unknown, ctx: GroupSumsContext): boolean {
  const ok = kind === 'payee' ? (v: unknown) => typeof v === 'string' : (v: unknown) => typeof v === 'string' && ctx.transfers().has(v); // prettier-ignore
  return list(c).every((x) => isNe(x, ok));
}

/** The scopes an account condition names: every open account on budget, or every open one. */
function scopesOf(c: unknown, ctx: GroupSumsContext): number[] | null {
  if (!isObject(c) || Object.keys(c).length !== 1 || !Array.isArray(c.$oneof)) return null;
  const ids = new Set(c.$oneof);
  if (![...ids].every((id) => typeof id === 'string')) return null;
  const { onBudget, open } = ctx.accounts();
  const equal = (s: ReadonlySet<string>) => s.size === ids.size && [...s].every((id) => ids.has(id)); // prettier-ignore
  return equal(onBudget) ? [1] : equal(open) ? [1, 2] : null;
}

export interface GroupSumsRoute {
  state: QueryState;
  /** The sums sub-select the rewritten query reads. */
  from: string;
  /** The view's columns `from` stands for, in its order. */
  columns: readonly string[];
  /** The accounts the dropped account filter named (null: no filter). */
  accounts: ReadonlySet<string> | null;
}

/**
 * The query rewritten for the group sums (its account filter dropped) and the source to read
 * it from, or null when the sums cannot answer it exactly.
 */
export function routeToGroupSums(state: QueryState, ctx: GroupSumsContext): GroupSumsRoute | null {
  if (!readsLiveTransactions(state)) return null;
  if (state.limit !== null || state.offset !== null || state.calculation) return null;
  const keys = state.groupExpressions.map(keyOf);
  const kind = keys.includes('category') ? 'category' : keys.includes('payee') ? 'payee' : null;
  if (!kind || keys.some((k) => k !== kind && k !== 'month')) return null;
  if (!state.selectExpressions.some(isSum)) return null;
  const fine = state.selectExpressions.every((e) => {
    if (isSum(e)) return true;
    const k = selectedKey(e);
    return k !== null && keys.includes(k);
  });
  if (!fine || !state.orderExpressions.every((e) => keys.includes(keyOf(e)))) return null;

  let scopes: number[] = [0, 1, 2];
  let accounts: ReadonlySet<string> | null = null;
  let accountConds = 0;
  const filters: QueryState['filterExpressions'] = [];
  for (const f of state.filterExpressions) {
    if (!isObject(f)) return null;
    const rest: Record<string, unknown> = {};
    for (const [key, c] of Object.entries(f)) {
      if (key === 'account') {
        const s = scopesOf(c, ctx);
        if (!s || ++accountConds > 1) return null;
        scopes = s;
        accounts = s.length === 1 ? ctx.accounts().onBudget : ctx.accounts().open;
        continue;
      }
      const ok =
        key === 'date'
          ? isDateCond(c)
          : key === 'amount'
            ? isSignCond(c)
            : key === 'category'
              ? isCategoryCond(kind, c)
              : key === 'payee'
                ? isPayeeCond(kind, c, ctx)
                : key === '$or'
                  ? isSpendingCond(kind, c)
                  : false;
      if (!ok) return null;
      rest[key] = c;
    }
    if (Object.keys(rest).length > 0) filters.push(rest);
  }
  if (kind === 'payee' && !keys.includes('month')) {
    const total = allTime(filters, ctx.payeeDates(scopes));
    if (total) return { state: { ...state, filterExpressions: total }, from: sourceOf('payee-total', scopes), columns: [], accounts }; // prettier-ignore
  }
  return { state: { ...state, filterExpressions: filters }, from: sourceOf(kind, scopes), columns: SUMS_COLUMNS[kind], accounts }; // prettier-ignore
}

/**
 * The filters without their dates when every date the payee sums hold passes them (a report
 * over all time), so the totals over all time answer; null otherwise. A date condition is an
 * interval, so its two ends decide.
 */
function allTime(
  filters: QueryState['filterExpressions'],
  dates: { first: number; last: number } | null | false,
): QueryState['filterExpressions'] | null {
  if (dates === false) return null;
  const out: QueryState['filterExpressions'] = [];
  for (const f of filters) {
    const { date, ...rest } = f as Record<string, unknown>;
    if (date !== undefined && dates && !(dateHolds(date, dates.first) && dateHolds(date, dates.last))) return null; // prettier-ignore
    if (Object.keys(rest).length > 0) out.push(rest);
  }
  return out;
}
