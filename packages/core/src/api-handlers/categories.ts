import { API_RULES, deleteCategory, deleteGroup } from '../categories/delete.ts';
import { isHandlerError } from '../handlers-core/errors.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { categoryGroupModel, categoryModel } from './models.ts';

type Row = Record<string, unknown>;
type Categories = { grouped: Row[]; list: Row[] };

const bySortOrder = (a: Row, b: Row): number =>
  Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0) ||
  (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0);

/** Categories and groups in the API's shapes, on top of the `category-*` handlers. */
export function categoryHandlers() {
  return {
    // The flat list comes in sort order alone, across groups, as Actual's does.
    'api/categories-get': handler({
      args: v.optional(v.object({ grouped: v.optional(v.boolean()) })),
      needsBudget: true,
      async run(args, ctx) {
        const result = await ctx.call('get-categories');
        if (isHandlerError(result)) return result;
        const { grouped, list } = result as Categories;
        if (args?.grouped) return grouped.map(categoryGroupModel.toExternal);
        return [...list].sort(bySortOrder).map(categoryModel.toExternal);
      },
    }),

    // Actual answers this one with stored rows (0/1 flags, sort orders), not the API shape.
    'api/category-groups-get': handler({
      needsBudget: true,
      async run(_args: undefined, ctx) {
        const result = await ctx.call('get-categories');
        return isHandlerError(result) ? result : (result as Categories).grouped;
      },
    }),

    'api/category-group-create': handler({
      args: v.object({ group: v.object({ name: v.string() }) }),
      mutator: true,
      needsBudget: true,
      run({ group }, ctx) {
        const { is_income, hidden } = group as Row;
        return ctx.call('category-group-create', {
          name: group.name,
          isIncome: is_income === undefined ? undefined : !!is_income,
          hidden: hidden === undefined ? undefined : !!hidden,
        });
      },
    }),

    'api/category-group-update': handler({
      args: v.object({ id: v.string(), fields: v.object({}) }),
      mutator: true,
      needsBudget: true,
      async run({ id, fields }, ctx) {
        const { name, hidden } = categoryGroupModel.fromExternal(fields as Row);
        const result = await ctx.call('category-group-update', { id, name, hidden });
        return isHandlerError(result) ? result : undefined;
      },
    }),

    // Actual's rules, not the form's: see API_RULES.
    'api/category-group-delete': handler({
      args: v.object({ id: v.string(), transferCategoryId: v.optional(v.nullable(v.string())) }),
      mutator: true,
      needsBudget: true,
      run({ id, transferCategoryId }, ctx) {
        return deleteGroup(ctx.requireBudget(), id, transferCategoryId, API_RULES) ?? undefined;
      },
    }),

    'api/category-create': handler({
      args: v.object({ category: v.object({ name: v.string(), group_id: v.string() }) }),
      mutator: true,
      needsBudget: true,
      run({ category }, ctx) {
        const { is_income, hidden } = category as Row;
        return ctx.call('category-create', {
          name: category.name,
          groupId: category.group_id,
          isIncome: is_income === undefined ? undefined : !!is_income,
          hidden: hidden === undefined ? undefined : !!hidden,
        });
      },
    }),

    // Moving to another group (`group_id`) goes to the end of that group.
    'api/category-update': handler({
      args: v.object({ id: v.string(), fields: v.object({}) }),
      mutator: true,
      needsBudget: true,
      async run({ id, fields }, ctx) {
        const { name, hidden, cat_group } = categoryModel.fromExternal(fields as Row);
        if (name !== undefined || hidden !== undefined) {
          const result = await ctx.call('category-update', { id, name, hidden });
          if (isHandlerError(result)) return result;
        }
        if (typeof cat_group === 'string') {
          const moved = await ctx.call('category-move', { id, groupId: cat_group, targetId: null });
          if (isHandlerError(moved)) return moved;
        }
        return {};
      },
    }),

    'api/category-delete': handler({
      args: v.object({ id: v.string(), transferCategoryId: v.optional(v.nullable(v.string())) }),
      mutator: true,
      needsBudget: true,
      run({ id, transferCategoryId }, ctx) {
        return deleteCategory(ctx.requireBudget(), id, transferCategoryId, API_RULES) ?? undefined;
      },
    }),
  };
}
