import type { SqlValue } from '../platform/index.ts';
import {
  type StoredTx,
  type TransactionInput,
  isAlive,
  isParentRow,
  parseSplitError,
  splitError,
} from './model.ts';
import type { TxStore } from './store.ts';

/** What a split child takes from its parent, always. */
const INHERITED = ['acct', 'date', 'cleared', 'reconciled', 'starting_balance_flag'] as const;

/** Flags read as true only when 1 (as `fromStored` reads them): a null and a 0 are the same. */
const FLAGS = new Set<string>(['cleared', 'reconciled', 'starting_balance_flag']);
const isSet = (v: SqlValue | boolean | undefined): boolean => v === 1 || v === 1n || v === true;
const sameInherited = (column: string, a: SqlValue | undefined, b: SqlValue | undefined) =>
  FLAGS.has(column) ? isSet(a) === isSet(b) : (a ?? null) === (b ?? null);

const sameError = (stored: SqlValue | undefined, want: ReturnType<typeof splitError>) =>
  JSON.stringify(parseSplitError(stored)) === JSON.stringify(want);

/**
 * Bring a split back to its invariants after a change: children carry the parent's account,
 * date, cleared, reconciled and starting-balance flags; the parent's `error` records a children's sum that
 * differs from its amount (stored, not rejected, as in Actual); a parent left without live
 * children becomes a plain transaction. Returns the rows whose fields changed (for the transfer
 * logic): children, or the parent that became plain (a transfer payee then makes it a transfer).
 */
export function settleSplit(store: TxStore, parentId: string): string[] {
  const parent = store.get(parentId);
  if (!isAlive(parent) || !isParentRow(parent)) return [];
  const children = store.childrenOf(parentId);
  if (children.length === 0) {
    store.update(parentId, { isParent: 0, error: null });
    return [parentId];
  }
  const touched: string[] = [];
  let total = 0;
  for (const child of children) {
    total += Number(child.amount ?? 0);
    const patch: Partial<StoredTx> = {};
    for (const column of INHERITED) {
      // A line whose flag reads the same (a null beside the parent's default 0) is not
      // changed: a changed line gets its transfer made, and Actual, comparing the flags as
      // booleans, would not make it.
      if (!sameInherited(column, child[column], parent[column]))
        patch[column] = parent[column] ?? null;
    }
    if (Object.keys(patch).length > 0) {
      store.update(child.id, patch);
      touched.push(child.id);
    }
  }
  const error = splitError(Number(parent.amount ?? 0), total);
  if (!sameError(parent.error, error)) {
    store.update(parentId, { error: error ? JSON.stringify(error) : null });
  }
  return touched;
}

/**
 * A parent and its children from a transaction with `subtransactions` (API and imports):
 * children get fresh ids, the parent's payee when they have none, and sort orders 0, −1, −2…
 */
export function makeSplit(
  parent: TransactionInput & { id: string },
  subtransactions: readonly TransactionInput[],
  newId: () => string,
): (TransactionInput & { id: string })[] {
  const children = subtransactions.map((sub, idx) => ({
    amount: 0,
    ...sub,
    id: sub.id ?? newId(),
    payee: sub.payee || parent.payee || null,
    account: parent.account,
    date: parent.date,
    cleared: parent.cleared ?? null,
    // Left out when the parent's is: both then take the column's default (0), not a null.
    ...(parent.reconciled === undefined ? {} : { reconciled: parent.reconciled }),
    starting_balance_flag: parent.starting_balance_flag ?? null,
    is_child: true,
    is_parent: false,
    parent_id: parent.id,
    sort_order: 0 - idx,
    error: null,
  }));
  const total = children.reduce((sum, c) => sum + Number(c.amount ?? 0), 0);
  return [
    { ...parent, is_parent: true, error: splitError(Number(parent.amount ?? 0), total) },
    ...children,
  ];
}
