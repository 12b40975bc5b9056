import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { checkEditable, mergePayees, payeeNotFound } from './merge.ts';
import { checkPayeeName } from './name.ts';
import { getPayee, getPayees, insertPayee, orphanedPayeeIds } from './queries.ts';
import { ruleCounts, rulesForPayee } from './rules.ts';

/** The first name given that is no name, as the handlers' typed error. */
function nameProblem(names: ReadonlyArray<string | undefined>) {
  for (const name of names) {
    const checked = name === undefined ? null : checkPayeeName(name);
    if (checked && !checked.ok) return handlerError('invalid-name', checked.message);
  }
  return null;
}

const payeeChange = v.object({
  id: v.string(),
  name: v.optional(v.string()),
  category: v.optional(v.nullable(v.string())),
});

/**
 * Payee handlers with Actual's names and payloads. Transfer payees belong to their accounts:
 * renaming, merging or deleting one is refused with a typed error.
 */
export const payeesModule = defineModule('payees', {
  'payees-get': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => getPayees(ctx.requireBudget()),
  }),

  /** {name} (trimmed) → the new payee's id. */
  'payee-create': handler({
    args: v.object({ name: v.string() }),
    undoable: true,
    needsBudget: true,
    run({ name }, ctx) {
      const checked = checkPayeeName(name);
      if (!checked.ok) return handlerError('invalid-name', checked.message);
      return insertPayee(ctx.requireBudget().db, { name: checked.name });
    },
  }),

  /** {added: [{name}], updated: [{id, name?}], deleted: [{id}]}, all or nothing. */
  'payees-batch-change': handler({
    args: v.object({
      added: v.optional(v.array(v.object({ id: v.optional(v.string()), name: v.string() }))),
      updated: v.optional(v.array(payeeChange)),
      deleted: v.optional(v.array(v.object({ id: v.string() }))),
    }),
    undoable: true,
    needsBudget: true,
    run({ added = [], updated = [], deleted = [] }, ctx) {
      const budget = ctx.requireBudget();
      const problem = checkEditable(
        budget,
        [...updated, ...deleted].map((p) => p.id),
      );
      if (problem) return problem;
      const badName = nameProblem([...added, ...updated].map((p) => p.name));
      if (badName) return badName;
      for (const { category } of updated) {
        if (
          category &&
          !budget.sqlite.first('SELECT id FROM categories WHERE id = ?', [category])
        ) {
          return handlerError('category-not-found', `No category with id ${category}`);
        }
      }
      const db = budget.db;
      const ids = db.batch(() => {
        for (const { id } of deleted) db.delete('payees', id);
        const created = added.map((p) => insertPayee(db, { id: p.id, name: p.name.trim() }));
        for (const p of updated) {
          db.update('payees', { id: p.id, name: p.name?.trim(), category: p.category });
        }
        return created;
      });
      return { added: ids };
    },
  }),

  /** {targetId, mergeIds}: see mergePayees. */
  'payees-merge': handler({
    args: v.object({ targetId: v.string(), mergeIds: v.array(v.string()) }),
    undoable: true,
    needsBudget: true,
    run({ targetId, mergeIds }, ctx) {
      return mergePayees(ctx.requireBudget(), targetId, mergeIds) ?? {};
    },
  }),

  /** Regular payees no transaction uses, as [{id, name}]. */
  'payees-get-orphaned': handler({
    needsBudget: true,
    run(_args: undefined, ctx) {
      const budget = ctx.requireBudget();
      return orphanedPayeeIds(budget).map((id) => ({ id, name: getPayee(budget, id)?.name ?? '' }));
    },
  }),

  /** {ids} → the ones that are orphaned. */
  'payees-check-orphaned': handler({
    args: v.object({ ids: v.array(v.string()) }),
    needsBudget: true,
    run({ ids }, ctx) {
      const orphaned = new Set(orphanedPayeeIds(ctx.requireBudget()));
      return ids.filter((id) => orphaned.has(id));
    },
  }),

  'payees-get-rule-counts': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => ruleCounts(ctx.requireBudget()),
  }),

  /** {id} → the rules that mention the payee, in run order. */
  'payees-get-rules': handler({
    args: v.object({ id: v.string() }),
    needsBudget: true,
    run({ id }, ctx) {
      const budget = ctx.requireBudget();
      if (!getPayee(budget, id)) return payeeNotFound(id);
      return rulesForPayee(budget, id);
    },
  }),
});
