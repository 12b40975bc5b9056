import type { QueryState } from '@coffer/core/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import { PAGE_SIZE, runQuery, useTablesChanged } from '../../kit/data/data.ts';
import { BALANCE_SHEET } from '../balances/balance-queries.ts';
import type { RegisterTx } from '../types.ts';
import { fixedPaging, nearEndWithin, type Paging } from './paging.ts';
import { keepUnchanged } from './same-rows.ts';

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
  /**
   * Reads the next page (once at a time): answers whether rows were added, once they are in
   * the state (a keyboard move past the last loaded row waits for it).
   */
  loadMore: () => Promise<boolean>;
  /** How near the end of the loaded rows the table asks for the next page (paging.ts). */
  nearEndWithin: number;
  /**
   * Asks now for the first page of a query the register is about to show (a tag chip's click):
   * when it arrives, `arrive` is called and, when it answers true (it has just shown the query
   * in the same call), the page becomes the rows at once, in the same render: the table goes
   * from the old rows to the new ones without an empty frame between them (issue 32).
   */
  readAhead: (query: QueryState, arrive: () => boolean) => void;
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
 * The register's rows, a page at a time (paging.ts: a screenful first on a desktop, 60 a page
 * on a phone): the first page is shown as soon as it arrives (nothing waits for a count); a
 * page near the end appends the next; a write to the tables it reads (an edit here, a sync, an
 * undo) reads again the rows loaded so far, with the view's balance in the same round trip so
 * running balances always match the rows.
 */
export function useRegisterRows(
  query: QueryState | null,
  balanceCell: string | null,
  paging: Paging = fixedPaging(PAGE_SIZE),
): RegisterRows {
  const { first, next } = paging;
  const store = useStore();
  const key = query ? JSON.stringify(query) : null;
  const [state, setState] = useState<State>({
    key: null,
    groups: [],
    balance: null,
    complete: false,
  });
  const generation = useRef(0);
  /** The next page on its way (its generation's), which a second ask joins. */
  const loadingMore = useRef<{ gen: number; done: Promise<boolean> } | null>(null);
  const current = useRef(state);
  current.current = state;

  const read = useCallback(
    (offset: number, limit: number) => {
      const base = JSON.parse(key!) as QueryState;
      return runQuery<RegisterTx[]>(store, { ...base, limit, offset });
    },
    [store, key],
  );
  /** A first page asked for before its query was shown, taken by the next reload of it. */
  const ahead = useRef<{ key: string; rows: Promise<RegisterTx[]> } | null>(null);
  const readAhead = useCallback(
    (next: QueryState, arrive: () => boolean) => {
      const nextKey = JSON.stringify(next);
      const rows = runQuery<RegisterTx[]>(store, { ...next, limit: first, offset: 0 });
      ahead.current = { key: nextKey, rows };
      const still = () => ahead.current?.rows === rows;
      rows.then(
        (groups) => {
          // Taken by a reload already (the query was shown before its rows came): nothing here.
          if (!still() || !arrive()) return;
          // Set in the same call as the query: one render shows both. A reload of the old
          // query still on its way is dropped; the new query's reload takes this page.
          generation.current++;
          loadingMore.current = null;
          setState({ key: nextKey, groups, balance: null, complete: groups.length < first });
        },
        // A failed page shows the query all the same: its reload reads again.
        () => {
          if (!still()) return;
          ahead.current = null;
          arrive();
        },
      );
    },
    [store, first],
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
      loadingMore.current = null;
      // Sent together, answered in order by the core: the balance matches these rows.
      let groups: RegisterTx[];
      let balance: number | null;
      const early = ahead.current;
      ahead.current = null;
      // With a running balance the rows and the balance are read together: no early rows.
      const taken = early?.key === key && count === first && !balanceCell;
      const rows = taken ? early.rows : read(0, count);
      try {
        [groups, balance] = await Promise.all([rows, readBalance()]);
      } catch {
        // The budget closed (or changed) while the rows were on their way: nothing to show.
        return;
      }
      if (gen !== generation.current) return;
      setState((prev) =>
        afterRead(prev, { key, groups, balance, complete: groups.length < count }),
      );
    },
    [key, read, readBalance, first, balanceCell],
  );

  useEffect(() => {
    void reload(first);
  }, [reload, first]);

  useTablesChanged(REGISTER_TABLES, () => {
    const loaded = current.current.key === key ? current.current.groups.length : 0;
    void reload(Math.max(first, loaded));
  });

  // Answers once the page's rows are rendered (the state is committed), so a keyboard move
  // waiting on it finds them.
  const rendered = useRef<Array<() => void>>([]);
  useEffect(() => {
    const waiting = rendered.current;
    rendered.current = [];
    waiting.forEach((resolve) => resolve());
  }, [state]);

  const loadMore = useCallback((): Promise<boolean> => {
    const s = current.current;
    if (s.key !== key || s.complete) return Promise.resolve(false);
    const gen = generation.current;
    if (loadingMore.current?.gen === gen) return loadingMore.current.done;
    // A page that fails (the budget closed under it) leaves the list as it was, not complete:
    // the next scroll near the end asks again.
    const done = read(s.groups.length, next)
      .then(
        (page) => page,
        () => null,
      )
      .then((page) => {
        if (gen !== generation.current || loadingMore.current?.gen !== gen) return false;
        loadingMore.current = null;
        if (!page) return false;
        return new Promise<boolean>((resolve) => {
          rendered.current.push(() => resolve(page.length > 0));
          setState((prev) => {
            const seen = new Set(prev.groups.map((g) => g.id));
            return {
              ...prev,
              groups: [...prev.groups, ...page.filter((g) => !seen.has(g.id))],
              complete: page.length < next,
            };
          });
        });
      });
    loadingMore.current = { gen, done };
    return done;
  }, [key, read, next]);

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
    nearEndWithin: nearEndWithin(paging, fresh ? state.groups.length : 0),
    readAhead,
    patch,
  };
}

/**
 * The state once a read of `key` has come: a read again of the rows shown (after a write, a
 * sync) keeps the rows it did not change as the objects shown, so only the changed ones draw
 * again; when nothing changed, the state shown (no render at all).
 */
function afterRead(prev: State, read: State): State {
  if (prev.key !== read.key) return read;
  const groups = keepUnchanged(prev.groups, read.groups);
  const same = groups === prev.groups && read.balance === prev.balance;
  return same && read.complete === prev.complete ? prev : { ...read, groups };
}
