import type { Budget } from '../budget-file/budget.ts';
import { placeBefore } from '../categories/sort-order.ts';
import { insertPayee, startingBalancePayee } from '../payees/queries.ts';
import { dayOf, toDateInt } from '../transactions/model.ts';

export interface NewAccount {
  name: string;
  /** Opening balance in integer cents (0 or absent: no starting-balance transaction). */
  balance?: number | null;
  offBudget?: boolean;
  closed?: boolean;
  type?: string | null;
}

/**
 * Create an account with everything Actual creates with it, in one write: the account (last
 * among the accounts on the same side of the budget), its transfer payee (name '' — it shows
 * the account's name), and, for a non-zero balance, a cleared starting-balance transaction
 * dated today and booked to the 'Starting Balances' income category when on budget.
 */
export function createAccount(budget: Budget, account: NewAccount): string {
  const db = budget.db;
  const offbudget = account.offBudget ? 1 : 0;
  const siblings = budget.sqlite.all<{ id: string; sort_order: number | null }>(
    'SELECT id, sort_order FROM accounts WHERE offbudget = ? ORDER BY sort_order, name, id',
    [offbudget],
  );
  const { sortOrder } = placeBefore(siblings, null);
  const { clock, random } = budget.env.platform;
  return db.batch(() => {
    const id = db.insert('accounts', {
      name: account.name,
      type: account.type ?? 'checking',
      offbudget,
      closed: account.closed ? 1 : 0,
      sort_order: sortOrder,
      tombstone: 0,
    });
    insertPayee(db, { name: '', transfer_acct: id });
    const balance = account.balance ?? 0;
    if (balance !== 0) {
      const payee = startingBalancePayee(budget);
      db.insert('transactions', {
        id: random.uuid(),
        acct: id,
        amount: balance,
        category: offbudget ? null : payee.category,
        description: payee.id,
        date: toDateInt(dayOf(clock.now())),
        cleared: 1,
        starting_balance_flag: 1,
        isParent: 0,
        isChild: 0,
        sort_order: clock.now(),
        tombstone: 0,
      });
    }
    return id;
  });
}
