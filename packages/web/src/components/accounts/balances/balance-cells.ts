import { useEffect } from 'react';
import { BALANCE_SHEET, balanceCells, balanceTotals, type CellBinding } from './balance-queries.ts';
import { type BatchClock, browserClock, CellBatcher } from '../../../store/cell-batcher.ts';
import type { AppStore } from '../../../store/store.ts';

const PREFIX = `${BALANCE_SHEET}!`;

/**
 * Keeps the open budget's balance cells in the store: creates a live query cell per account
 * (and the group totals and uncategorized count), and applies the core's `cells-changed`
 * pushes in batches, so a burst of writes re-renders the sidebar once.
 * Returns the function that stops it.
 */
export function startBalanceCells(store: AppStore, clock: BatchClock = browserClock): () => void {
  const batcher = new CellBatcher(
    (batch) => store.set((s) => ({ cells: { ...s.cells, ...Object.fromEntries(batch) } })),
    clock,
  );
  const off = store.backend.listen(
    'cells-changed',
    (changes: Array<{ name: string; value: unknown }>) => {
      if (Array.isArray(changes)) batcher.push(changes.filter((c) => c.name.startsWith(PREFIX)));
    },
  );
  const created = new Set<string>();
  let stopped = false;
  const create = (binding: CellBinding) => {
    if (created.has(binding.name)) return;
    created.add(binding.name);
    void store.backend
      .send('create-query', { sheetName: BALANCE_SHEET, name: binding.name, query: binding.query })
      .catch(() => created.delete(binding.name));
  };
  const ensureAccounts = () => {
    if (stopped) return;
    for (const a of store.get().accounts) create(balanceCells.account(a.id));
  };
  for (const b of balanceTotals()) create(b);
  ensureAccounts();
  let accounts = store.get().accounts;
  const unsubscribe = store.subscribe(() => {
    if (store.get().accounts === accounts) return;
    accounts = store.get().accounts;
    ensureAccounts();
  });
  return () => {
    stopped = true;
    off();
    unsubscribe();
    batcher.cancel();
  };
}

export function useBalanceCells(store: AppStore): void {
  useEffect(() => startBalanceCells(store), [store]);
}
