import type { Budget } from '../budget-file/budget.ts';
import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { flag } from '../transactions/validators.ts';
import { categoryNotFound, deleteCategory } from './delete.ts';
import { groupHandlers } from './group-handlers.ts';
import { getCategories, getCategory, getGroup, mustTransfer, nameTaken } from './queries.ts';
import { placeBefore } from './sort-order.ts';

const groupNotFound = (id: string) =>
  handlerError('group-not-found', `No category group with id ${id}`);
const nameRequired = () => handlerError('invalid-name', 'A category needs a name');
const exists = (name: string) =>
  handlerError('category-exists', `A category named ${name} already exists in this group`);

/** Live categories of a group in order, without `exceptId`. */
function siblings(budget: Budget, groupId: string, exceptId = '') {
  return budget.sqlite.all<{ id: string; sort_order: number | null }>(
    `SELECT id, sort_order FROM categories WHERE cat_group = ? AND tombstone = 0 AND id != ?
     ORDER BY sort_order, id`,
    [groupId, exceptId],
  );
}

/** Category and group handlers with Actual's names and payloads; mutations undo as one step. */
export const categoriesModule = defineModule('categories', {
  'get-categories': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => getCategories(ctx.requireBudget()),
  }),

  /** {name, groupId, isIncome?, hidden?} → id. New categories go first in their group. */
  'category-create': handler({
    args: v.object({
      name: v.string(),
      groupId: v.string(),
      isIncome: v.optional(v.nullable(flag())),
      hidden: v.optional(v.nullable(flag())),
    }),
    undoable: true,
    needsBudget: true,
    run({ name, groupId, isIncome, hidden }, ctx) {
      const budget = ctx.requireBudget();
      const group = getGroup(budget, groupId);
      if (!group) return groupNotFound(groupId);
      const trimmed = name.trim();
      if (!trimmed) return nameRequired();
      if (nameTaken(budget, groupId, trimmed)) return exists(trimmed);
      const all = siblings(budget, groupId);
      const { updates, sortOrder } = placeBefore(all, all[0]?.id ?? null);
      const db = budget.db;
      return db.batch(() => {
        for (const u of updates) db.update('categories', u);
        const id = db.insert('categories', {
          name: trimmed,
          cat_group: groupId,
          is_income: isIncome == null ? group.is_income : isIncome ? 1 : 0,
          hidden: hidden ? 1 : 0,
          sort_order: sortOrder,
          tombstone: 0,
        });
        db.insert('category_mapping', { id, transferId: id });
        return id;
      });
    },
  }),

  /** {id, name?, hidden?}; a name another category of the group has → 'category-exists'. */
  'category-update': handler({
    args: v.object({ id: v.string(), name: v.optional(v.string()), hidden: v.optional(flag()) }),
    undoable: true,
    needsBudget: true,
    run({ id, name, hidden }, ctx) {
      const budget = ctx.requireBudget();
      const category = getCategory(budget, id);
      if (!category) return categoryNotFound(id);
      const trimmed = name?.trim();
      if (trimmed !== undefined) {
        if (!trimmed) return nameRequired();
        if (nameTaken(budget, category.cat_group, trimmed, id)) return exists(trimmed);
      }
      budget.db.update('categories', {
        id,
        name: trimmed,
        hidden: hidden === undefined ? undefined : hidden ? 1 : 0,
      });
      return {};
    },
  }),

  /** {id, groupId, targetId}: put the category before `targetId` (null: last) in `groupId`. */
  'category-move': handler({
    args: v.object({
      id: v.string(),
      groupId: v.string(),
      targetId: v.optional(v.nullable(v.string())),
    }),
    undoable: true,
    needsBudget: true,
    run({ id, groupId, targetId }, ctx) {
      const budget = ctx.requireBudget();
      const category = getCategory(budget, id);
      if (!category) return categoryNotFound(id);
      const group = getGroup(budget, groupId);
      if (!group) return groupNotFound(groupId);
      if (group.is_income !== category.is_income) {
        return handlerError(
          'category-type',
          'A category cannot move between income and expense groups',
        );
      }
      if (groupId !== category.cat_group && nameTaken(budget, groupId, category.name, id)) {
        return exists(category.name);
      }
      const { updates, sortOrder } = placeBefore(siblings(budget, groupId, id), targetId);
      budget.db.batch(() => {
        for (const u of updates) budget.db.update('categories', u);
        budget.db.update('categories', { id, sort_order: sortOrder, cat_group: groupId });
      });
      return 'ok' as const;
    },
  }),

  /** {id, transferId}: see deleteCategory. */
  'category-delete': handler({
    args: v.object({ id: v.string(), transferId: v.optional(v.nullable(v.string())) }),
    undoable: true,
    needsBudget: true,
    run: ({ id, transferId }, ctx) => deleteCategory(ctx.requireBudget(), id, transferId) ?? {},
  }),

  /** {id} → whether deleting it needs a replacement category. */
  'must-category-transfer': handler({
    args: v.object({ id: v.string() }),
    needsBudget: true,
    run: ({ id }, ctx) => mustTransfer(ctx.requireBudget(), id),
  }),

  ...groupHandlers,
});
