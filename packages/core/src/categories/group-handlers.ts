import type { SqliteDatabase } from '../platform/index.ts';
import { handlerError } from '../handlers-core/errors.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { flag } from '../transactions/validators.ts';
import { deleteGroup } from './delete.ts';
import { getGroup } from './queries.ts';
import { placeBefore } from './sort-order.ts';

const groupNotFound = (id: string) =>
  handlerError('group-not-found', `No category group with id ${id}`);
const nameRequired = () => handlerError('invalid-name', 'A category group needs a name');

const allGroups = (sqlite: SqliteDatabase, exceptId = '') =>
  sqlite.all<{ id: string; sort_order: number | null }>(
    'SELECT id, sort_order FROM category_groups WHERE tombstone = 0 AND id != ? ORDER BY sort_order, id',
    [exceptId],
  );

/** `category-group-*` handlers (part of the categories module). */
export const groupHandlers = {
  /** {name, isIncome?, hidden?} → id. New groups go last. */
  'category-group-create': handler({
    args: v.object({
      name: v.string(),
      isIncome: v.optional(v.nullable(flag())),
      hidden: v.optional(v.nullable(flag())),
    }),
    undoable: true,
    needsBudget: true,
    run({ name, isIncome, hidden }, ctx) {
      const budget = ctx.requireBudget();
      const trimmed = name.trim();
      if (!trimmed) return nameRequired();
      const { sortOrder } = placeBefore(allGroups(budget.sqlite), null);
      return budget.db.insert('category_groups', {
        name: trimmed,
        is_income: isIncome ? 1 : 0,
        hidden: hidden ? 1 : 0,
        sort_order: sortOrder,
        tombstone: 0,
      });
    },
  }),

  /** {id, name?, hidden?} */
  'category-group-update': handler({
    args: v.object({ id: v.string(), name: v.optional(v.string()), hidden: v.optional(flag()) }),
    undoable: true,
    needsBudget: true,
    run({ id, name, hidden }, ctx) {
      const budget = ctx.requireBudget();
      if (!getGroup(budget, id)) return groupNotFound(id);
      if (name !== undefined && !name.trim()) return nameRequired();
      budget.db.update('category_groups', {
        id,
        name: name?.trim(),
        hidden: hidden === undefined ? undefined : hidden ? 1 : 0,
      });
      return {};
    },
  }),

  /** {id, targetId}: put the group before `targetId` (null: last). */
  'category-group-move': handler({
    args: v.object({ id: v.string(), targetId: v.optional(v.nullable(v.string())) }),
    undoable: true,
    needsBudget: true,
    run({ id, targetId }, ctx) {
      const budget = ctx.requireBudget();
      if (!getGroup(budget, id)) return groupNotFound(id);
      const { updates, sortOrder } = placeBefore(allGroups(budget.sqlite, id), targetId);
      budget.db.batch(() => {
        for (const u of updates) budget.db.update('category_groups', u);
        budget.db.update('category_groups', { id, sort_order: sortOrder });
      });
      return 'ok' as const;
    },
  }),

  /** {id, transferId}: every category of the group is deleted into `transferId`. */
  'category-group-delete': handler({
    args: v.object({ id: v.string(), transferId: v.optional(v.nullable(v.string())) }),
    undoable: true,
    needsBudget: true,
    run: ({ id, transferId }, ctx) => deleteGroup(ctx.requireBudget(), id, transferId) ?? {},
  }),
};
