/**
 * The one place that knows how a transaction's reconciled state is stored: the
 * `transactions.reconciled` column of later Actual versions, which the core reads, writes and
 * syncs (issue 20), so a reconciliation made here locks the same rows in Actual clients.
 */
import type { RegisterTx } from '../types.ts';

export function isReconciled(tx: Pick<RegisterTx, 'reconciled'>): boolean {
  return tx.reconciled === true;
}

/** The stored fields that lock (or unlock) a transaction. */
export function reconciledPatch(reconciled: boolean): { reconciled: boolean } {
  return { reconciled };
}
