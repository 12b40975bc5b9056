/**
 * What every part of the budget table shares: the cell store, the budget type, the months shown,
 * the category tree and the keyboard order of the Budgeted cells.
 */
import { createContext, useContext } from 'react';
import type { CategoryGroup } from '../../store/types.ts';
import { type CommitReason, moveAfter } from '../kit/ui/cell-keys.ts';
import type { SheetCellStore } from '../kit/data/sheet-cell-store.ts';
import type { goalProgress } from './goals.ts';
import type { BudgetType } from './rows.ts';

export type GoalProgress = typeof goalProgress;

export interface BudgetView {
  cells: SheetCellStore;
  type: BudgetType;
  months: readonly string[];
  /** Today's month. */
  current: string;
  groups: readonly CategoryGroup[];
  /** Category ids with a Budgeted cell, in table order. */
  budgetable: readonly string[];
  /** Category notes by category id (goal lines, the notes buttons). */
  notes: ReadonlyMap<string, string>;
  /**
   * goals.ts `goalProgress`, loaded only once a note has goal lines (the template parser stays
   * out of the first load).
   */
  goalProgress: GoalProgress | null;
  goalTemplates: boolean;
  /** One month at a time on a phone: the Spent column is left out. */
  narrow: boolean;
}

export const BudgetViewContext = createContext<BudgetView | null>(null);

export function useBudgetView(): BudgetView {
  const view = useContext(BudgetViewContext);
  if (!view) throw new Error('useBudgetView outside the budget page');
  return view;
}

export function budgetCellKey(categoryId: string, month: string): string {
  return `${categoryId}|${month}`;
}

function budgetInput(categoryId: string, month: string): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(
    `[data-budget-cell="${budgetCellKey(categoryId, month)}"] input`,
  );
}

export function focusBudgetCell(categoryId: string, month: string): void {
  budgetInput(categoryId, month)?.focus();
}

/** The next (or previous) element Tab would reach from `from`, outside the budget grid's rules. */
function tabNeighbour(from: Element, backwards: boolean): HTMLElement | null {
  const all = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex="0"]',
    ),
  ].filter((el) => el.tabIndex >= 0 && el.offsetParent !== null);
  const i = all.indexOf(from as HTMLElement);
  return all[backwards ? i - 1 : i + 1] ?? null;
}

/**
 * Where focus goes after an edit of a Budgeted cell ended: the spreadsheet move over the
 * categories (rows) and months (columns). Tab past the grid's last cell (or Shift+Tab before its
 * first) leaves the grid as Tab would anywhere else.
 */
export function moveFromBudgetCell(
  view: BudgetView,
  categoryId: string,
  month: string,
  reason: CommitReason,
): void {
  const row = view.budgetable.indexOf(categoryId);
  const col = view.months.indexOf(month);
  if (row === -1 || col === -1) return;
  const next = moveAfter({ row, col }, reason, view.budgetable.length, view.months.length);
  if (next) {
    focusBudgetCell(view.budgetable[next.row]!, view.months[next.col]!);
    return;
  }
  if (reason === 'tab' || reason === 'shift-tab') {
    const input = budgetInput(categoryId, month);
    if (input) tabNeighbour(input, reason === 'shift-tab')?.focus();
  }
}
