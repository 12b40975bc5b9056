/**
 * Writing the rows budget actions compute, through the write path. Budget rows are looked up by
 * month and category (a row synced from elsewhere may have any id); a new one gets the id
 * `YYYYMM-<category>`. Held money lives in zero_budget_months under the id `YYYY-MM`.
 * The sheet follows through the change event, like for any other change.
 */
import { toDbMonth, type BudgetType, type BudgetWrite } from '../budget/index.ts';
import type { BudgetDb } from '../sync/budget-db.ts';
import { budgetTable } from './load.ts';

interface RowPatch {
  month: string;
  category: string;
  amount?: number;
  carryover?: boolean;
}

export function persistWrites(
  db: BudgetDb,
  type: BudgetType,
  writes: readonly BudgetWrite[],
): void {
  if (writes.length === 0) return;
  const table = budgetTable(type);
  // One upsert per row, even when an action sets both the amount and the flag.
  const rows = new Map<string, RowPatch>();
  const held = new Map<string, number>();
  for (const w of writes) {
    if (w.kind === 'buffered') {
      held.set(w.month, w.amount);
      continue;
    }
    const key = `${w.month}\u0000${w.category}`;
    const patch = rows.get(key) ?? { month: w.month, category: w.category };
    if (w.kind === 'budget') patch.amount = w.amount;
    else patch.carryover = w.flag;
    rows.set(key, patch);
  }
  db.batch(() => {
    for (const p of rows.values()) {
      const month = toDbMonth(p.month);
      const found = db.sqlite.first<{ id: string }>(
        `SELECT id FROM ${table} WHERE month = ? AND category = ?`,
        [month, p.category],
      );
      const values: { amount?: number; carryover?: boolean } = {};
      if (p.amount !== undefined) values.amount = p.amount;
      if (p.carryover !== undefined) values.carryover = p.carryover;
      if (found) {
        db.update(table, { id: found.id, ...values });
      } else if (values.amount || values.carryover) {
        // A missing row reads as amount 0 and no carryover; writing those would change nothing.
        db.insert(table, { id: `${month}-${p.category}`, month, category: p.category, ...values });
      }
    }
    for (const [month, amount] of held) {
      const found = db.sqlite.first('SELECT id FROM zero_budget_months WHERE id = ?', [month]);
      if (found) db.update('zero_budget_months', { id: month, buffered: amount });
      else if (amount !== 0) db.insert('zero_budget_months', { id: month, buffered: amount });
    }
  });
}
