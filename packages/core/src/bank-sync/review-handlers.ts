import { handlerError } from '../handlers-core/errors.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { approve, reviewList, unmatch } from './review.ts';

/**
 * Review before it counts (see review.ts): list the bank rows waiting for approval with why
 * each matched, approve them (all in view at once), and undo a wrong match.
 */
export function reviewHandlers() {
  return {
    'bank-review-list': handler({
      args: v.optional(v.object({ accountId: v.optional(v.nullable(v.string())) })),
      needsBudget: true,
      run: (args, ctx) => reviewList(ctx.requireBudget(), args?.accountId ?? null),
    }),

    'bank-review-approve': handler({
      args: v.object({ ids: v.array(v.string()) }),
      mutator: true,
      needsBudget: true,
      run: ({ ids }, ctx) => {
        const budget = ctx.requireBudget();
        const approved = approve(budget, ids);
        // The marks are no message: registers learn of them as after a sync.
        ctx.emit('sync-event', {
          type: 'success',
          tables: ['transactions'],
          syncDisabled: !budget.prefs.groupId,
        });
        return { approved };
      },
    }),

    /** Split a wrong match: the row as it was, and the bank's row beside it (marked new). */
    'bank-unmatch': handler({
      args: v.object({ id: v.string() }),
      undoable: true,
      needsBudget: true,
      run: ({ id }, ctx) => {
        const added = unmatch(ctx.requireBudget(), id, ctx.emit);
        if (!added)
          return handlerError('not-matched', 'This transaction was not matched by a bank sync.');
        return { id, added };
      },
    }),
  };
}
