import { q, type QueryState } from '@coffer/core/ui';
import { dateFilter, type MonthSpan, previousSpan } from './range.ts';
import type { BudgetedRunner, BudgetMeta, QueryRunner } from './source.ts';

export interface SpendingParams extends MonthSpan {
  accounts: readonly string[];
}

/** Spent is money out as a positive figure (a refund makes it smaller). */
export interface SpendingFigures {
  spent: number;
  budgeted: number;
  /** Spent in the same number of months just before the range. */
  previous: number;
}

export interface SpendingCategory extends SpendingFigures {
  id: string;
  name: string;
}

export interface SpendingGroup extends SpendingFigures {
  id: string;
  name: string;
  categories: SpendingCategory[];
}

export interface SpendingData {
  groups: SpendingGroup[];
  /** Spending with no category (transfers are not spending and are left out). */
  uncategorized: SpendingFigures;
  total: SpendingFigures;
  previousSpan: MonthSpan;
}

interface CategorySum {
  category: string | null;
  amount: number;
}

/** The sum per category over a span: expense categories, and spending with no category. */
export function spendingQuery(span: MonthSpan, accounts: readonly string[]): QueryState {
  return q('transactions')
    .filter({
      account: { $oneof: [...accounts] },
      date: dateFilter(span),
      $or: [{ category: { $ne: null } }, { transfer_id: null }],
    })
    .withoutValidatedRefs()
    .groupBy('category')
    .select(['category', { amount: { $sum: '$amount' } }])
    .orderBy('category')
    .serialize();
}

const zero = (): SpendingFigures => ({ spent: 0, budgeted: 0, previous: 0 });

function add(into: SpendingFigures, f: SpendingFigures): void {
  into.spent += f.spent;
  into.budgeted += f.budgeted;
  into.previous += f.previous;
}

export function shapeSpending(
  p: SpendingParams,
  meta: Pick<BudgetMeta, 'groups'>,
  current: readonly CategorySum[],
  previous: readonly CategorySum[],
  /** Each category's budgeted amount over the span (its budget cells summed). */
  budgeted: ReadonlyMap<string, number>,
): SpendingData {
  const spent = new Map(current.map((r) => [r.category, -r.amount]));
  const before = new Map(previous.map((r) => [r.category, -r.amount]));
  const total = zero();
  const known = new Set<string>();
  const groups: SpendingGroup[] = [];
  for (const group of meta.groups) {
    if (group.is_income) continue;
    const figures: SpendingGroup = { id: group.id, name: group.name, categories: [], ...zero() };
    for (const c of group.categories) {
      known.add(c.id);
      const row: SpendingCategory = {
        id: c.id,
        name: c.name,
        spent: spent.get(c.id) ?? 0,
        budgeted: budgeted.get(c.id) ?? 0,
        previous: before.get(c.id) ?? 0,
      };
      // A hidden or unused category shows only when it has something to show.
      if (row.spent === 0 && row.budgeted === 0 && row.previous === 0) continue;
      figures.categories.push(row);
      add(figures, row);
    }
    if (figures.categories.length === 0) continue;
    groups.push(figures);
    add(total, figures);
  }
  // Income categories are not spending; anything else unknown (no category) is uncategorized.
  const incomeIds = new Set(
    meta.groups.filter((g) => g.is_income).flatMap((g) => g.categories.map((c) => c.id)),
  );
  const uncategorized = zero();
  for (const [id, amount] of spent) {
    if (id === null || (!known.has(id) && !incomeIds.has(id))) uncategorized.spent += amount;
  }
  for (const [id, amount] of before) {
    if (id === null || (!known.has(id) && !incomeIds.has(id))) uncategorized.previous += amount;
  }
  add(total, uncategorized);
  return { groups, uncategorized, total, previousSpan: previousSpan(p) };
}

export async function loadSpending(
  run: QueryRunner,
  budgeted: BudgetedRunner,
  meta: Pick<BudgetMeta, 'groups'>,
  p: SpendingParams,
): Promise<SpendingData> {
  const expenseIds = meta.groups
    .filter((g) => !g.is_income)
    .flatMap((g) => g.categories.map((c) => c.id));
  if (p.accounts.length === 0) {
    return shapeSpending(p, meta, [], [], await budgeted(p, expenseIds));
  }
  const [current, previous, budgets] = await Promise.all([
    run<CategorySum[]>(spendingQuery(p, p.accounts)),
    run<CategorySum[]>(spendingQuery(previousSpan(p), p.accounts)),
    budgeted(p, expenseIds),
  ]);
  return shapeSpending(p, meta, current, previous, budgets);
}
