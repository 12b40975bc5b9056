import type { BudgetDb } from '../sync/budget-db.ts';

/** Sort orders step by this much, leaving room to insert between neighbours. */
export const SORT_INCREMENT = 16384;

interface GroupSpec {
  name: string;
  isIncome: boolean;
  categories: readonly string[];
}

/**
 * The categories a new budget starts with. The income group must hold "Income" and
 * "Starting Balances" (new accounts book their opening balance there).
 */
export const DEFAULT_CATEGORY_GROUPS: readonly GroupSpec[] = [
  {
    name: 'Everyday',
    isIncome: false,
    categories: ['Groceries', 'Eating Out', 'Transport', 'Household', 'General'],
  },
  {
    name: 'Bills',
    isIncome: false,
    categories: ['Housing', 'Utilities', 'Phone & Internet', 'Insurance', 'Subscriptions'],
  },
  { name: 'Savings', isIncome: false, categories: ['Emergency Fund', 'Savings Goals'] },
  { name: 'Income', isIncome: true, categories: ['Income', 'Starting Balances'] },
];

/** Write the default groups and categories (with their self-mapping rows) in one batch. */
export function createDefaultCategories(db: BudgetDb): void {
  db.batch(() => {
    DEFAULT_CATEGORY_GROUPS.forEach((group, g) => {
      const groupId = db.insert('category_groups', {
        name: group.name,
        is_income: group.isIncome,
        sort_order: (g + 1) * SORT_INCREMENT,
        hidden: false,
        tombstone: false,
      });
      group.categories.forEach((name, c) => {
        const id = db.insert('categories', {
          name,
          is_income: group.isIncome,
          cat_group: groupId,
          sort_order: (c + 1) * SORT_INCREMENT,
          hidden: false,
          tombstone: false,
        });
        db.insert('category_mapping', { id, transferId: id });
      });
    });
  });
}
