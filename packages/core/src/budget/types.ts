import type { Month } from '../calendar/months.ts';

/** 'rollover' is the envelope budget, 'report' the tracking budget (Actual's pref values). */
export type BudgetType = 'rollover' | 'report';

export function isBudgetType(value: unknown): value is BudgetType {
  return value === 'rollover' || value === 'report';
}

export interface CategoryInfo {
  id: string;
  groupId: string;
  isIncome: boolean;
}

export interface GroupInfo {
  id: string;
  isIncome: boolean;
}

/** One row of zero_budgets (envelope) or reflect_budgets (tracking). */
export interface BudgetRow {
  amount: number;
  carryover: boolean;
}

export interface BudgetRowInput extends BudgetRow {
  month: Month;
  category: string;
}

export interface MonthAmount {
  month: Month;
  amount: number;
}

export interface CategoryMonthAmount extends MonthAmount {
  category: string;
}

/** Cell names within a month sheet. */
export const cellNames = {
  budget: (cat: string) => `budget-${cat}`,
  sumAmount: (cat: string) => `sum-amount-${cat}`,
  leftover: (cat: string) => `leftover-${cat}`,
  leftoverPos: (cat: string) => `leftover-pos-${cat}`,
  carryover: (cat: string) => `carryover-${cat}`,
  spentWithCarryover: (cat: string) => `spent-with-carryover-${cat}`,
  groupSumAmount: (group: string) => `group-sum-amount-${group}`,
  groupBudget: (group: string) => `group-budget-${group}`,
  groupLeftover: (group: string) => `group-leftover-${group}`,
} as const;
