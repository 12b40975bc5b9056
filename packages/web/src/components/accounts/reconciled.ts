/**
 * The one place that knows how a transaction's reconciled state is stored. It is the
 * `transactions.reconciled` column of later Actual versions (so reconciliation syncs with
 * Actual clients); until the core carries that column end to end, rows arrive without it and
 * writes of it are ignored by the core, so nothing is locked yet.
 */
import type { RegisterTx } from './types.ts';

export function isReconciled(tx: Pick<RegisterTx, 'reconciled'>): boolean {
  return tx.reconciled === true;
}

/** The stored fields that lock (or unlock) a transaction. */
export function reconciledPatch(reconciled: boolean): { reconciled: boolean } {
  return { reconciled };
}

/** Whether the core stores the reconciled state, judged from a row it returned. */
export function coreKeepsReconciled(tx: object | undefined): boolean {
  return tx !== undefined && 'reconciled' in tx;
}
