/**
 * Reading the open budget from a page: queries that re-run when a write touches their tables
 * (an edit here, a sync from another device, an undo), paged for long lists, and sheet cells
 * kept fresh by `cells-changed`. Pages never load every transaction.
 */
import type { QueryState } from '@coffer/core/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import { failureCode, isFailure } from '../../../backend/backend.ts';
import type { AppStore } from '../../../store/store.ts';

export type { QueryState };

/** The spec's paged query size (how near the end the next page is asked for: ui/near-end.ts). */
export const PAGE_SIZE = 500;

/** Calls `onChange` after every committed write that touches one of `tables`. */
export function useTablesChanged(tables: readonly string[], onChange: () => void): void {
  const store = useStore();
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = tables.join(',');
  useEffect(() => {
    const watched = new Set(key.split(','));
    return store.backend.listen('tables-changed', (e: { tables: string[] }) => {
      if (e.tables.some((t) => watched.has(t))) latest.current();
    });
  }, [store, key]);
}

/**
 * Runs a serialized query; the core's error value becomes a thrown Error (a bug). A query
 * answered while its budget closes, or after it closed, never settles: its page is going away,
 * and nothing should show an answer for a budget that is no longer open. (At start the budget
 * shows before the server says who is signed in, so a signed-out answer closes it while its
 * pages still read.)
 */
export async function runQuery<T>(store: AppStore, query: QueryState): Promise<T> {
  const res = await store.backend.send('query', query);
  const code = failureCode(res);
  if (code === 'budget-closing' || (code === 'no-budget' && !store.get().prefs)) {
    return new Promise<T>(() => {});
  }
  if (isFailure(res)) throw new Error(`query failed: ${res.error.message}`);
  // A query's rows take the shape its select names, which the handler cannot type: the caller
  // names it (`runQuery<Row[]>`), as it wrote the query.
  return res.data as T;
}

/**
 * A query's result, re-run when its tables change. `query` is compared by its JSON, so a page
 * may build it on every render. Null while the first answer is on its way.
 */
export function useQuery<T>(query: QueryState | null, tables: readonly string[]): T | null {
  const store = useStore();
  const [data, setData] = useState<T | null>(null);
  const key = query ? JSON.stringify(query) : null;
  const run = useCallback(() => {
    if (!key) return () => {};
    let cancelled = false;
    void runQuery<T>(store, JSON.parse(key) as QueryState).then((d) => {
      if (!cancelled) setData(d);
    });
    return () => {
      cancelled = true;
    };
  }, [store, key]);
  useEffect(() => run(), [run]);
  useTablesChanged(tables, run);
  return data;
}

export interface PagedRows<T> {
  rows: T[];
  /** How many rows the whole query has, once counted. */
  total: number | null;
  loading: boolean;
  /** Ask for the next page (a table calls it within LOAD_MORE_WITHIN rows of the end). */
  loadMore: () => void;
  reload: () => void;
}

/**
 * A long list read a page (500 rows) at a time. A write to its tables re-reads the rows loaded
 * so far in one query, so an edit deep in the list keeps the scroll position.
 */
export function usePagedQuery<T>(
  query: QueryState | null,
  tables: readonly string[],
  pageSize = PAGE_SIZE,
): PagedRows<T> {
  const store = useStore();
  const key = query ? JSON.stringify({ ...query, limit: null, offset: null }) : null;
  const [state, setState] = useState<{ key: string | null; rows: T[]; total: number | null }>({
    key: null,
    rows: [],
    total: null,
  });
  const [loading, setLoading] = useState(false);
  const generation = useRef(0);
  const loaded = useRef(0);

  const read = useCallback(
    async (count: number, fresh: boolean) => {
      if (!key) return;
      const gen = fresh ? ++generation.current : generation.current;
      const base = JSON.parse(key) as QueryState;
      setLoading(true);
      const [rows, total] = await Promise.all([
        runQuery<T[]>(store, { ...base, limit: count, offset: 0 }),
        runQuery<number>(store, countOf(base)),
      ]);
      if (gen !== generation.current) return;
      loaded.current = rows.length;
      setState({ key, rows, total });
      setLoading(false);
    },
    [store, key],
  );

  useEffect(() => {
    loaded.current = 0;
    void read(pageSize, true);
  }, [read, pageSize]);

  const reload = useCallback(
    () => void read(Math.max(pageSize, loaded.current), true),
    [read, pageSize],
  );
  useTablesChanged(tables, reload);

  const loadMore = useCallback(() => {
    if (loading || state.total === null || loaded.current >= state.total) return;
    void read(loaded.current + pageSize, false);
  }, [loading, read, pageSize, state.total]);

  const current = state.key === key;
  return {
    rows: current ? state.rows : [],
    total: current ? state.total : null,
    loading: loading || !current,
    loadMore,
    reload,
  };
}

/** The same query counting its rows (a split's children count when the query shows them). */
export function countOf(query: QueryState): QueryState {
  return {
    ...query,
    selectExpressions: [{ result: { $count: '$id' } }],
    orderExpressions: [],
    calculation: true,
    limit: null,
    offset: null,
  };
}

/**
 * Budget sheet cells (`budget202401!to-budget`, ...) by full name, read once and then kept by
 * `cells-changed`. Cells missing from the answer are undefined.
 */
export function useSheetCells(names: readonly string[]): Record<string, unknown> {
  const store = useStore();
  const key = names.join('\n');
  const [values, setValues] = useState<Record<string, unknown>>({});
  useEffect(() => {
    const wanted = new Set(key ? key.split('\n') : []);
    let cancelled = false;
    const off = store.backend.listen(
      'cells-changed',
      (changes: Array<{ name: string; value: unknown }>) => {
        const mine = changes.filter((c) => wanted.has(c.name));
        if (mine.length === 0) return;
        setValues((v) => ({ ...v, ...Object.fromEntries(mine.map((c) => [c.name, c.value])) }));
      },
    );
    if (wanted.size > 0) {
      void store.backend.send('getCells', { names: [...wanted] }).then((cells) => {
        if (cancelled || !Array.isArray(cells)) return;
        setValues(Object.fromEntries(cells.map((c) => [c.name, c.value])));
      });
    }
    return () => {
      cancelled = true;
      off();
    };
  }, [store, key]);
  return values;
}

/** A cell's value as a number (missing and non-numbers are 0). */
export function cellValue(values: Record<string, unknown>, name: string): number {
  const v = values[name];
  return typeof v === 'number' ? v : 0;
}
