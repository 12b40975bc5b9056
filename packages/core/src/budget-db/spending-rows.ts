/**
 * Which stored transaction rows count toward `sum-amount-<cat>`, on raw rows as the write path
 * reports them. The rule is exactly the SQL in load.ts (itself Actual's view): SQL's three-valued
 * comparisons included, so a NULL flag counts the way the view counts it.
 */
import { fromDbMonth, isMonth, type Month } from '../budget/index.ts';
import type { Row } from '../sync/types.ts';

/** The month of an integer YYYYMMDD date, or null unless it is a real calendar day. */
export function monthOfDateInt(date: unknown): Month | null {
  if (typeof date !== 'number' || !Number.isInteger(date) || date < 0) return null;
  const day = date % 100;
  const ym = Math.floor(date / 100);
  const m = ym % 100;
  const y = Math.floor(ym / 100);
  if (m < 1 || m > 12 || day < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
  if (day > days) return null;
  const month = fromDbMonth(String(ym).padStart(6, '0'));
  return isMonth(month) ? month : null;
}

/** What a row's contribution depends on besides the row itself. */
export interface RowContext {
  /** The account's stored `offbudget`, or undefined when there is no such account. */
  offbudget(accountId: string): unknown;
  /** category_mapping.transferId, or undefined when the category has no mapping row. */
  mapped(categoryId: string): string | null | undefined;
  /** The stored tombstone of the parent row, or undefined when there is no such row. */
  parentTombstone(parentId: string): unknown;
}

export interface RowContribution {
  month: Month;
  category: string;
  amount: number;
}

const isZero = (v: unknown): boolean => v === 0 || v === 0n;
const isOne = (v: unknown): boolean => v === 1 || v === 1n;

export function spendingOf(row: Row, ctx: RowContext): RowContribution | null {
  const month = monthOfDateInt(row.date);
  if (month === null || row.acct == null) return null;
  if (!isZero(row.tombstone ?? 0)) return null;
  if (isOne(row.isParent)) return null;
  if (!isZero(row.isChild)) {
    if (!isOne(row.isChild) || typeof row.parent_id !== 'string') return null;
    if (!isZero(ctx.parentTombstone(row.parent_id))) return null;
  }
  if (typeof row.category !== 'string') return null;
  const category = ctx.mapped(row.category);
  if (typeof category !== 'string') return null;
  if (typeof row.acct !== 'string' || !isZero(ctx.offbudget(row.acct))) return null;
  const amount = row.amount == null ? 0 : Number(row.amount);
  return { month, category, amount };
}
