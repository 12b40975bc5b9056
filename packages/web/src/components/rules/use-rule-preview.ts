import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { runQuery, useTablesChanged } from '../kit/data/data.ts';
import {
  countQuery,
  idsQuery,
  PREVIEW_FIRST,
  PREVIEW_PAGE,
  previewQuery,
  type PreviewRow,
  type QueryFilter,
  ruleFilter,
  rowChanges,
  type Setting,
  settings,
  settingsFilter,
} from './preview.ts';
import type { RuleRow } from './rule-editor.ts';
import { isFailure } from '../../backend/backend.ts';

export interface RulePreview {
  /** The first matching transactions (more as `loadMore` is called). */
  rows: PreviewRow[];
  /** How many transactions match; null while counting. */
  total: number | null;
  /** How many of them the actions would change; null while counting or without actions. */
  changing: number | null;
  /** Conditions that could not become a filter yet (an empty or half-typed value). */
  skipped: number;
  /** The filter the rows answer, or null when the conditions match nothing. */
  filter: QueryFilter | null;
  loadMore: () => void;
  /** Every matching id, for applying the actions to all of them. */
  allIds: () => Promise<string[]>;
}

const TABLES = ['transactions', 'payees', 'payee_mapping', 'category_mapping'];
/** How long the preview's rows stay on screen before the counts are asked for. */
const COUNT_AFTER_MS = 150;

export const isEmptyValue = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Only what the core reads from a condition, so a row's key or error does not re-run it. */
const conditionKey = (c: RuleRow) => [c.field, c.op, c.value, c.type, c.options ?? null] as const;

/**
 * The editor's live preview: the core turns the conditions into filters
 * (`make-filters-from-conditions`), then the newest matching transactions are read first and
 * shown at once, and the counts follow. An answer that arrives after the conditions changed
 * again is dropped.
 */
export function useRulePreview(
  conditions: readonly RuleRow[],
  conditionsOp: 'and' | 'or',
  actions: readonly RuleRow[],
): RulePreview {
  const store = useStore();
  const key = JSON.stringify([conditionsOp, conditions.map(conditionKey)]);
  const actionsKey = JSON.stringify(settings(actions));
  const [filter, setFilter] = useState<QueryFilter | null>(null);
  const [skipped, setSkipped] = useState(0);
  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [changing, setChanging] = useState<number | null>(null);
  const generation = useRef(0);
  const loaded = useRef(PREVIEW_FIRST);
  const loading = useRef(false);

  const read = useCallback(
    async (f: QueryFilter | null, count: number, gen: number, counting = true) => {
      if (f === null) {
        setRows([]);
        setTotal(0);
        return;
      }
      loading.current = true;
      const first = await runQuery<PreviewRow[]>(store, previewQuery(f, count));
      loading.current = false;
      if (gen !== generation.current) return;
      setRows(first);
      // Fewer rows than asked for are all of them: nothing left to count.
      if (first.length < count) return setTotal(first.length);
      if (!counting) return;
      // Counting reads every match, and the core answers one request at a time: the count
      // waits until the rows are on screen and is dropped if the conditions change meanwhile,
      // so it never holds up the next preview.
      await new Promise((resolve) => setTimeout(resolve, COUNT_AFTER_MS));
      if (gen !== generation.current) return;
      const n = await runQuery<number>(store, countQuery(f));
      if (gen === generation.current) setTotal(n);
    },
    [store],
  );

  useEffect(() => {
    const gen = ++generation.current;
    loaded.current = PREVIEW_FIRST;
    const [op, parts] = JSON.parse(key) as ['and' | 'or', Array<ReturnType<typeof conditionKey>>];
    const all = parts.map(([field, o, value, type, options]) => ({
      field,
      op: o,
      value,
      type,
      options,
    }));
    // A condition still without a value is not complete yet: previewing 'payee is nothing' on
    // a new rule would read every transaction before the payee is even picked.
    const list = all.filter((c) => !isEmptyValue(c.value));
    void store.backend
      .send('make-filters-from-conditions', {
        conditions: list,
      })
      .then((res) => {
        if (gen !== generation.current) return;
        const filters = isFailure(res) ? [] : res.filters;
        const errors = isFailure(res) ? 0 : res.errors.length;
        setSkipped(all.length - list.length + errors);
        const f = ruleFilter(filters, op);
        setFilter(f);
        setTotal(null);
        return read(f, loaded.current, gen);
      });
  }, [store, key, read]);

  // Counted after the matches, and again whenever they were (an apply or an undo shows).
  useEffect(() => {
    let cancelled = false;
    setChanging(null);
    const set = JSON.parse(actionsKey) as Setting[];
    const change = settingsFilter(set);
    if (filter === null || change === null || total === null) return;
    // Every match is on screen: the rows themselves say which would change.
    if (rows.length === total) {
      const actions = set.map(({ field, value }) =>
        field === 'schedule' ? { op: 'link-schedule', value } : { op: 'set', field, value },
      );
      setChanging(rows.filter((r) => rowChanges(r, actions).some((c) => c.changed)).length);
      return;
    }
    void runQuery<number>(store, countQuery({ $and: [filter, change] })).then((n) => {
      if (!cancelled) setChanging(n);
    });
    return () => {
      cancelled = true;
    };
    // The rows are read before the total is set, so `total` is enough to follow them.
  }, [store, filter, actionsKey, total]);

  // Applying the actions, an undo or a sync changes what the rows show.
  useTablesChanged(TABLES, () => {
    const gen = ++generation.current;
    setTotal(null);
    void read(filter, loaded.current, gen);
  });

  const loadMore = useCallback(() => {
    if (loading.current || total === null || rows.length >= total) return;
    loaded.current = rows.length + PREVIEW_PAGE;
    void read(filter, loaded.current, generation.current, false);
  }, [filter, read, rows.length, total]);

  const allIds = useCallback(async () => {
    if (filter === null) return [];
    const found = await runQuery<Array<{ id: string }>>(store, idsQuery(filter));
    return found.map((r) => r.id);
  }, [store, filter]);

  return useMemo(
    () => ({ rows, total, changing, skipped, filter, loadMore, allIds }),
    [rows, total, changing, skipped, filter, loadMore, allIds],
  );
}
