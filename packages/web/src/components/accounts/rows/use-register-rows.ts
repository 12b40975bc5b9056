import type { QueryState } from '@coffer/core/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import { PAGE_SIZE, runQuery, useTablesChanged } from '../../kit/data/data.ts';
import { BALANCE_SHEET } from '../balances/balance-queries.ts';
import type { RegisterTx } from '../types.ts';

/** Every table a register row reads (names come through the mapping tables). */
export const REGISTER_TABLES = [
  'transactions',
  'payees',
  'payee_mapping',
  'categories',
  'category_mapping',
  'accounts',
] as const;

export interface RegisterRows {
  groups: RegisterTx[];
  /** The view's balance read with the rows (for running balances), or null. */
  balance: number | null;
  /** True until the first page of this query has arrived. */
  loading: boolean;
  /** Every row of the query is loaded. */
  complete: boolean;
  loadMore: () => void;
  /**
   * Shows an edit at once, before the core has written it: the rows and the balance as they
   * will be. The next read (after the write) replaces them.
   */
  patch: (
    fn: (groups: RegisterTx[], balance: number | null) => [RegisterTx[], number | null],
  ) => void;
}

interface State {
  key: string | null;
  groups: RegisterTx[];
  balance: number | null;
  complete: boolean;
}

/**
 * The register's rows, a page (500) at a time: the first page is shown as soon as it arrives
 * (nothing waits for a count); a page near the end appends the next; a write to the tables it
 * reads (an edit here, a sync, an undo) reads again the rows loaded so far, with the view's
 * balance in the same round trip so running balances always match the rows.
 */
export function useRegisterRows(
  query: QueryState | null,
  balanceCell: string | null,
  /** Rows a page (a phone shows a screenful or two: fewer rows read and drawn at once). */
  pageSize: number = PAGE_SIZE,
): RegisterRows {
  const store = useStore();
  const key = query ? JSON.stringify(query) : null;
  const [state, setState] = useState<State>({
    key: null,
    groups: [],
    balance: null,
    complete: false,
  });
  const generation = useRef(0);
  const loadingMore = useRef(false);
  const current = useRef(state);
  current.current = state;

  const read = useCallback(
    (offset: number, limit: number) => {
      const base = JSON.parse(key!) as QueryState;
      return runQuery<RegisterTx[]>(store, { ...base, limit, offset });
    },
    [store, key],
  );

  const readBalance = useCallback(async (): Promise<number | null> => {
    if (!balanceCell) return null;
    const cells = await store.backend.send('getCells', {
      names: [`${BALANCE_SHEET}!${balanceCell}`],
    });
    const value = Array.isArray(cells) ? cells[0]?.value : undefined;
    if (typeof value === 'number') return value;
    // No value: an empty account, or its cell is not made yet (a new account): sum it here.
    const view = (JSON.parse(key!) as QueryState).filterExpressions[0];
    const sum = await runQuery<number | null>(store, {
      ...(JSON.parse(key!) as QueryState),
      filterExpressions: [view],
      tableOptions: { splits: 'none' },
      selectExpressions: [{ result: { $sum: '$amount' } }],
      orderExpressions: [],
      calculation: true,
    });
    return sum ?? 0;
  }, [store, balanceCell, key]);

  const reload = useCallback(
    async (count: number) => {
      if (!key) return;
      const gen = ++generation.current;
      loadingMore.current = false;
      // Sent together, answered in order by the core: the balance matches these rows.
      let groups: RegisterTx[];
      let balance: number | null;
      try {
        [groups, balance] = await Promise.all([read(0, count), readBalance()]);
      } catch {
        // The budget closed (or changed) while the rows were on their way: nothing to show.
        return;
      }
      if (gen !== generation.current) return;
      setState({ key, groups, balance, complete: groups.length < count });
    },
    [key, read, readBalance],
  );

  useEffect(() => {
    void reload(pageSize);
  }, [reload, pageSize]);

  useTablesChanged(REGISTER_TABLES, () => {
    const loaded = current.current.key === key ? current.current.groups.length : 0;
    void reload(Math.max(pageSize, loaded));
  });

  const loadMore = useCallback(() => {
    const s = current.current;
    if (s.key !== key || s.complete || loadingMore.current) return;
    loadingMore.current = true;
    const gen = generation.current;
    // A page that fails (the budget closed under it) leaves the list as it was, not complete:
    // the next scroll near the end asks again.
    void read(s.groups.length, pageSize)
      .then(
        (page) => page,
        () => null,
      )
      .then((page) => {
        if (gen !== generation.current || !loadingMore.current) return;
        loadingMore.current = false;
        if (!page) return;
        setState((prev) => {
          const seen = new Set(prev.groups.map((g) => g.id));
          return {
            ...prev,
            groups: [...prev.groups, ...page.filter((g) => !seen.has(g.id))],
            complete: page.length < pageSize,
          };
        });
      });
  }, [key, read, pageSize]);

  const patch = useCallback<RegisterRows['patch']>((fn) => {
    setState((prev) => {
      const [groups, balance] = fn(prev.groups, prev.balance);
      return { ...prev, groups, balance };
    });
  }, []);

  const fresh = state.key === key;
  return {
    groups: fresh ? state.groups : [],
    balance: fresh ? state.balance : null,
    loading: !fresh,
    complete: fresh && state.complete,
    loadMore,
    patch,
  };
}
