/**
 * Reading a query cell's value without a full read where the month sums can answer it (issue
 * 29): the sidebar's balances are sums of amounts over the accounts their filters name (one
 * account, every open one, the open ones on or off budget). Each was a read of every transaction
 * through the view: at 100,000 rows about 1.7 s of a phone-class worker per cell, one per timer
 * turn, and a save waited behind them. From the month sums (`../month-sums/`) the same sum is a
 * few hundred rows, whatever the number of transactions.
 *
 * The accounts are found with the cell's own conditions on the accounts table (the compiler
 * joins the stored table the same way, a deleted account included or not as the cell's query
 * would), then summed from the sums. A cell over parents (`splits: 'none'`, an account's own
 * balance as the register shows it) differs from the sums (children) only by split parents whose
 * lines do not add up to them: those are read through an index of split rows (`parentsOverLines`).
 * Anything else reads as before; a cell whose sums are not current yet waits for their build
 * under way (`sumsFor`, `query-cells.ts`) rather than read every row.
 * `cell-read.test.ts` holds every shape equal to the full read through random edits.
 */
import type { Budget } from '../budget-file/budget.ts';
import type { DerivedData } from '../budget-file/derived-data.ts';
import { groupSums, monthSums } from '../month-sums/slot.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { compileQuery } from '../query/compiler.ts';
import { runCompiledQuery, runQuery } from '../query/exec.ts';
import { CATEGORY_SUMS_TABLE } from '../query/group-sums.ts';
import {
  createSplitIndexes,
  isObject,
  MONTH_SUMS_TABLE,
  same,
  SPLIT_INDEXES,
} from '../query/month-sums.ts';
import { ACCOUNT_ORDER_SPLITS, ACCOUNT_ORDER_TABLE } from '../query/account-order.ts';
import { accountOrder } from './account-order.ts';
import type { QueryState } from '../query/query.ts';
import type { ChangeEvent, Row } from '../sync/types.ts';

export interface CellValue {
  value: unknown;
  /** Read from the month sums (a few rows), not every transaction. */
  routed: boolean;
  /** The accounts a read from the month sums summed; null for any other read. */
  accounts: readonly string[] | null;
}

/** An account condition as the web sends it: one id, `$eq` one, `$oneof` a list. */
function isIdCond(c: unknown): boolean {
  if (typeof c === 'string') return true;
  if (!isObject(c) || Object.keys(c).length !== 1) return false;
  if (typeof c.$eq === 'string') return true;
  return Array.isArray(c.$oneof) && c.$oneof.every((x) => typeof x === 'string');
}

const ACCOUNT_FLAGS = new Set(['closed', 'offbudget']);

/**
 * The accounts-table query that names the cell's accounts, or null when a filter asks about
 * anything but the account (its id, or whether it is closed or off budget). Only for a query
 * that validates refs: its `account` then reads through the alive accounts, as
 * `account.closed` does and as this query on the accounts table does.
 */
function accountsQuery(state: QueryState): QueryState | null {
  if (!state.validateRefs) return null;
  const filters: Record<string, unknown>[] = [];
  for (const f of state.filterExpressions) {
    if (!isObject(f)) return null;
    const onAccounts: Record<string, unknown> = {};
    for (const [key, c] of Object.entries(f)) {
      if (key === 'account' && isIdCond(c)) onAccounts.id = c;
      else if (
        key.startsWith('account.') &&
        ACCOUNT_FLAGS.has(key.slice(8)) &&
        typeof c === 'boolean'
      )
        onAccounts[key.slice(8)] = c; // prettier-ignore
      else return null;
    }
    filters.push(onAccounts);
  }
  return {
    table: 'accounts',
    tableOptions: {},
    filterExpressions: filters,
    selectExpressions: ['id'],
    groupExpressions: [],
    orderExpressions: [],
    calculation: false,
    rawMode: false,
    withDead: false,
    validateRefs: true,
    limit: null,
    offset: null,
  };
}

