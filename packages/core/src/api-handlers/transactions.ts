import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import {
  type NewTransaction,
  addTransactions,
  deleteTransaction,
  updateTransaction,
} from '../transactions/add.ts';
import type { TransactionInput } from '../transactions/model.ts';

/** Transaction writes in the API's shapes, on top of the transactions module's functions. */
export function transactionHandlers() {
  return {
    // Payee names become payees, `subtransactions` become splits, rules run; transfers only
    // when asked (the API's default is off, unlike the UI's).
    'api/transactions-add': handler({
      args: v.object({
        accountId: v.string(),
        transactions: v.array(v.object({})),
        learnCategories: v.optional(v.boolean()),
        runTransfers: v.optional(v.boolean()),
      }),
      mutator: true,
      needsBudget: true,
      run({ accountId, transactions, learnCategories, runTransfers }, ctx) {
        const result = addTransactions(
          ctx.requireBudget(),
          accountId,
          transactions as NewTransaction[],
          { learnCategories: !!learnCategories, runTransfers: !!runTransfers, emit: ctx.emit },
        );
        return 'error' in result ? result : ('ok' as const);
      },
    }),

    // Bank-file style: matched against what the account has (imported id, then amount, date and
    // payee), rules run, payee names cleaned up. → {errors, added, updated}.
    'api/transactions-import': handler({
      args: v.object({ accountId: v.string(), transactions: v.array(v.object({})) }),
      mutator: true,
      needsBudget: true,
      async run({ accountId, transactions }, ctx) {
        const result = await ctx.call('transactions-import', { accountId, transactions });
        if (!result || typeof result !== 'object' || !('updatedWithLines' in result)) return result;
        // Actual's api lists a re-cleared split's lines among `updated` (the app counts rows).
        const { updatedWithLines, ...rest } = result;
        return { ...rest, updated: updatedWithLines };
      },
    }),

    // → what the transfer logic changed elsewhere, as `transactions-batch-update` answers.
    'api/transaction-update': handler({
      args: v.object({ id: v.string(), fields: v.object({}) }),
      mutator: true,
      needsBudget: true,
      run({ id, fields }, ctx) {
        const result = updateTransaction(
          ctx.requireBudget(),
          { ...(fields as TransactionInput), id },
          { emit: ctx.emit },
        );
        return 'error' in result ? result : result.updated;
      },
    }),

    'api/transaction-delete': handler({
      args: v.object({ id: v.string() }),
      mutator: true,
      needsBudget: true,
      run({ id }, ctx) {
        const result = deleteTransaction(ctx.requireBudget(), id, { emit: ctx.emit });
        return 'error' in result ? result : result.updated;
      },
    }),
  };
}
