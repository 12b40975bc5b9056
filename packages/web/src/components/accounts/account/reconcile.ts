/** Reconciling an account against the bank's balance (Coffer's addition to the register). */
import { reconciledPatch } from '../editing/reconciled.ts';
import type { BatchChanges } from '../types.ts';

/** What the cleared balance still needs to match the bank: 0 when they agree. */
export function reconcileDifference(bankBalance: number, cleared: number): number {
  return bankBalance - cleared;
}

/** Locks every cleared transaction not locked yet. */
export function reconcileChanges(
  cleared: ReadonlyArray<{ id: string; reconciled?: boolean }>,
): BatchChanges {
  return {
    updated: cleared
      .filter((t) => t.reconciled !== true)
      .map((t) => ({ id: t.id, ...reconciledPatch(true) })),
  };
}
