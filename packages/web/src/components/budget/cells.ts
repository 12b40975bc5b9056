/**
 * The budget page's cell names (Actual's, see spec 001 §3): one sheet per month, `budget202405`,
 * and the cells of each category, group and month the envelope (rollover) and tracking (report)
 * tables show. Pure.
 */
import { sheetForMonth } from '@coffer/core/ui';
import type { CategoryGroup } from '../../store/types.ts';
import type { BudgetType } from './rows.ts';

export function cell(month: string, name: string): string {
  return `${sheetForMonth(month)}!${name}`;
}

export const categoryCell = {
  budget: (m: string, id: string) => cell(m, `budget-${id}`),
  spent: (m: string, id: string) => cell(m, `sum-amount-${id}`),
  balance: (m: string, id: string) => cell(m, `leftover-${id}`),
  carryover: (m: string, id: string) => cell(m, `carryover-${id}`),
};

export const groupCell = {
  budget: (m: string, id: string) => cell(m, `group-budget-${id}`),
  spent: (m: string, id: string) => cell(m, `group-sum-amount-${id}`),
  balance: (m: string, id: string) => cell(m, `group-leftover-${id}`),
};

export const ENVELOPE_TOTALS = [
  'available-funds',
  'last-month-overspent',
  'total-budgeted',
  'buffered',
  'to-budget',
  'total-income',
  'total-spent',
  'total-leftover',
] as const;

export const TRACKING_TOTALS = [
  'total-budgeted',
  'total-budget-income',
  'total-income',
  'total-spent',
  'total-saved',
  'real-saved',
  'total-leftover',
] as const;

/** Every cell the table shows for `month`, hidden and collapsed rows included. */
export function monthCellNames(
  month: string,
  type: BudgetType,
  groups: readonly CategoryGroup[],
): string[] {
  const names: string[] = (type === 'rollover' ? ENVELOPE_TOTALS : TRACKING_TOTALS).map((n) =>
    cell(month, n),
  );
  for (const g of groups) {
    const envelopeIncome = type === 'rollover' && g.is_income;
    if (!envelopeIncome) {
      names.push(groupCell.budget(month, g.id), groupCell.spent(month, g.id));
      names.push(groupCell.balance(month, g.id));
    }
    for (const c of g.categories) {
      names.push(categoryCell.spent(month, c.id));
      if (envelopeIncome) continue;
      names.push(categoryCell.budget(month, c.id), categoryCell.balance(month, c.id));
      if (!g.is_income) names.push(categoryCell.carryover(month, c.id));
    }
  }
  return names;
}
