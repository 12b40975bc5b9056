import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { type HandlerError, handlerError } from '../handlers-core/errors.ts';
import { batchUpdateTransactions } from '../transactions/batch.ts';
import { dayOf } from '../transactions/model.ts';
import { accountProperties, getAccount } from './queries.ts';

export interface CloseArgs {
  id: string;
  transferAccountId?: string | null;
  categoryId?: string | null;
  forced?: boolean;
}

export type CloseErrorType =
  'account-not-found' | 'transfer-required' | 'category-required' | 'category-not-found';

/** The spec's texts for the close-account form's checks. */
export const CLOSE_MESSAGES = {
  transfer: 'Transfer is required',
  category: 'Category is required',
} as const;

/**
 * Which checks a close makes when money has to move. The form's (the default) are the spec's:
 * an open account to move it to, and a category when it leaves the budget for an off-budget
 * account. A script's (`@actual-app/api`) are Actual's api's: any other account, closed or not,
 * and the category is optional.
 */
export interface CloseRules {
  targetOpen: boolean;
  requireCategory: boolean;
}

export const FORM_CLOSE: CloseRules = { targetOpen: true, requireCategory: true };
export const API_CLOSE: CloseRules = { targetOpen: false, requireCategory: false };

/**
 * Close an account as Actual does:
 * - no transactions at all: the account is deleted;
 * - `forced`: its transactions and transfer payee are deleted with it, and the other sides of
 *   its transfers are unlinked (they stay, without a payee);
 * - otherwise it is marked closed, and a non-zero balance first moves to `transferAccountId`
 *   by a transfer dated today ('Closing account'), categorized with `categoryId` when money
 *   leaves the budget for an off-budget account.
 * Closing a closed account does nothing, unless forced: that deletes it as above (how the
 * register deletes a closed account).
 */
export function closeAccount(
  budget: Budget,
  args: CloseArgs,
  emit?: Emit,
  rules: CloseRules = FORM_CLOSE,
): Record<string, never> | HandlerError<CloseErrorType> {
  const account = getAccount(budget, args.id);
  if (!account) return handlerError('account-not-found', `No account with id ${args.id}`);
  if (account.closed === 1 && !args.forced) return {};
  const db = budget.db;
  const { balance, numTransactions } = accountProperties(budget, args.id);

  if (numTransactions === 0) {
    db.delete('accounts', args.id);
    return {};
  }

  if (args.forced) {
    const rows = budget.sqlite.all<{ id: string; transfer_id: string | null }>(
      'SELECT id, transfer_id FROM v_transactions WHERE account = ?',
      [args.id],
    );
    const payees = budget.sqlite.all<{ id: string }>(
      'SELECT id FROM payees WHERE transfer_acct = ? AND tombstone = 0',
      [args.id],
    );
    db.batch(() => {
      for (const row of rows) {
        if (row.transfer_id) {
          db.update('transactions', {
            id: row.transfer_id,
            description: null,
            transferred_id: null,
          });
        }
        db.delete('transactions', row.id);
      }
      db.delete('accounts', args.id);
      for (const payee of payees) db.delete('payees', payee.id);
    });
    return {};
  }

  let category: string | null = null;
  let transferPayee: string | null = null;
  if (balance !== 0) {
    const target = args.transferAccountId ? getAccount(budget, args.transferAccountId) : null;
    if (!target || target.id === args.id || (rules.targetOpen && target.closed === 1)) {
      return handlerError('transfer-required', CLOSE_MESSAGES.transfer);
    }
    if (args.categoryId) {
      const found = budget.sqlite.first(
        'SELECT id FROM categories WHERE id = ? AND tombstone = 0',
        [args.categoryId],
      );
      if (!found)
        return handlerError('category-not-found', `No category with id ${args.categoryId}`);
      category = args.categoryId;
    } else if (rules.requireCategory && account.offbudget !== 1 && target.offbudget === 1) {
      return handlerError('category-required', CLOSE_MESSAGES.category);
    }
    transferPayee =
      budget.sqlite.first<{ id: string }>(
        'SELECT id FROM payees WHERE transfer_acct = ? AND tombstone = 0',
        [target.id],
      )?.id ?? null;
    if (!transferPayee) return handlerError('transfer-required', CLOSE_MESSAGES.transfer);
  }

  db.batch(() => {
    db.update('accounts', { id: args.id, closed: 1 });
    if (balance === 0) return;
    const result = batchUpdateTransactions(
      budget,
      {
        added: [
          {
            account: args.id,
            payee: transferPayee,
            amount: -balance,
            date: dayOf(budget.env.platform.clock.now()),
            notes: 'Closing account',
            category,
          },
        ],
      },
      { emit },
    );
    // Every id was checked above; a failure here is a bug, and throwing discards the batch.
    if ('error' in result) throw new Error(result.error.message);
  });
  return {};
}
