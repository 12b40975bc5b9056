import { type HandlerError, handlerError } from '../handlers-core/errors.ts';
import type { SqliteDatabase } from '../platform/index.ts';

const CHUNK = 10_000;

/**
 * Which of `ids` appear in `sql` (a query ending in `IN` over one id column). The ids go in as
 * one JSON array per chunk: one prepared statement, however many ids an import checks.
 */
export function existingIds(db: SqliteDatabase, sql: string, ids: Iterable<string>): Set<string> {
  const list = [...new Set(ids)];
  const found = new Set<string>();
  for (let i = 0; i < list.length; i += CHUNK) {
    const part = JSON.stringify(list.slice(i, i + CHUNK));
    const rows = db.all<{ id: string }>(`${sql} (SELECT value FROM json_each(?))`, [part]);
    for (const row of rows) found.add(row.id);
  }
  return found;
}

export type TransactionErrorType =
  | 'invalid-transaction'
  | 'transaction-not-found'
  | 'transaction-exists'
  | 'account-not-found'
  | 'payee-not-found'
  | 'category-not-found'
  | 'parent-not-found';

export type TransactionError = HandlerError<TransactionErrorType>;

export const txError = (type: TransactionErrorType, message: string): TransactionError =>
  handlerError(type, message);

/**
 * Checks that ids in a batch point at rows that exist: accounts must be open or closed but not
 * deleted; payees and categories may be merged or deleted (their mapping rows keep them valid).
 */
export function checkReferences(
  db: SqliteDatabase,
  refs: { accounts: Set<string>; payees: Set<string>; categories: Set<string> },
): TransactionError | null {
  const accounts = existingIds(
    db,
    'SELECT id FROM accounts WHERE tombstone = 0 AND id IN',
    refs.accounts,
  );
  for (const id of refs.accounts) {
    if (!accounts.has(id)) return txError('account-not-found', `No account with id ${id}`);
  }
  const wanted = [...refs.payees];
  const payees = existingIds(db, 'SELECT id FROM payees WHERE id IN', wanted);
  for (const id of existingIds(db, 'SELECT id FROM payee_mapping WHERE id IN', wanted)) {
    payees.add(id);
  }
  for (const id of wanted) {
    if (!payees.has(id)) return txError('payee-not-found', `No payee with id ${id}`);
  }
  const categories = existingIds(db, 'SELECT id FROM categories WHERE id IN', refs.categories);
  for (const id of existingIds(
    db,
    'SELECT id FROM category_mapping WHERE id IN',
    refs.categories,
  )) {
    categories.add(id);
  }
  for (const id of refs.categories) {
    if (!categories.has(id)) return txError('category-not-found', `No category with id ${id}`);
  }
  return null;
}
