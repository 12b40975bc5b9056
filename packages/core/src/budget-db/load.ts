/**
 * Reading the budget sheet's inputs from the budget database. The spending sum follows the
 * rows Actual's `v_transactions_internal_alive` view counts for `sum-amount-<cat>` (see
 * `spendingOf` in spending-rows.ts for the same rule on one row): alive, dated, in an existing
 * account with offbudget = 0, not a split parent, a child only under a live parent, category
 * read through category_mapping, and a date inside a real calendar month.
 */
import {
  BudgetSheet,
  budgetBounds,
  fromDbMonth,
  isMonth,
  type BudgetBounds,
  type BudgetCache,
  type BudgetRowInput,
  type BudgetType,
  type CategoryInfo,
  type CategoryMonthAmount,
  type GroupInfo,
  type Month,
  type MonthAmount,
} from '../budget/index.ts';
import type { SqliteDatabase, SqlValue } from '../platform/index.ts';
import { monthOfDateInt } from './spending-rows.ts';

export function budgetTable(type: BudgetType): 'zero_budgets' | 'reflect_budgets' {
  return type === 'report' ? 'reflect_budgets' : 'zero_budgets';
}

/** 1..28 always; 29..31 by the month's length (leap years included). */
const VALID_DAY = `(t.date / 100 % 100 BETWEEN 1 AND 12 AND t.date % 100 BETWEEN 1 AND
  CASE t.date / 100 % 100
    WHEN 2 THEN CASE WHEN (t.date / 10000 % 4 = 0 AND t.date / 10000 % 100 != 0)
                       OR t.date / 10000 % 400 = 0 THEN 29 ELSE 28 END
    WHEN 4 THEN 30 WHEN 6 THEN 30 WHEN 9 THEN 30 WHEN 11 THEN 30 ELSE 31 END)`;

const SPENT_FROM = `FROM transactions t
JOIN category_mapping cm ON cm.id = t.category
JOIN accounts a ON a.id = t.acct
LEFT JOIN transactions p ON t.isChild = 1 AND p.id = t.parent_id
WHERE t.date IS NOT NULL AND typeof(t.date) = 'integer' AND ${VALID_DAY}
  AND IFNULL(t.tombstone, 0) = 0
  AND t.isParent IS NOT 1
  AND (t.isChild = 0 OR (t.isChild = 1 AND p.tombstone = 0))
  AND cm.transferId IS NOT NULL
  AND a.offbudget = 0`;

const SPENT_SQL = `SELECT t.date / 100 AS month, cm.transferId AS category,
  SUM(IFNULL(t.amount, 0)) AS amount ${SPENT_FROM}`;

interface SpentRow {
  month: number;
  category: string;
  amount: number | null;
}

function toSpent(rows: SpentRow[]): CategoryMonthAmount[] {
  const out: CategoryMonthAmount[] = [];
  for (const r of rows) {
    const month = fromDbMonth(r.month);
    if (isMonth(month)) out.push({ month, category: r.category, amount: Number(r.amount ?? 0) });
  }
  return out;
}

/** Σ amount per month and (mapped) category over every counted transaction. */
export function readSpent(db: SqliteDatabase): CategoryMonthAmount[] {
  return toSpent(db.all<SpentRow>(`${SPENT_SQL} GROUP BY 1, 2`));
}

/** The same sums for a few categories only (after a mapping or an account change). */
export function readSpentFor(
  db: SqliteDatabase,
  categories: readonly string[],
): CategoryMonthAmount[] {
  const out: CategoryMonthAmount[] = [];
  for (let i = 0; i < categories.length; i += 500) {
    const chunk = categories.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(', ');
    const sql = `${SPENT_SQL} AND cm.transferId IN (${marks}) GROUP BY 1, 2`;
    out.push(...toSpent(db.all<SpentRow>(sql, chunk)));
  }
  return out;
}

/** The categories the rows of these accounts are (now) mapped to. */
export function categoriesOfAccounts(db: SqliteDatabase, accounts: readonly string[]): string[] {
  return distinctMapped(db, 't.acct', accounts);
}

/** The categories the child rows of these parents are (now) mapped to. */
export function categoriesOfChildren(db: SqliteDatabase, parents: readonly string[]): string[] {
  return distinctMapped(db, 't.parent_id', parents);
}

