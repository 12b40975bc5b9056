/**
 * What a typed budget amount does to its own month, foreseen before the core answers: within a
 * month every total is a plain sum of the budgets (envelope and tracking formulas alike), so a
 * change of `delta` moves the category's budget and balance, its group's, and the month's totals
 * by exactly that much. Later months are left to the core (a balance crossing zero changes what
 * rolls over). The core's push replaces these values a moment later. Pure.
 */
import { cell, categoryCell, groupCell } from './cells.ts';
import type { BudgetType } from './rows.ts';

export interface BudgetEdit {
  type: BudgetType;
  month: string;
  categoryId: string;
  groupId: string;
  income: boolean;
  /** The new amount minus the old, in cents. */
  delta: number;
}

export function foreseenCells(
  edit: BudgetEdit,
  read: (name: string) => number,
): Array<{ name: string; value: number }> {
  const { type, month, categoryId, groupId, income, delta } = edit;
  const moves: Array<[string, number]> = [
    [categoryCell.budget(month, categoryId), delta],
    [categoryCell.balance(month, categoryId), delta],
    [groupCell.budget(month, groupId), delta],
    [groupCell.balance(month, groupId), delta],
  ];
  if (type === 'rollover') {
    // The envelope budget keeps what is budgeted as a negative total.
    moves.push(
      [cell(month, 'total-budgeted'), -delta],
      [cell(month, 'to-budget'), -delta],
      [cell(month, 'total-leftover'), delta],
    );
  } else if (income) {
    moves.push([cell(month, 'total-budget-income'), delta], [cell(month, 'total-saved'), delta]);
  } else {
    moves.push(
      [cell(month, 'total-budgeted'), delta],
      [cell(month, 'total-leftover'), delta],
      [cell(month, 'total-saved'), -delta],
    );
  }
  return moves.map(([name, by]) => ({ name, value: read(name) + by }));
}
