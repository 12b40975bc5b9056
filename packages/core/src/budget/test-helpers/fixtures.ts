/** A small budget shared by the budget tests: one income group, two expense groups. */
import { expect } from 'vitest';
import type { ActionResult } from '../actions.ts';
import { BudgetSheet } from '../budget-sheet.ts';
import type { CellValue } from '../sheet-engine.ts';
import type { CreateOptions } from '../cache.ts';
import { aggregateSpending, type SpendingContext, type SpendingTransaction } from '../spending.ts';
import type { BudgetRowInput, BudgetType, CategoryInfo, GroupInfo, MonthAmount } from '../types.ts';

export const GROUPS: GroupInfo[] = [
  { id: 'inc', isIncome: true },
  { id: 'bills', isIncome: false },
  { id: 'fun', isIncome: false },
];

export const CATEGORIES: CategoryInfo[] = [
  { id: 'salary', groupId: 'inc', isIncome: true },
  { id: 'rent', groupId: 'bills', isIncome: false },
  { id: 'food', groupId: 'bills', isIncome: false },
  { id: 'games', groupId: 'fun', isIncome: false },
];

const ON_BUDGET = new Set(['checking', 'cash']);

export function spendingContext(
  opts: { mapping?: Record<string, string>; deadParents?: string[] } = {},
): SpendingContext {
  return {
    isOnBudget: (acct) => ON_BUDGET.has(acct),
    mapCategory: (id) => opts.mapping?.[id] ?? id,
    isParentAlive: (id) => !(opts.deadParents ?? []).includes(id),
  };
}

export function tx(
  date: string,
  amount: number,
  category: string | null,
  extra: Partial<SpendingTransaction> = {},
): SpendingTransaction {
  return { date, amount, category, account: 'checking', ...extra };
}

export function row(month: string, category: string, amount: number, carryover = false) {
  return { month, category, amount, carryover };
}

export interface Setup {
  type: BudgetType;
  budgets?: BudgetRowInput[];
  buffered?: MonthAmount[];
  txs?: SpendingTransaction[];
  deadParents?: string[];
  start?: string;
  end?: string;
}

export function build(setup: Setup, options: CreateOptions = {}): BudgetSheet {
  return BudgetSheet.create(
    {
      budgetType: setup.type,
      bounds: { start: setup.start ?? '2024-01', end: setup.end ?? '2024-03' },
      groups: GROUPS,
      categories: CATEGORIES,
      budgets: setup.budgets ?? [],
      buffered: setup.buffered ?? [],
      spent: aggregateSpending(
        setup.txs ?? [],
        spendingContext({ deadParents: setup.deadParents ?? [] }),
      ),
    },
    options,
  );
}

/** A table row: a budget, an optional edit, and the cell values expected per month. */
export interface Case extends Setup {
  name: string;
  edit?: (s: BudgetSheet) => void;
  expect: Record<string, Record<string, CellValue>>;
}

export function act(sheet: BudgetSheet, result: ActionResult<unknown>): void {
  if (!result.ok) throw new Error(`action failed: ${JSON.stringify(result.error)}`);
  sheet.apply(result.writes);
}

export function check(sheet: BudgetSheet, expected: Case['expect']): void {
  for (const [month, cells] of Object.entries(expected)) {
    for (const [name, value] of Object.entries(cells)) {
      expect({ month, name, value: sheet.getValue(month, name) }).toEqual({ month, name, value });
    }
  }
}
