/** Live category groups with their live categories, in the budget page's order. */
import type { SqliteDatabase, SqlValue } from '../platform/index.ts';

export interface GroupedCategory {
  id: string;
  name: string;
  is_income: SqlValue;
  hidden: SqlValue;
  cat_group: string | null;
}

export interface CategoryGroupWithCategories {
  id: string;
  name: string;
  is_income: SqlValue;
  hidden: SqlValue;
  categories: GroupedCategory[];
}

export function getCategoriesGrouped(db: SqliteDatabase): CategoryGroupWithCategories[] {
  const groups = db.all<Omit<CategoryGroupWithCategories, 'categories'>>(
    `SELECT id, name, is_income, hidden FROM category_groups WHERE tombstone = 0
     ORDER BY is_income, sort_order, id`,
  );
  const categories = db.all<GroupedCategory>(
    `SELECT id, name, is_income, hidden, cat_group FROM categories WHERE tombstone = 0
     ORDER BY sort_order, id`,
  );
  const byGroup = new Map<string, GroupedCategory[]>();
  for (const c of categories) {
    if (c.cat_group === null) continue;
    const list = byGroup.get(c.cat_group) ?? [];
    list.push(c);
    byGroup.set(c.cat_group, list);
  }
  return groups.map((g) => ({ ...g, categories: byGroup.get(g.id) ?? [] }));
}
