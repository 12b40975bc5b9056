import type { Month } from '../calendar/months.ts';
import { cellNumber, type BudgetReader } from './reader.ts';

/** The figures of the envelope budget-summary modal ('Budget Details'). */
export interface BudgetSummary {
  availableFunds: number;
  lastMonthOverspent: number;
  totalBudgeted: number;
  /** Held for next month. */
  forNextMonth: number;
  /** 'To budget', or 'Overbudget' when negative. */
  toBudget: number;
}

export function budgetSummary(reader: BudgetReader, month: Month): BudgetSummary | null {
  if (reader.budgetType !== 'rollover' || !reader.hasMonth(month)) return null;
  return {
    availableFunds: cellNumber(reader, month, 'available-funds'),
    lastMonthOverspent: cellNumber(reader, month, 'last-month-overspent'),
    totalBudgeted: cellNumber(reader, month, 'total-budgeted'),
    forNextMonth: cellNumber(reader, month, 'buffered'),
    toBudget: cellNumber(reader, month, 'to-budget'),
  };
}
