/**
 * Which transactions count as a category's activity (`sum-amount-<cat>`), as a pure function
 * of one row. The SQL the database layer runs must agree with this; tests use it directly.
 *
 * A row counts when it is alive, has a date, an account and a category, sits in an on-budget
 * account, and is not the parent of a split (the children carry the categories). Its category is
 * read through category_mapping, so a deleted category's transactions count for the category
 * they were transferred to. A transfer to an off-budget account keeps its category on the
 * on-budget side, so it counts as spending there; the off-budget side never counts.
 */
import { monthFromDate, type Month } from '../calendar/months.ts';
import type { CategoryMonthAmount } from './types.ts';

export interface SpendingTransaction {
  date: number | string | null;
  account: string | null;
  category: string | null;
  amount: number | null;
  isParent?: boolean | number | null;
  isChild?: boolean | number | null;
  parentId?: string | null;
  tombstone?: boolean | number | null;
}

export interface SpendingContext {
  /** The account exists and has offbudget = 0. */
  isOnBudget(accountId: string): boolean;
  /** category_mapping.transferId; categories without a mapping row map to themselves. */
  mapCategory?(categoryId: string): string | null;
  /** False when the split parent of a child row is deleted. Defaults to true. */
  isParentAlive?(parentId: string): boolean;
}

export interface Contribution {
  month: Month;
  category: string;
  amount: number;
}

export function contribution(tx: SpendingTransaction, ctx: SpendingContext): Contribution | null {
  if (tx.tombstone) return null;
  if (tx.isParent) return null;
  if (tx.date == null || !tx.account || !tx.category) return null;
  if (tx.isChild) {
    if (!tx.parentId) return null;
    if (ctx.isParentAlive && !ctx.isParentAlive(tx.parentId)) return null;
  }
  if (!ctx.isOnBudget(tx.account)) return null;
  const category = ctx.mapCategory ? ctx.mapCategory(tx.category) : tx.category;
  if (!category) return null;
  return { month: monthFromDate(tx.date), category, amount: tx.amount ?? 0 };
}

/** Σ amount per (month, category) over the rows that count. */
export function aggregateSpending(
  txs: Iterable<SpendingTransaction>,
  ctx: SpendingContext,
): CategoryMonthAmount[] {
  const totals = new Map<string, Contribution>();
  for (const tx of txs) {
    const c = contribution(tx, ctx);
    if (!c) continue;
    const key = `${c.month}\u0000${c.category}`;
    const t = totals.get(key);
    if (t) t.amount += c.amount;
    else totals.set(key, { ...c });
  }
  return [...totals.values()];
}

/**
 * The adjustments one row edit makes to the sums: the old row's contribution taken away and the
 * new row's added. `null` stands for a row that did not exist (insert) or no longer does.
 */
export function spendingDelta(
  oldTx: SpendingTransaction | null,
  newTx: SpendingTransaction | null,
  ctx: SpendingContext,
): Contribution[] {
  const out: Contribution[] = [];
  const before = oldTx ? contribution(oldTx, ctx) : null;
  const after = newTx ? contribution(newTx, ctx) : null;
  if (before) out.push({ ...before, amount: -before.amount });
  if (after) {
    const same = out.find((c) => c.month === after.month && c.category === after.category);
    if (same) same.amount += after.amount;
    else out.push(after);
  }
  return out.filter((c) => c.amount !== 0);
}
