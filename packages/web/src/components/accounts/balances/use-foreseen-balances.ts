import { useStore } from '../../../store/context.ts';
import { isFailure } from '../../../backend/backend.ts';
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
  return (tx: RegisterTx, delta: number) => {
    const deltas = balanceDeltas(tx, delta, accounts, isTransferPayee);
    if (!deltas) return () => undefined;
    store.set((s) => ({ cells: applyDeltas(s.cells, deltas) }));
    return () =>
      void store.backend.send('getCells', { names: [...deltas.keys()] }).then((cells) => {
        if (isFailure(cells)) return;
        store.set((s) => ({
          cells: { ...s.cells, ...Object.fromEntries(cells.map((c) => [c.name, c.value])) },
        }));
      });
  };
}
