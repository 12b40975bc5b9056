/**
 * The budget page's menus: what each offers (pure, by the state of the cell or month) and what
 * each item does (the `budget/*` call it makes).
 */
import type { NavigateFunction } from 'react-router';
import type { AppStore } from '../../store/store.ts';
import type { MenuEntry } from '../kit/ui/Menu.tsx';
import { run, runTemplates, showTransactions } from './actions.ts';
import type { BudgetType } from './rows.ts';

export interface CellState {
  type: BudgetType;
  balance: number;
  carryover: boolean;
  /** The category's note has goal lines, or goal templates are on. */
  goals: boolean;
}

/** A category's Budgeted cell: set its amount from last month, zero, averages or its goal. */
export function budgetMenu(state: CellState): MenuEntry[] {
  return [
    { name: 'copy-last', text: 'Copy last month’s budget' },
    { name: 'set-zero', text: 'Set to zero' },
    { name: 'avg-3', text: 'Set to 3-month average' },
    { name: 'avg-6', text: 'Set to 6-month average' },
    { name: 'avg-12', text: 'Set to 12-month average' },
    ...(state.goals ? [{ name: 'apply-goal', text: 'Apply goal' }] : []),
  ];
}

/** A category's Balance: move money out or in, and whether overspending rolls over. */
export function balanceMenu(state: CellState): MenuEntry[] {
  const rollover = state.carryover
    ? { name: 'rollover-off', text: 'Stop rolling over overspending' }
    : { name: 'rollover-on', text: 'Roll over overspending' };
  if (state.type === 'report') return [rollover];
  return [
    { name: 'transfer', text: 'Transfer to another category…' },
    ...(state.balance < 0 ? [{ name: 'cover', text: 'Cover overspending…' }] : []),
    rollover,
  ];
}

/** Everything for one category and month, for the keyboard (Alt+Down in a Budgeted cell). */
export function cellMenu(state: CellState): MenuEntry[] {
  return [
    ...budgetMenu(state),
    { kind: 'separator' },
    ...balanceMenu(state),
    { kind: 'separator' },
    { name: 'show-transactions', text: 'Show transactions' },
    { name: 'goal', text: 'Set goal…' },
  ];
}

export interface CellTarget {
  store: AppStore;
  navigate: NavigateFunction;
  month: string;
  categoryId: string;
}

/** Runs one item of the cell, budget or balance menu. */
export async function runCellItem(target: CellTarget, item: string): Promise<void> {
  const { store, month, categoryId: category } = target;
  switch (item) {
    case 'copy-last':
      await run(store, 'budget/copy-single-month', { month, category });
      return;
    case 'set-zero':
      await run(store, 'budget/budget-amount', { month, category, amount: 0 });
      return;
    case 'avg-3':
    case 'avg-6':
    case 'avg-12':
      await run(store, 'budget/set-n-month-avg', { month, category, N: Number(item.slice(4)) });
      return;
    case 'apply-goal':
      await runTemplates(store, 'budget/apply-single-template', { month, category });
      return;
    case 'rollover-on':
    case 'rollover-off':
      await run(store, 'budget/set-carryover', {
        startMonth: month,
        category,
        flag: item === 'rollover-on',
      });
      return;
    case 'transfer':
    case 'cover':
      store.pushModal('budget-transfer', { mode: item, month, categoryId: category });
      return;
    case 'show-transactions':
      showTransactions(target.navigate, category, month);
      return;
    case 'goal':
      store.pushModal('category-goal', { categoryId: category, month });
      return;
  }
}

/** A month's menu: bulk budget actions, money held for next month, and the goal templates. */
export function monthMenu(type: BudgetType, buffered: number, templates: boolean): MenuEntry[] {
  return [
    { name: 'copy-previous', text: 'Copy last month’s budget' },
    { name: 'set-zero', text: 'Set all budgets to zero' },
    { name: 'set-avg', text: 'Set all budgets to 3-month averages' },
    ...(type === 'rollover'
      ? [
          { kind: 'separator' as const },
          { name: 'transfer-available', text: 'Move available funds to a category…' },
          { name: 'hold', text: 'Hold for next month…' },
          ...(buffered !== 0 ? [{ name: 'reset-hold', text: 'Reset hold' }] : []),
          { name: 'details', text: 'Budget details…' },
        ]
      : []),
    ...(templates
      ? [
          { kind: 'separator' as const },
          { name: 'check-templates', text: 'Check templates' },
          { name: 'apply-templates', text: 'Apply templates' },
          { name: 'overwrite-templates', text: 'Overwrite with templates' },
          { name: 'cleanup-templates', text: 'End-of-month cleanup' },
        ]
      : []),
  ];
}

export async function runMonthItem(store: AppStore, month: string, item: string): Promise<void> {
  switch (item) {
    case 'copy-previous':
      await run(store, 'budget/copy-previous-month', { month });
      return;
    case 'set-zero':
      await run(store, 'budget/set-zero', { month });
      return;
    case 'set-avg':
      await run(store, 'budget/set-3month-avg', { month });
      return;
    case 'transfer-available':
      store.pushModal('budget-transfer', { mode: 'available', month });
      return;
    case 'hold':
      store.pushModal('budget-transfer', { mode: 'hold', month });
      return;
    case 'reset-hold':
      await run(store, 'budget/reset-hold', { month });
      return;
    case 'check-templates':
      await runTemplates(store, 'budget/check-templates');
      return;
    case 'apply-templates':
      await runTemplates(store, 'budget/apply-goal-template', { month });
      return;
    case 'overwrite-templates':
      await runTemplates(store, 'budget/overwrite-goal-template', { month });
      return;
    case 'cleanup-templates':
      await runTemplates(store, 'budget/cleanup-goal-template', { month });
      return;
    case 'details':
      store.pushModal('budget-summary', { month });
      return;
  }
}
