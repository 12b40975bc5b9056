/**
 * One category's budget typed for one month, from the table's cell or the phone's sheet: the
 * month's own figures move at once (foresee.ts), the core's push confirms them, and a refused
 * edit reads the cells again.
 */
import type { AppStore } from '../../store/store.ts';
import { run } from './actions.ts';
import { foreseenCells } from './foresee.ts';
import type { BudgetView } from './view.ts';

export interface BudgetEdit {
  month: string;
  categoryId: string;
  groupId: string;
  income: boolean;
  /** What the cell held before, and what was typed (cents). */
  from: number;
  to: number;
}

export function saveBudget(store: AppStore, view: BudgetView, edit: BudgetEdit): void {
  if (edit.to === edit.from) return;
  const { cells, type } = view;
  const { month, categoryId, groupId, income } = edit;
  const foreseen = foreseenCells(
    { type, month, categoryId, groupId, income, delta: edit.to - edit.from },
    (n) => cells.number(n),
  );
  cells.predict(foreseen);
  void run(store, 'budget/budget-amount', { month, category: categoryId, amount: edit.to }).then(
    (done) => {
      if (done === null) void cells.refresh(foreseen.map((c) => c.name));
    },
  );
}
