import type { Budget } from '../budget-file/budget.ts';
import { type HandlerError, handlerError } from '../handlers-core/errors.ts';
import { getPayee } from './queries.ts';

export type PayeeErrorType = 'payee-not-found' | 'payee-transfer-readonly' | 'invalid-name';

export const payeeNotFound = (id: string): HandlerError<PayeeErrorType> =>
  handlerError('payee-not-found', `No payee with id ${id}`);

export const transferReadonly = (id: string): HandlerError<PayeeErrorType> =>
  handlerError(
    'payee-transfer-readonly',
    `Payee ${id} is an account's transfer payee; it cannot be renamed, merged or deleted`,
  );

/** Checks that each id is a live, regular (non-transfer) payee. */
export function checkEditable(
  budget: Budget,
  ids: Iterable<string>,
): HandlerError<PayeeErrorType> | null {
  for (const id of ids) {
    const payee = getPayee(budget, id);
    if (!payee || payee.tombstone === 1) return payeeNotFound(id);
    if (payee.transfer_acct) return transferReadonly(id);
  }
  return null;
}

/**
 * Merge payees into `targetId` through `payee_mapping`: every mapping row that led to a
 * merged payee (itself, and payees merged into it before) now leads to the target, and the
 * merged payees are deleted. Transactions keep the ids they stored; the views resolve them to
 * the target, so a merge another device makes at the same time still ends up consistent.
 */
export function mergePayees(
  budget: Budget,
  targetId: string,
  mergeIds: readonly string[],
): HandlerError<PayeeErrorType> | null {
  const ids = [...new Set(mergeIds)].filter((id) => id !== targetId);
  const problem = checkEditable(budget, [targetId, ...ids]);
  if (problem) return problem;
  if (ids.length === 0) return null;
  const db = budget.db;
  const pointing = budget.sqlite.all<{ id: string }>(
    `SELECT id FROM payee_mapping WHERE targetId IN (${ids.map(() => '?').join(',')})`,
    ids,
  );
  db.batch(() => {
    const remapped = new Set([...pointing.map((m) => m.id), ...ids]);
    for (const id of remapped) db.update('payee_mapping', { id, targetId });
    for (const id of ids) db.delete('payees', id);
  });
  return null;
}
