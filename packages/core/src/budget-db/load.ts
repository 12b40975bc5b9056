/**
 * Reading the budget sheet's inputs from the budget database. The spending sum follows the
 * rows Actual's `v_transactions_internal_alive` view counts for `sum-amount-<cat>` (see
 * `spendingOf` in spending-rows.ts for the same rule on one row): alive, dated, in an existing
 * account with offbudget = 0, not a split parent, a child only under a live parent, category
 * read through category_mapping, and a date inside a real calendar month.
 */
import {
  budgetBounds,
  fromDbMonth,
  isMonth,
  toDbMonth,
  type BudgetBounds,
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

/** Days 1..28 always; 29..31 by the month's length (leap years included). */
const VALID_DAY = `(t.date % 100 BETWEEN 1 AND 28 OR (t.date / 100 % 100 BETWEEN 1 AND 12
  AND t.date % 100 BETWEEN 1 AND CASE t.date / 100 % 100
    WHEN 2 THEN CASE WHEN (t.date / 10000 % 4 = 0 AND t.date / 10000 % 100 != 0)
                       OR t.date / 10000 % 400 = 0 THEN 29 ELSE 28 END
    WHEN 4 THEN 30 WHEN 6 THEN 30 WHEN 9 THEN 30 WHEN 11 THEN 30 ELSE 31 END))`;

/**
 * Grouped by the stored category; the mapping to the category it counts for is applied in
 * JavaScript (a join per row costs more than the whole scan). A plain scan beats the category
 * indexes here: almost every row is read anyway.
 */
const spentSql = (accounts: number, categories: number | null, dated = false) => `
SELECT t.date / 100 AS month, t.category AS category, SUM(IFNULL(t.amount, 0)) AS amount
FROM transactions t ${categories === null && !dated ? 'NOT INDEXED' : ''}
WHERE t.acct IN (${marks(accounts)})
  ${categories === null ? 'AND t.category IS NOT NULL' : `AND t.category IN (${marks(categories)})`}
  ${dated ? 'AND t.date BETWEEN ? AND ?' : ''}
  AND typeof(t.date) = 'integer' AND ${VALID_DAY}
  AND IFNULL(t.tombstone, 0) = 0
  AND t.isParent IS NOT 1
  AND (t.isChild = 0 OR (t.isChild = 1 AND EXISTS
    (SELECT 1 FROM transactions p WHERE p.id = t.parent_id AND p.tombstone = 0)))
GROUP BY 2, 1`;

const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

interface SpentRow {
  month: number;
  category: string;
  amount: number | null;
}

/** category_mapping: stored category → the category it counts for (null: none). */
export function readMapping(db: SqliteDatabase): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const r of db.all<{ id: string; transferId: string | null }>(
    'SELECT id, transferId FROM category_mapping',
  )) {
    out.set(r.id, r.transferId);
  }
  return out;
}

function onBudgetAccounts(db: SqliteDatabase): string[] {
  return db.all<{ id: string }>('SELECT id FROM accounts WHERE offbudget = 0').map((a) => a.id);
}

function collectSpent(
  db: SqliteDatabase,
  mapping: ReadonlyMap<string, string | null>,
  rawCategories: readonly string[] | null,
): CategoryMonthAmount[] {
  const accounts = onBudgetAccounts(db);
  if (accounts.length === 0 || rawCategories?.length === 0) return [];
  const totals = new Map<string, CategoryMonthAmount>();
  const add = (rows: SpentRow[]) => {
    for (const r of rows) {
      const category = mapping.get(r.category);
      const month = fromDbMonth(r.month);
      if (typeof category !== 'string' || !isMonth(month)) continue;
      const key = `${month}\u0000${category}`;
      const t = totals.get(key);
      const amount = Number(r.amount ?? 0);
      if (t) t.amount += amount;
      else totals.set(key, { month, category, amount });
    }
  };
  if (rawCategories === null) {
    add(db.all<SpentRow>(spentSql(accounts.length, null), accounts));
  } else {
    for (let i = 0; i < rawCategories.length; i += 400) {
      const chunk = rawCategories.slice(i, i + 400);
      add(db.all<SpentRow>(spentSql(accounts.length, chunk.length), [...accounts, ...chunk]));
    }
  }
  return [...totals.values()];
}

/** The same sums for one month only, read through the date index (the cache's check). */
export function readSpentInMonth(
  db: SqliteDatabase,
  month: Month,
  mapping: ReadonlyMap<string, string | null> = readMapping(db),
): CategoryMonthAmount[] {
  const accounts = onBudgetAccounts(db);
  if (accounts.length === 0) return [];
  const base = toDbMonth(month) * 100;
  const rows = db.all<SpentRow>(spentSql(accounts.length, null, true), [...accounts, base, base + 99]); // prettier-ignore
  const out = new Map<string, number>();
  for (const r of rows) {
    const category = mapping.get(r.category);
    if (typeof category === 'string') out.set(category, (out.get(category) ?? 0) + Number(r.amount ?? 0)); // prettier-ignore
  }
  return [...out].map(([category, amount]) => ({ month, category, amount }));
}

/** Σ amount per month and (mapped) category over every counted transaction. */
export function readSpent(
  db: SqliteDatabase,
  mapping: ReadonlyMap<string, string | null> = readMapping(db),
): CategoryMonthAmount[] {
  return collectSpent(db, mapping, null);
}

/** The same sums for a few (mapped) categories only, after a mapping or an account change. */
export function readSpentFor(
  db: SqliteDatabase,
  categories: readonly string[],
  mapping: ReadonlyMap<string, string | null> = readMapping(db),
): CategoryMonthAmount[] {
  const wanted = new Set(categories);
  const raw: string[] = [];
  for (const [id, target] of mapping) if (target !== null && wanted.has(target)) raw.push(id);
  return collectSpent(db, mapping, raw);
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

/**
 * The budget rows, or with `split` only those of the months after it (`after`) or up to it
 * (`upTo`). Months are stored as YYYYMM integers; a row whose month is stored as text sorts
 * after every integer in SQLite, so it lands in `after`, and is still read exactly once.
 */
export function readBudgetRows(
  db: SqliteDatabase,
  type: BudgetType,
  split?: { month: Month; part: 'after' | 'upTo' },
): BudgetRowInput[] {
  const sql = `SELECT month, category, amount, carryover FROM ${budgetTable(type)}`;
  const rows = split
    ? db.all<BudgetDbRow>(`${sql} WHERE month ${split.part === 'after' ? '>' : '<='} ?`, [
        toDbMonth(split.month),
      ])
    : db.all<BudgetDbRow>(sql);
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
