import type { Budget } from '../budget-file/budget.ts';
import { runQuery } from '../query/exec.ts';
import { q } from '../query/query.ts';
import { dayOf, isDate } from '../transactions/model.ts';

/** An account as `accounts-get` returns it: the stored row plus its bank's name and id. */
export interface AccountRow {
  id: string;
  account_id: string | null;
  name: string;
  balance_current: number | null;
  balance_available: number | null;
  balance_limit: number | null;
  mask: string | null;
  official_name: string | null;
  type: string | null;
  subtype: string | null;
  bank: string | null;
  offbudget: number;
  closed: number;
  sort_order: number | null;
  tombstone: number;
  bankName: string | null;
  bankId: string | null;
  /** The provider of the link, as Actual names it (`goCardless`, `simpleFin`, `enableBanking`). */
  account_sync_source: string | null;
  /** The last bank sync (ms since the epoch, as text) and how it went (`ok` or the error kind). */
  last_sync?: string | null;
  bank_sync_status?: string | null;
}

export function getAccounts(budget: Budget): AccountRow[] {
  // The sync source is the file's own column or Coffer's side column (schema/extensions.ts).
  return budget.sqlite.all<AccountRow>(
    `${budget.db.columns.rowsSql('accounts', 'b.name AS bankName, b.id AS bankId')}
     LEFT JOIN banks b ON t.bank = b.id
     WHERE t.tombstone = 0
     ORDER BY t.sort_order, t.name, t.id`,
  );
}

/** A live account, or null. */
export function getAccount(budget: Budget, id: string): AccountRow | null {
  return (
    budget.sqlite.first<AccountRow>('SELECT * FROM accounts WHERE id = ? AND tombstone = 0', [
      id,
    ]) ?? null
  );
}

/** Sum of the account's live non-parent transactions, and how many rows it has. */
export function accountProperties(
  budget: Budget,
  id: string,
): { balance: number; numTransactions: number } {
  const row = budget.sqlite.first<{ balance: number | null; count: number }>(
    `SELECT SUM(CASE WHEN isParent = 0 THEN amount ELSE 0 END) AS balance, COUNT(id) AS count
     FROM transactions WHERE acct = ? AND tombstone = 0`,
    [id],
  );
  return { balance: Number(row?.balance ?? 0), numTransactions: Number(row?.count ?? 0) };
}

/**
 * The balance of an account on a day (inclusive), as the API's `getAccountBalance`: the sum of
 * the account's transactions with split children counted instead of their parents. The cutoff
 * defaults to today (from the budget's clock); a Date is read as its local calendar day.
 */
export function getAccountBalance(budget: Budget, id: string, cutoff?: string | Date): number {
  const day =
    cutoff instanceof Date
      ? dayOf(cutoff.getTime())
      : cutoff && isDate(cutoff)
        ? cutoff
        : dayOf(budget.env.platform.clock.now());
  const query = q('transactions')
    .filter({ account: id, date: { $lte: day } })
    .calculate({ $sum: '$amount' });
  return Number(runQuery(budget.sqlite, query).data ?? 0);
}
