/**
 * The sidebar's balances as an amount edit will leave them, shown before the core answers
 * (its `cells-changed` then confirms them, or a refused write reads them again). Only for a
 * plain transaction, not a transfer: moving money between accounts changes both sides, which
 * the core knows and this does not.
 */
import type { Account } from '../../../store/types.ts';
import { balanceCells, cellName } from './balance-queries.ts';
import type { RegisterTx } from '../types.ts';

/** Full cell names (`account!…`) and how much each moves, or null when not worked out here. */
export function balanceDeltas(
  tx: Pick<RegisterTx, 'account' | 'payee' | 'category' | 'is_child' | 'is_parent' | 'transfer_id'>,
  delta: number,
  accounts: readonly Account[],
  isTransferPayee: (payee: string | null) => boolean,
): Map<string, number> | null {
  if (delta === 0 || tx.is_child || tx.transfer_id || isTransferPayee(tx.payee)) return null;
  const account = accounts.find((a) => a.id === tx.account);
  if (!account || account.closed) return null;
  const out = new Map<string, number>([
    [cellName(balanceCells.account(account.id)), delta],
    [cellName(balanceCells.all()), delta],
    [cellName(account.offbudget ? balanceCells.offBudget() : balanceCells.onBudget()), delta],
  ]);
  if (!account.offbudget && !tx.category && !tx.is_parent) {
    out.set(cellName(balanceCells.uncategorizedBalance()), delta);
  }
  return out;
}

/** The store's cells with the deltas applied. */
export function applyDeltas(
  cells: Readonly<Record<string, unknown>>,
  deltas: ReadonlyMap<string, number>,
): Record<string, unknown> {
  const next = { ...cells };
  for (const [name, d] of deltas) {
    const v = next[name];
    next[name] = (typeof v === 'number' ? v : 0) + d;
  }
  return next;
}