/** A sum of amounts over transactions, as a cell asks it (no groups, no page). */
function isAmountSum(state: QueryState): boolean {
  const splits = state.tableOptions?.splits;
  return (
    state.table === 'transactions' &&
    state.calculation &&
    !state.withDead &&
    !state.rawMode &&
    state.limit === null &&
    state.offset === null &&
    state.groupExpressions.length === 0 &&
    state.selectExpressions.length === 1 &&
    isObject(state.selectExpressions[0]) &&
    same(Object.values(state.selectExpressions[0])[0], { $sum: '$amount' }) &&
    (splits === undefined || splits === 'inline' || splits === 'grouped' || splits === 'none')
  );
}

/**
 * The parents' level minus the lines' level, over these accounts: each alive split parent (as
 * the view shows it) in, each line the view shows at the inline level out. The split rows are
 * found through the account-order table's partial index of them once it is built
 * (`../query/account-order.ts`, built in steps), and through two partial indexes on
 * `transactions` until then (made here once, `createSplitIndexes`). A read never finishes the
 * table's build: at 100,000 rows that was 1 s of a phone's worker inside a save's cell read
 * (11 s natively at 1,000,000). The index is named: once the file has statistics, the planner
 * may prefer another and read every row of the account (0.5 ms became 200 ms after a save at
 * 100,000 rows).
 */
function parentsOverLines(db: SqliteDatabase, ids: string, byTable: boolean): number {
  const inAccounts = 'IN (SELECT value FROM json_each(?))';
  // The split rows (aliased `alias`) of these accounts, and the condition that picks them.
  const splits = (alias: string, index: string) =>
    byTable
      ? `${ACCOUNT_ORDER_TABLE} o INDEXED BY ${ACCOUNT_ORDER_SPLITS} CROSS JOIN transactions ${alias} ON ${alias}.id = o.id
        WHERE o.split = 1 AND o.acct ${inAccounts}`
      : `transactions ${alias} INDEXED BY ${index} WHERE ${alias}.acct ${inAccounts}`;
  if (!byTable) createSplitIndexes(db);
  const row = db.first<{ parents: number; lines: number }>(
    `SELECT
      (SELECT IFNULL(SUM(IFNULL(t.amount, 0)), 0) FROM ${splits('t', SPLIT_INDEXES[0])}
          AND t.isParent = 1 AND t.isChild = 0 AND t.acct IS NOT NULL
          AND IFNULL(t.tombstone, 0) = 0 AND t.date IS NOT NULL) AS parents,
      (SELECT IFNULL(SUM(IFNULL(c.amount, 0)), 0) FROM ${splits('c', SPLIT_INDEXES[1])}
          AND c.isChild = 1 AND c.isParent = 0 AND c.acct IS NOT NULL
          AND c.parent_id IS NOT NULL AND IFNULL(c.tombstone, 0) = 0 AND c.date IS NOT NULL
          AND (SELECT p.tombstone FROM transactions p WHERE p.id = c.parent_id) = 0) AS lines`,
    [ids, ids],
  );
  return (row?.parents ?? 0) - (row?.lines ?? 0);
}

/** Kept corrections past this many sets of accounts: the oldest goes. */
const MAX_KEPT_SPLIT_SUMS = 64;

/**
 * The split rows' correction (`parentsOverLines`) of each set of accounts, kept between reads
 * of the cells over parents: it moves only when a split row is written (a parent or a line,
 * before or after), or a row some line names as its parent appears, goes or changes its
 * tombstone. A save of a plain transaction then re-reads the month sums alone: at 100,000 rows
 * each read of the split rows was 11 ms natively, four of them in every save for the sidebar.
 */
export class SplitSums {
  private readonly byAccounts = new Map<string, number>();

  constructor(private readonly db: SqliteDatabase) {}

