/**
 * The account-order index (`coffer_trans_account_order`, `../query/transactions.ts`) as a derived
 * table of its own, built first in the background after the open: a register opened in the
 * first seconds of a file without it (a new device's download, a file Actual wrote last, which
 * `stripDerived` left without it) sorts all of its account's rows for a page until it is made.
 *
 * Not made during the open: it is a plain SQLite index, but on 100,000 transactions creating it
 * took 0.9–1.4 s in native SQLite (on a loaded machine) against 10–110 ms for the one register
 * page it spares, and the open is what a person waits for. It was made with the tag index's
 * build before; as its own table it goes first (the query module opens it before the others),
 * without waiting for the notes to be read.
 */
import type { Budget } from '../budget-file/budget.ts';
import { type DerivedData, defineDerivedSlot } from '../budget-file/derived-data.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { ACCOUNT_ORDER_INDEX, createAccountOrderIndex } from '../query/transactions.ts';

export const ACCOUNT_ORDER = {
  isCurrent: (db: SqliteDatabase) =>
    db.first<{ n: number }>('SELECT COUNT(*) AS n FROM sqlite_master WHERE name = ?', [
      ACCOUNT_ORDER_INDEX,
    ])?.n === 1,
  // SQLite keeps an index in step with every write itself.
  apply: () => undefined,
  rebuild: createAccountOrderIndex,
};

export const AccountOrderSlot = defineDerivedSlot('account-order', ACCOUNT_ORDER);

export function accountOrder(budget: Budget): DerivedData {
  return budget.get(AccountOrderSlot);
}
