import { isHandlerError } from '../handlers-core/errors.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { insertPayee } from '../payees/queries.ts';
import { payeeModel } from './models.ts';

type Row = Record<string, unknown>;

const ack = (result: unknown): unknown => (isHandlerError(result) ? result : undefined);

/** Payees in the API's shape, on top of the `payee*` handlers. */
export function payeeHandlers() {
  return {
    'api/payees-get': handler({
      needsBudget: true,
      async run(_args: undefined, ctx) {
        const rows = await ctx.call('payees-get');
        return isHandlerError(rows) ? rows : (rows as Row[]).map(payeeModel.toExternal);
      },
    }),

    // The name as given, as Actual's api stores it (the form trims; a script's bank data may
    // carry spaces that its later lookups expect).
    'api/payee-create': handler({
      args: v.object({ payee: v.object({ name: v.string() }) }),
      mutator: true,
      needsBudget: true,
      run({ payee }, ctx) {
        return insertPayee(ctx.requireBudget().db, { name: payee.name });
      },
    }),

    'api/payee-update': handler({
      args: v.object({ id: v.string(), fields: v.object({}) }),
      mutator: true,
      needsBudget: true,
      async run({ id, fields }, ctx) {
        const { name, category } = fields as Row;
        const result = await ctx.call('payees-batch-change', {
          updated: [{ id, name, category }],
        });
        return ack(result);
      },
    }),

    'api/payee-delete': handler({
      args: v.object({ id: v.string() }),
      mutator: true,
      needsBudget: true,
      async run({ id }, ctx) {
        return ack(await ctx.call('payees-batch-change', { deleted: [{ id }] }));
      },
    }),

    'api/payees-merge': handler({
      args: v.object({ targetId: v.string(), mergeIds: v.array(v.string()) }),
      mutator: true,
      needsBudget: true,
      async run({ targetId, mergeIds }, ctx) {
        return ack(await ctx.call('payees-merge', { targetId, mergeIds }));
      },
    }),
  };
}