  /** Forgets every kept correction the committed change may have moved. */
  forget(event: ChangeEvent): void {
    if (this.byAccounts.size === 0 || !event.tables.includes('transactions')) return;
    const changes = event.changes.get('transactions');
    if (!changes) return this.byAccounts.clear();
    const named: string[] = [];
    for (const { id, old, new: now } of changes) {
      if (isSplitRow(old) || isSplitRow(now)) return this.byAccounts.clear();
      if (!old || !now || old.tombstone !== now.tombstone) named.push(id);
    }
    if (named.length === 0) return;
    const parent = this.db.first(
      `SELECT 1 FROM transactions WHERE parent_id IN (SELECT value FROM json_each(?)) LIMIT 1`,
      [JSON.stringify(named)],
    );
    if (parent) this.byAccounts.clear();
  }

  /** The correction over these accounts (a JSON list of ids), kept or read. */
  get(ids: string, splitsByTable: boolean): number {
    const kept = this.byAccounts.get(ids);
    if (kept !== undefined) return kept;
    const value = parentsOverLines(this.db, ids, splitsByTable);
    if (this.byAccounts.size >= MAX_KEPT_SPLIT_SUMS) {
      this.byAccounts.delete(this.byAccounts.keys().next().value!);
    }
    this.byAccounts.set(ids, value);
    return value;
  }
}

const isSplitRow = (row: Row | null): boolean =>
  row !== null && (row.isParent === 1 || row.isChild === 1);

/**
 * The sum from the month sums, or null when they cannot answer it exactly. `splitSums` keeps
 * the split rows' correction between reads (a cell's reads after each write).
 */
export function readFromMonthSums(
  db: SqliteDatabase,
  state: QueryState,
  splitsByTable = true,
  splitSums: SplitSums | null = null,
): number | null {
  return monthSumsRead(db, state, splitsByTable, splitSums)?.value ?? null;
}

/** A sum read from the sums, with the accounts it summed (null when not by accounts). */
export interface SumsRead {
  value: number;
  accounts: readonly string[] | null;
}

function monthSumsRead(
  db: SqliteDatabase,
  state: QueryState,
  splitsByTable: boolean,
  splitSums: SplitSums | null,
): SumsRead | null {
  if (!isAmountSum(state)) return null;
  const accounts = accountsQuery(state);
  if (!accounts) return null;
  const rows = runQuery<Array<{ id: string }>>(db, accounts).data;
  const list = rows.map((r) => r.id);
  const ids = JSON.stringify(list);
  const sum =
    db.first<{ s: number }>(
      `SELECT IFNULL(SUM(amount), 0) AS s FROM ${MONTH_SUMS_TABLE}
       WHERE account IN (SELECT value FROM json_each(?))`,
      [ids],
    )?.s ?? 0;
  if (state.tableOptions?.splits !== 'none') return { value: sum, accounts: list };
  const correction = splitSums?.get(ids, splitsByTable) ?? parentsOverLines(db, ids, splitsByTable);
  return { value: sum + correction, accounts: list };
}

/**
 * The category sums of the accounts on budget, shaped like the view (category and transfer
 * payee through their mappings, as `../query/group-sums.ts` reads them), the bucket's sum or
 * count of rows as its amount.
 */
const onBudgetSource = (measure: 'amount' | 'count') => `(SELECT s.month * 100 + s.day AS date,
  cm.transferId AS category, NULLIF(s.payee, '') AS payee, s.${measure} AS amount,
  0 AS tombstone, 0 AS is_parent, 0 AS starting_balance_flag, 0 AS sort_order, '' AS id
  FROM ${CATEGORY_SUMS_TABLE} s LEFT JOIN category_mapping cm ON cm.id = s.category
  WHERE s.scope = 1)`;

/** A condition on the category or the payee only (what the category sums keep), any nesting. */
function onCategoryOrPayee(f: unknown): boolean {
  if (Array.isArray(f)) return f.every(onCategoryOrPayee);
  if (!isObject(f)) return false;
  return Object.entries(f).every(([key, c]) =>
    key === '$or' || key === '$and'
      ? onCategoryOrPayee(c)
      : key === 'category' || key === 'payee' || key.startsWith('payee.'),
  );
}

