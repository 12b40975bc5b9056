import type { Month, QueryState } from '@coffer/core/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import type { AppStore } from '../../store/store.ts';
import { runQuery, useTablesChanged } from '../kit/data/data.ts';
import { isFailure } from '../../backend/backend.ts';
import {
  type BudgetedMonthsRunner,
  type BudgetedRunner,
  type BudgetMeta,
  firstMonth,
  type QueryRunner,
  REPORT_TABLES,
  type TagSumsRunner,
} from './data/source.ts';

/** The `query` handler as a report's data functions take it. */
export function useRunner(): QueryRunner {
  const store = useStore();
  return useMemo(
    () =>
      <T>(query: QueryState) =>
        runQuery<T>(store, query),
    [store],
  );
}

/** The core's `report/tag-sums`, as a report's data functions take it. */
export function useTagSums(): TagSumsRunner {
  const store = useStore();
  return useMemo(
    () => async (query: QueryState, byMonth: boolean) => {
      const res = await store.backend.send('report/tag-sums', { query, byMonth });
      if (isFailure(res)) throw new Error(`report/tag-sums failed: ${res.error.message}`);
      return res;
    },
    [store],
  );
}

/** The core's `budgeted-sums` (each category's total, or by month), or its failure thrown. */
async function budgetedSums(
  store: AppStore,
  { start, end }: { start: Month; end: Month },
  categories: Iterable<string>,
  byMonth: boolean,
) {
  const res = await store.backend.send('budgeted-sums', {
    start,
    end,
    categories: [...categories],
    ...(byMonth ? { byMonth } : {}),
  });
  if (isFailure(res)) throw new Error(`budgeted-sums failed: ${res.error.message}`);
  return res;
}

/** The core's `budgeted-sums`, as a report's data functions take it. */
export function useBudgeted(): BudgetedRunner {
  const store = useStore();
  return useCallback(
    async (range, categories) => {
      const res = await budgetedSums(store, range, categories, false);
      return new Map(res.map((r) => [r.category, r.amount]));
    },
    [store],
  );
}

/** The core's `budgeted-sums` by month (the custom report's Budgeted measure). */
export function useBudgetedMonths(): BudgetedMonthsRunner {
  const store = useStore();
  return useCallback(
    async (range, categories) => {
      const res = await budgetedSums(store, range, categories, true);
      return res.flatMap((r) => (r.month ? [{ ...r, month: r.month }] : []));
    },
    [store],
  );
}

/** Accounts, payees and categories from the store (kept fresh by the shell after every write). */
export function useBudgetMeta(): BudgetMeta {
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const groups = useAppState((s) => s.categories.grouped);
  return useMemo(() => ({ accounts, payees, groups }), [accounts, payees, groups]);
}

export interface ReportState<T> {
  data: T | null;
  /** A newer answer is on its way (the shown data is for the last parameters). */
  loading: boolean;
}

/**
 * A report's figures: `load` runs whenever `key` (its parameters) changes and after every write
 * to the tables reports read. An older answer arriving late never replaces a newer one.
 */
export function useReport<T>(key: string | null, load: () => Promise<T>): ReportState<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null }>({
    key: null,
    data: null,
  });
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const latest = useRef(load);
  latest.current = load;

  const run = useCallback(() => {
    if (key === null) return;
    const gen = ++generation.current;
    setLoading(true);
    // Marks split a report's time into its queries and its rendering (bench/web/reports.ts).
    const started = performance.now();
    void latest.current().then((data) => {
      if (gen !== generation.current) return;
      performance.measure('coffer:report-data', { start: started, detail: key });
      setState({ key, data });
      setLoading(false);
    });
  }, [key]);

  useEffect(() => run(), [run]);
  useTablesChanged(REPORT_TABLES, run);
  return { data: state.data, loading: loading || state.key !== key };
}

/** The month of the budget's first transaction (for "All time"), kept fresh. */
export function useFirstMonth(): { month: Month | null; known: boolean } {
  const run = useRunner();
  const { data, loading } = useReport('first-month', async () => ({
    month: await firstMonth(run),
  }));
  return { month: data?.month ?? null, known: data !== null && !loading };
}
