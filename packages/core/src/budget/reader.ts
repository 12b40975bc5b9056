/**
 * What budget actions read and what they produce. Actions never touch storage: they look at a
 * `BudgetReader` (the live sheet implements it) and return `BudgetWrite`s, which the handler
 * persists (zero_budgets / reflect_budgets / zero_budget_months) and then applies to the sheet.
 */
import type { Month } from '../calendar/months.ts';
import type { CellValue } from './sheet-engine.ts';
import type { BudgetRow, BudgetType, CategoryInfo } from './types.ts';

export interface BudgetReader {
  readonly budgetType: BudgetType;
  /** Created months, ascending. */
  getMonths(): Month[];
  hasMonth(month: Month): boolean;
  getCategory(id: string): CategoryInfo | undefined;
  /** Live (not deleted) categories. */
  getCategories(): CategoryInfo[];
  /** The stored row of the current type's budget table, if there is one. */
  getBudgetRow(month: Month, category: string): BudgetRow | undefined;
  getBuffered(month: Month): number;
  /** A month-sheet cell by short name ('to-budget', 'leftover-<id>'); null when missing. */
  getValue(month: Month, name: string): CellValue;
}

/**
 * One row change. `budget` and `carryover` upsert the current type's budget table looked up by
 * (month, category), inserting with id `YYYYMM-<category>`; `buffered` upserts
 * zero_budget_months with id `YYYY-MM`.
 */
export type BudgetWrite =
  | { kind: 'budget'; month: Month; category: string; amount: number }
  | { kind: 'carryover'; month: Month; category: string; flag: boolean }
  | { kind: 'buffered'; month: Month; amount: number };

/** Reads a numeric cell the way budget actions do: anything else counts as 0. */
export function cellNumber(reader: BudgetReader, month: Month, name: string): number {
  const v = reader.getValue(month, name);
  return typeof v === 'number' ? v : 0;
}