/**
 * The uncategorized balance and count (rows of the accounts on budget by their category and
 * payee) from the category sums, or null for any other shape. Scope 1 of the sums is an alive
 * account on budget with its flags read as 0 when unset; the query's join reads unset flags as
 * neither, so a budget with such an account reads every row instead.
 */
export function readFromCategorySums(db: SqliteDatabase, state: QueryState): number | null {
  const source = categorySumsRead(db, state);
  return source ? Number(runCompiledQuery(db, source) ?? 0) : null;
}

/** The compiled read of the category sums that answers the cell, or null for another shape. */
function categorySumsRead(db: SqliteDatabase, state: QueryState) {
  const splits = state.tableOptions?.splits;
  if (state.table !== 'transactions' || !state.calculation || !state.validateRefs) return null;
  if (state.withDead || state.rawMode || state.groupExpressions.length > 0) return null;
  if (splits !== undefined && splits !== 'inline') return null;
  if (state.limit !== null || state.offset !== null || state.selectExpressions.length !== 1) {
    return null;
  }
  const expr = isObject(state.selectExpressions[0])
    ? Object.values(state.selectExpressions[0])[0]
    : null;
  const measure = same(expr, { $sum: '$amount' })
    ? 'amount'
    : same(expr, { $count: '$id' })
      ? 'count'
      : null;
  if (!measure) return null;
  let onBudget = 0;
  const filters: QueryState['filterExpressions'] = [];
  for (const f of state.filterExpressions) {
    if (!isObject(f)) return null;
    const { 'account.offbudget': off, ...rest } = f;
    if (off !== undefined) {
      if (off !== false) return null;
      onBudget += 1;
    }
    if (!onCategoryOrPayee(rest)) return null;
    if (Object.keys(rest).length > 0) filters.push(rest);
  }
  if (onBudget === 0) return null;
  const unset = db.first(
    'SELECT 1 FROM accounts WHERE tombstone IS NULL OR offbudget IS NULL LIMIT 1',
  );
  if (unset) return null;
  const rewritten: QueryState = {
    ...state,
    filterExpressions: filters,
    selectExpressions: [{ result: { $sum: '$amount' } }],
  };
  const compiled = compileQuery(rewritten);
  return { ...compiled, pieces: { ...compiled.pieces, from: onBudgetSource(measure) } };
}

/**
 * A cell's value: from the month sums or the category sums when they are current and answer it,
 * else the full read.
 */
export function readCell(
  budget: Budget,
  state: QueryState,
  splitSums: SplitSums | null = null,
): CellValue {
  const read = readSums(budget, state, splitSums);
  if (read !== null) return { value: read.value, routed: true, accounts: read.accounts };
  return { value: runQuery(budget.sqlite, state).data, routed: false, accounts: null };
}

/** The value from the sums, or null when none that are current answer it. */
export function readFromSums(
  budget: Budget,
  state: QueryState,
  splitSums: SplitSums | null = null,
): number | null {
  return readSums(budget, state, splitSums)?.value ?? null;
}

/** The value from the sums and the accounts it summed, or null (see `readFromSums`). */
export function readSums(
  budget: Budget,
  state: QueryState,
  splitSums: SplitSums | null = null,
): SumsRead | null {
  const byMonth = monthSums(budget).isCurrent()
    ? monthSumsRead(budget.sqlite, state, accountOrder(budget).isCurrent(), splitSums)
    : null;
  if (byMonth !== null) return byMonth;
  if (!groupSums(budget).isCurrent()) return null;
  const value = readFromCategorySums(budget.sqlite, state);
  return value === null ? null : { value, accounts: null };
}

/**
 * The sums that would answer the cell's shape (whether or not they are current), or null: a
 * cell whose sums are being built waits for them instead of reading every row meanwhile.
 */
export function sumsFor(budget: Budget, state: QueryState): DerivedData | null {
  if (isAmountSum(state) && accountsQuery(state) !== null) return monthSums(budget);
  return categorySumsRead(budget.sqlite, state) ? groupSums(budget) : null;
}
