import { defineBudgetSlot } from '../budget-file/budget.ts';
import type { Transaction, TransactionInput } from './model.ts';

/**
 * What other modules plug into transaction writes for one open budget. The rules module sets
 * these when a budget opens (from a budget service):
 *
 *   budget.get(TransactionHooksSlot).runRules = (tx) => index.run(tx);
 *
 * Until it does, imports store transactions as given and nothing is learned.
 */
export interface TransactionHooks {
  /** Applies the budget's rules to a new transaction (public fields) before it is stored. */
  runRules?: (tx: TransactionInput) => TransactionInput;
  /**
   * Called after a batch committed with `learnCategories`, with the added and updated
   * transactions whose category the caller set (Actual's category learning).
   */
  learnCategories?: (transactions: Transaction[]) => void;
}

export const TransactionHooksSlot = defineBudgetSlot<TransactionHooks>(
  'transaction-hooks',
  () => ({}),
);
