import { useStore } from '../../../store/context.ts';
import { isFailure } from '../../../backend/backend.ts';
import type { AppStore } from '../../../store/store.ts';
import type { Account } from '../../../store/types.ts';
import type { RegisterTx } from '../types.ts';
import { applyDeltas, balanceDeltas } from './optimistic-cells.ts';

/**
 * A transaction's amount is about to change by `delta`: the balances it moves show the new
 * figures at once. Returns what reads them again from the core if the write is refused.
 */
export function useForeseenBalances(
  accounts: readonly Account[],
  isTransferPayee: (payee: string | null) => boolean,
) {
  const store = useStore();
  return (tx: RegisterTx, delta: number) =>
    foreseeBalances(store, [[tx, delta]], accounts, isTransferPayee);
}

/**
 * The balances a write moves, shown at once in the store's cells, in one change (the phone's
 * save: the row as it was taken out, the row as saved put in): the core's `cells-changed` then
 * has the last word. Returns what reads them again from the core if the write is refused.
 */
export function foreseeBalances(
  store: AppStore,
  changes: ReadonlyArray<readonly [RegisterTx, number]>,
  accounts: readonly Account[],
  isTransferPayee: (payee: string | null) => boolean,
): () => void {
  const deltas = new Map<string, number>();
  for (const [tx, delta] of changes) {
    for (const [name, d] of balanceDeltas(tx, delta, accounts, isTransferPayee) ?? []) {
      deltas.set(name, (deltas.get(name) ?? 0) + d);
    }
  }
  for (const [name, d] of deltas) if (d === 0) deltas.delete(name);
  if (deltas.size === 0) return () => undefined;
  store.set((s) => ({ cells: applyDeltas(s.cells, deltas) }));
  return () =>
    void store.backend
      .send('getCells', { names: [...deltas.keys()] })
      .then((cells) => {
        if (isFailure(cells)) return;
        store.set((s) => ({
          cells: { ...s.cells, ...Object.fromEntries(cells.map((c) => [c.name, c.value])) },
        }));
      })
      // The budget closed meanwhile: nothing to show the figures on.
      .catch(() => undefined);
}
