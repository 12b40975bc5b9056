/**
 * The budget table's rows from the category tree: expense groups first, each followed by its
 * categories unless collapsed, then the income section. Hidden groups and categories are left
 * out unless 'Show hidden categories' is on. Pure, so the table, the keyboard moves and the
 * tests agree on the order.
 */
import type { Category, CategoryGroup } from '../../store/types.ts';

export type BudgetType = 'rollover' | 'report';

export type Row =
  | { kind: 'group'; group: CategoryGroup; collapsed: boolean }
  | { kind: 'category'; category: Category; group: CategoryGroup };

export interface RowOptions {
  showHidden: boolean;
  collapsed: ReadonlySet<string>;
}

export function buildRows(groups: readonly CategoryGroup[], options: RowOptions): Row[] {
  const rows: Row[] = [];
  // get-categories orders expense groups first; the income section goes last either way.
  const ordered = [...groups.filter((g) => !g.is_income), ...groups.filter((g) => g.is_income)];
  for (const group of ordered) {
    if (group.hidden && !options.showHidden) continue;
    const collapsed = options.collapsed.has(group.id);
    rows.push({ kind: 'group', group, collapsed });
    if (collapsed) continue;
    for (const category of group.categories) {
      if (category.hidden && !options.showHidden) continue;
      rows.push({ kind: 'category', category, group });
    }
  }
  return rows;
}

/**
 * Whether a category has a Budgeted cell: every expense category, and income categories only
 * in the tracking budget (the envelope budget budgets no income).
 */
export function isBudgetable(category: Category, type: BudgetType): boolean {
  return type === 'report' || !category.is_income;
}

/** The ids of the rows with a Budgeted cell, in table order (the keyboard moves over these). */
export function budgetableIds(rows: readonly Row[], type: BudgetType): string[] {
  const out: string[] = [];
  for (const row of rows) {
    if (row.kind === 'category' && isBudgetable(row.category, type)) out.push(row.category.id);
  }
  return out;
}

/** The saved list of collapsed group ids (`budget.collapsed`), tolerant of any stored value. */
export function readCollapsed(value: unknown): Set<string> {
  return new Set(Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
}

export function toggled(set: ReadonlySet<string>, id: string): string[] {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return [...next];
}
