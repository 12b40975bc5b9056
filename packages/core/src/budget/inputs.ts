/**
 * The plain data the budget sheet is computed from: budget rows, held amounts and spending sums
 * per month and category. Kept for every month it is given, created or not, so a month that is
 * created later (bounds extended) starts from the right values.
 */
import type { Month } from '../calendar/months.ts';
import type { BudgetRow } from './types.ts';

export class BudgetInputStore {
  private readonly rows = new Map<Month, Map<string, BudgetRow>>();
  private readonly held = new Map<Month, number>();
  private readonly spending = new Map<Month, Map<string, number>>();

  getRow(month: Month, category: string): BudgetRow | undefined {
    return this.rows.get(month)?.get(category);
  }

  setRow(month: Month, category: string, row: BudgetRow | null): void {
    let m = this.rows.get(month);
    if (row === null) {
      m?.delete(category);
      return;
    }
    if (!m) this.rows.set(month, (m = new Map()));
    // Rows straight from SQLite may hold NULL amounts or 0/1 flags.
    const amount = typeof row.amount === 'number' && Number.isFinite(row.amount) ? row.amount : 0;
    m.set(category, { amount, carryover: !!row.carryover });
  }

  /**
   * Adds each wanted category's row amounts over the months from `from` to `to` into `into`:
   * one pass over the stored rows, however many months and categories are asked.
   */
  addRowAmounts(from: Month, to: Month, into: Map<string, number>): void {
    for (const [month, rows] of this.rows) {
      if (month < from || month > to) continue;
      for (const [category, row] of rows) {
        const sum = into.get(category);
        if (sum !== undefined) into.set(category, sum + row.amount);
      }
    }
  }

  /** Each wanted category's row amount, month by month, over the months from `from` to `to`. */
  eachRowAmount(
    from: Month,
    to: Month,
    wanted: ReadonlySet<string>,
    fn: (month: Month, category: string, amount: number) => void,
  ): void {
    for (const [month, rows] of this.rows) {
      if (month < from || month > to) continue;
      for (const [category, row] of rows) if (wanted.has(category)) fn(month, category, row.amount);
    }
  }

  clearRows(): void {
    this.rows.clear();
  }

  getBuffered(month: Month): number {
    return this.held.get(month) ?? 0;
  }

  setBuffered(month: Month, amount: number): void {
    if (amount === 0) this.held.delete(month);
    else this.held.set(month, amount);
  }

  getSpent(month: Month, category: string): number {
    return this.spending.get(month)?.get(category) ?? 0;
  }

  /** Every category holding a nonzero sum in some month. */
  spentCategories(): Set<string> {
    const out = new Set<string>();
    for (const m of this.spending.values()) for (const c of m.keys()) out.add(c);
    return out;
  }

  /** The months holding a nonzero sum for `category`. */
  spentMonths(category: string): Month[] {
    const out: Month[] = [];
    for (const [month, m] of this.spending) if (m.has(category)) out.push(month);
    return out;
  }

  setSpent(month: Month, category: string, amount: number): void {
    let m = this.spending.get(month);
    if (!m) this.spending.set(month, (m = new Map()));
    if (amount === 0) m.delete(category);
    else m.set(category, amount);
  }
}
