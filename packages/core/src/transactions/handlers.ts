import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { batchUpdateTransactions } from './batch.ts';
import { batchArgs, transactionInput, transactionWithId } from './validators.ts';

/**
 * Transaction handlers with Actual's names and payloads. Each is one undo step; a bad id or
 * value returns a typed error and writes nothing.
 */
export const transactionsModule = defineModule('transactions', {
  /** {added, updated, deleted, learnCategories} → what the transfer logic changed. */
  'transactions-batch-update': handler({
    args: batchArgs(),
    undoable: true,
    needsBudget: true,
    run({ added, updated, deleted, learnCategories }, ctx) {
      const result = batchUpdateTransactions(
        ctx.requireBudget(),
        { added, updated, deleted },
        { learnCategories, emit: ctx.emit },
      );
      return 'error' in result ? result : result.updated;
    },
  }),

  'transaction-add': handler({
    args: transactionInput(),
    undoable: true,
    needsBudget: true,
    run(transaction, ctx) {
      const result = batchUpdateTransactions(
        ctx.requireBudget(),
        { added: [transaction] },
        { emit: ctx.emit },
      );
      return 'error' in result ? result : {};
    },
  }),

  'transaction-update': handler({
    args: transactionWithId(),
    undoable: true,
    needsBudget: true,
    run(transaction, ctx) {
      const result = batchUpdateTransactions(
        ctx.requireBudget(),
        { updated: [transaction] },
        { emit: ctx.emit },
      );
      return 'error' in result ? result : {};
    },
  }),

  'transaction-delete': handler({
    args: v.object({ id: v.string() }),
    undoable: true,
    needsBudget: true,
    run({ id }, ctx) {
      const result = batchUpdateTransactions(
        ctx.requireBudget(),
        { deleted: [{ id }] },
        { emit: ctx.emit },
      );
      return 'error' in result ? result : {};
    },
  }),
});