function distinctMapped(db: SqliteDatabase, column: string, ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(', ');
    const rows = db.all<{ c: string | null }>(
      `SELECT DISTINCT cm.transferId AS c FROM transactions t
       JOIN category_mapping cm ON cm.id = t.category WHERE ${column} IN (${marks})`,
      chunk,
    );
    for (const r of rows) if (r.c !== null) out.add(r.c);
  }
  return [...out];
}

export function readGroups(db: SqliteDatabase): GroupInfo[] {
  return db
    .all<{ id: string; is_income: SqlValue }>(
      'SELECT id, is_income FROM category_groups WHERE tombstone = 0',
    )
    .map((g) => ({ id: g.id, isIncome: !!g.is_income }));
}

export function readCategories(db: SqliteDatabase): CategoryInfo[] {
  return db
    .all<{ id: string; cat_group: string | null; is_income: SqlValue }>(
      'SELECT id, cat_group, is_income FROM categories WHERE tombstone = 0',
    )
    .map((c) => ({ id: c.id, groupId: c.cat_group ?? '', isIncome: !!c.is_income }));
}

interface BudgetDbRow {
  month: SqlValue;
  category: SqlValue;
  amount: SqlValue;
  carryover: SqlValue;
}

/** A stored budget row as sheet input, or null when it names no month or category. */
export function budgetRowInput(row: Partial<BudgetDbRow>): BudgetRowInput | null {
  if (row.month == null || typeof row.category !== 'string') return null;
  const month = fromDbMonth(Number(row.month));
  if (!isMonth(month)) return null;
  const amount = typeof row.amount === 'number' ? row.amount : Number(row.amount ?? 0);
  return {
    month,
    category: row.category,
    amount: Number.isFinite(amount) ? amount : 0,
    carryover: row.carryover === 1 || row.carryover === 1n,
  };
}

export function readBudgetRows(db: SqliteDatabase, type: BudgetType): BudgetRowInput[] {
  const rows = db.all<BudgetDbRow>(
    `SELECT month, category, amount, carryover FROM ${budgetTable(type)}`,
  );
  const out: BudgetRowInput[] = [];
  for (const r of rows) {
    const input = budgetRowInput(r);
    if (input) out.push(input);
  }
  return out;
}

export function bufferedInput(row: { id?: SqlValue; buffered?: SqlValue }): MonthAmount | null {
  if (typeof row.id !== 'string' || !isMonth(row.id)) return null;
  const amount = Number(row.buffered ?? 0);
  return { month: row.id, amount: Number.isFinite(amount) ? amount : 0 };
}

export function readBuffered(db: SqliteDatabase): MonthAmount[] {
  const out: MonthAmount[] = [];
  for (const r of db.all<{ id: SqlValue; buffered: SqlValue }>(
    'SELECT id, buffered FROM zero_budget_months',
  )) {
    const input = bufferedInput(r);
    if (input) out.push(input);
  }
  return out;
}

/** The month of the earliest dated non-child transaction, deleted ones included (as Actual). */
export function readEarliestMonth(db: SqliteDatabase): Month | null {
  const row = db.first<{ d: SqlValue }>(
    'SELECT MIN(date) AS d FROM transactions WHERE isChild = 0 AND date IS NOT NULL',
  );
  return typeof row?.d === 'number' ? monthOfDateInt(row.d) : null;
}

/** The current month in the user's local time. */
export function monthOfTime(ms: number): Month {
  const d = new Date(ms);
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export function readBounds(db: SqliteDatabase, now: number): BudgetBounds {
  return budgetBounds(readEarliestMonth(db), monthOfTime(now));
}

/** The budget sheet computed from the database, starting from `cache` where it still holds. */
export function loadBudgetSheet(
  db: SqliteDatabase,
  type: BudgetType,
  now: number,
  cache: BudgetCache | null,
): BudgetSheet {
  const init = {
    budgetType: type,
    bounds: readBounds(db, now),
    groups: readGroups(db),
    categories: readCategories(db),
    budgets: readBudgetRows(db, type),
    buffered: readBuffered(db),
    spent: readSpent(db),
  };
  return BudgetSheet.create(init, cache ? { cache, cacheKey: cache.key } : {});
}
