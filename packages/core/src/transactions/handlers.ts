import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { insertPayee } from '../payees/queries.ts';
import { batchUpdateTransactions } from './batch.ts';
import { batchArgs, transactionInput, transactionWithId } from './validators.ts';

/**
 * Transaction handlers with Actual's names and payloads. Each is one undo step; a bad id or
 * value returns a typed error and writes nothing.
 */
export const transactionsModule = defineModule('transactions', {
  /**
   * {added, updated, deleted, learnCategories, newPayees} → what the transfer logic changed.
   * `newPayees` are created in the same write, so a transaction entered with a new payee is
   * one undo step.
   */
  'transactions-batch-update': handler({
    args: batchArgs(),
    undoable: true,
    needsBudget: true,
    run({ added, updated, deleted, learnCategories, newPayees = [] }, ctx) {
      const budget = ctx.requireBudget();
      const payees = newPayees.map((p) => ({ id: p.id, name: p.name.trim() }));
      if (payees.some((p) => !p.name)) return handlerError('invalid-name', 'A payee needs a name');
      const taken = budget.sqlite.first<{ id: string }>(
        'SELECT id FROM payees WHERE id IN (SELECT value FROM json_each(?))',
        [JSON.stringify(payees.map((p) => p.id))],
      );
      if (taken) return handlerError('payee-exists', `A payee with id ${taken.id} exists`);
      const result = batchUpdateTransactions(
        budget,
        { added, updated, deleted },
        {
          learnCategories,
          emit: ctx.emit,
          knownPayees: new Set(payees.map((p) => p.id)),
          beforeWrite: () => {
            for (const payee of payees) insertPayee(budget.db, payee);
          },
        },
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
