import { API_CLOSE, closeAccount } from '../accounts/close.ts';
import { isHandlerError } from '../handlers-core/errors.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { accountModel } from './models.ts';

type Row = Record<string, unknown>;

/** An internal handler's `{}` acknowledgement becomes the API's `undefined`; errors pass. */
const ack = (result: unknown): unknown => (isHandlerError(result) ? result : undefined);

/** Accounts in the API's shape, on top of the `account-*` handlers. */
export function accountHandlers() {
  return {
    'api/accounts-get': handler({
      needsBudget: true,
      async run(_args: undefined, ctx) {
        const rows = await ctx.call('accounts-get');
        return isHandlerError(rows) ? rows : (rows as Row[]).map(accountModel.toExternal);
      },
    }),

    // `initialBalance` is integer cents, like every amount in the API.
    'api/account-create': handler({
      args: v.object({
        account: v.object({ name: v.string() }),
        initialBalance: v.optional(v.nullable(v.number())),
      }),
      mutator: true,
      needsBudget: true,
      run({ account, initialBalance }, ctx) {
        const { offbudget, closed, type } = account as Row;
        return ctx.call('account-create', {
          name: account.name,
          offBudget: offbudget === undefined ? undefined : !!offbudget,
          closed: closed === undefined ? undefined : !!closed,
          type: typeof type === 'string' ? type : undefined,
          balance: initialBalance ?? null,
        });
      },
    }),

    'api/account-update': handler({
      args: v.object({ id: v.string(), fields: v.object({}) }),
      mutator: true,
      needsBudget: true,
      async run({ id, fields }, ctx) {
        const { name, offbudget, closed } = accountModel.fromExternal(fields as Row);
        return ack(await ctx.call('account-update', { id, name, offbudget, closed }));
      },
    }),

    'api/account-close': handler({
      args: v.object({
        id: v.string(),
        transferAccountId: v.optional(v.nullable(v.string())),
        transferCategoryId: v.optional(v.nullable(v.string())),
      }),
      mutator: true,
      needsBudget: true,
      // Actual's api's checks, not the form's: see API_CLOSE.
      run({ id, transferAccountId, transferCategoryId }, ctx) {
        const result = closeAccount(
          ctx.requireBudget(),
          { id, transferAccountId, categoryId: transferCategoryId },
          ctx.emit,
          API_CLOSE,
        );
        return ack(result);
      },
    }),

    'api/account-reopen': handler({
      args: v.object({ id: v.string() }),
      mutator: true,
      needsBudget: true,
      async run({ id }, ctx) {
        return ack(await ctx.call('account-reopen', { id }));
      },
    }),

    // Deleting is a forced close: the account and its transactions go, balance or not.
    'api/account-delete': handler({
      args: v.object({ id: v.string() }),
      mutator: true,
      needsBudget: true,
      async run({ id }, ctx) {
        return ack(await ctx.call('account-close', { id, forced: true }));
      },
    }),
  };
}
