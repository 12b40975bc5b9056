import type { Budget } from '../budget-file/budget.ts';

export interface CategoryRow {
  id: string;
  name: string;
  is_income: number;
  cat_group: string;
  sort_order: number | null;
  hidden: number;
  tombstone: number;
}

export interface CategoryGroupRow {
  id: string;
  name: string;
  is_income: number;
  sort_order: number | null;
  hidden: number;
  tombstone: number;
}

export type GroupWithCategories = CategoryGroupRow & { categories: CategoryRow[] };

/** `get-categories`: live groups (expense first) with their categories, and the flat list. */
export function getCategories(budget: Budget): {
  grouped: GroupWithCategories[];
  list: CategoryRow[];
} {
  const groups = budget.sqlite.all<CategoryGroupRow>(
    'SELECT * FROM category_groups WHERE tombstone = 0 ORDER BY is_income, sort_order, id',
  );
  const categories = budget.sqlite.all<CategoryRow>(
    'SELECT * FROM categories WHERE tombstone = 0 ORDER BY sort_order, id',
  );
  const list = budget.sqlite.all<CategoryRow>(
    `SELECT c.* FROM categories c
     LEFT JOIN category_groups cg ON c.cat_group = cg.id
     WHERE c.tombstone = 0
     ORDER BY cg.sort_order, cg.id, c.sort_order, c.id`,
  );
  const byGroup = new Map<string, CategoryRow[]>();
  for (const c of categories) {
    const list = byGroup.get(c.cat_group) ?? [];
    list.push(c);
    byGroup.set(c.cat_group, list);
  }
  return { grouped: groups.map((g) => ({ ...g, categories: byGroup.get(g.id) ?? [] })), list };
}

export function getCategory(budget: Budget, id: string): CategoryRow | null {
  return (
    budget.sqlite.first<CategoryRow>('SELECT * FROM categories WHERE id = ? AND tombstone = 0', [
      id,
    ]) ?? null
  );
}

export function getGroup(budget: Budget, id: string): CategoryGroupRow | null {
  return (
    budget.sqlite.first<CategoryGroupRow>(
      'SELECT * FROM category_groups WHERE id = ? AND tombstone = 0',
      [id],
    ) ?? null
  );
}

/** Another live category in the group already has this name (ignoring case)? */
export function nameTaken(
  budget: Budget,
  groupId: string,
  name: string,
  exceptId?: string,
): boolean {
  const lower = name.trim().toLowerCase();
  return budget.sqlite
    .all<{ id: string; name: string | null }>(
      'SELECT id, name FROM categories WHERE cat_group = ? AND tombstone = 0',
      [groupId],
    )
    .some((c) => c.id !== exceptId && (c.name ?? '').trim().toLowerCase() === lower);
}

/**
 * Whether deleting the category needs a replacement: live transactions are booked to it
 * (through category merges), or some month has a non-zero budget for it.
 */
export function mustTransfer(budget: Budget, id: string): boolean {
  const used = budget.sqlite.first(
    `SELECT 1 FROM transactions t
     JOIN category_mapping cm ON cm.id = t.category
     WHERE cm.transferId = ? AND t.tombstone = 0 LIMIT 1`,
    [id],
  );
  if (used) return true;
  const budgeted = budget.sqlite.first(
    `SELECT 1 FROM zero_budgets WHERE category = ? AND amount != 0
     UNION ALL SELECT 1 FROM reflect_budgets WHERE category = ? AND amount != 0 LIMIT 1`,
    [id, id],
  );
  return !!budgeted;
}
