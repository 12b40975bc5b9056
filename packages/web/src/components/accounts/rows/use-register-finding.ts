/**
 * Finding transactions in the register: the search box, the filter bar's conditions (rule
 * editor fields and operators, and/or) and the saved filter they came from, the column sort and
 * hidden cleared transactions.
 */
import { makeFiltersFromConditions } from '@coffer/core/ui';
import { useEffect, useMemo, useState } from 'react';
import { savePrefs } from '../../../store/actions.ts';
import { useAppState, useStore } from '../../../store/context.ts';
import type { LocalPrefs } from '../../../store/types.ts';
import { useFormat } from '../../../store/use-format.ts';
import { isFailure } from '../../../backend/backend.ts';
import { usePayeeName } from '../../kit/pickers/Pickers.tsx';
import type { FilterCondition, SavedFilter } from './filter-conditions.ts';
import type { Sort } from './register-query.ts';
import { searchFilter } from './search.ts';
import type { RegisterView } from './views.ts';

export interface InitialFilter {
  conditions: FilterCondition[];
  conditionsOp?: 'and' | 'or';
}

const hideClearedPref = (view: RegisterView) => `hide-cleared-${view.routeId ?? 'all'}`;

const holdsTag = (list: readonly FilterCondition[], tag: string): boolean =>
  list.some((c) => c.op === 'hasTags' && c.value === `#${tag}`);

/** The conditions with 'has tag #tag' added, once. */
function withTag(list: FilterCondition[], tag: string): FilterCondition[] {
  return holdsTag(list, tag)
    ? list
    : [...list, { field: 'notes', type: 'string', op: 'hasTags', value: `#${tag}` }];
}

type LocalFilters = ReturnType<typeof makeFiltersFromConditions>['filters'];

/** Query filters made here when every condition is on the notes alone, else null. */
function localFilters(conditions: readonly FilterCondition[]): LocalFilters | null {
  return conditions.length > 0 && conditions.every((c) => c.field === 'notes')
    ? makeFiltersFromConditions(conditions).filters
    : null;
}

export function useRegisterFinding(view: RegisterView, initial: InitialFilter | null) {
  const store = useStore();
  const fmt = useFormat();
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  const categories = useAppState((s) => s.categories.list);
  const prefs = useAppState((s) => s.prefs) as Record<string, unknown> | null;
  const payeeName = usePayeeName();

  const [searchText, setSearchText] = useState('');
  const [conditions, setConditions] = useState<FilterCondition[]>(initial?.conditions ?? []);
  const [conditionsOp, setConditionsOp] = useState<'and' | 'or'>(initial?.conditionsOp ?? 'and');
  const [saved, setSaved] = useState<SavedFilter | null>(null);
  const [sort, setSort] = useState<Sort | null>(null);
  const hideCleared = prefs?.[hideClearedPref(view)] === true;

  // The filter bar's conditions as query filters (the core's make-filters-from-conditions).
  const [compiled, setCompiled] = useState<{ key: string; filters: Record<string, unknown>[] }>({
    key: '[]',
    filters: [],
  });
  const conditionsKey = JSON.stringify(conditions);
  // Conditions on the notes alone (a chip's click, 'has tag' in the bar) name no payee,
  // category or account the core would resolve: they are made here, in the click's own render,
  // so the rows are asked for at once instead of after a round trip to the core (issue 32).
  const local = useMemo(
    () => localFilters(conditions),
    // conditionsKey stands for the conditions.
    [conditionsKey],
  );
  useEffect(() => {
    if (conditions.length === 0 || local) {
      setCompiled({ key: '[]', filters: [] });
      return;
    }
    let cancelled = false;
    void store.backend
      .send('make-filters-from-conditions', {
        conditions,
      })
      .then((res) => {
        if (cancelled) return;
        setCompiled({ key: conditionsKey, filters: isFailure(res) ? [] : (res.filters ?? []) });
      });
    return () => {
      cancelled = true;
    };
  }, [store, conditionsKey, local]);

  const search = useMemo(
    () =>
      searchFilter(searchText, {
        payees: payees.map((p) => ({ id: p.id, name: payeeName(p.id) })),
        categories: categories.map((c) => ({ id: c.id, name: c.name })),
        accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
        dateFormat: fmt.dateFormat,
      }),
    // payeeName follows payees and accounts.
    [searchText, payees, categories, accounts, fmt.dateFormat],
  );

  return {
    searchText,
    setSearchText,
    search,
    conditions,
    setConditions,
    conditionsOp,
    setConditionsOp,
    saved,
    setSaved,
    /** Null until the conditions are turned into query filters. */
    filters: local ?? (compiled.key === conditionsKey ? compiled.filters : null),
    sort,
    setSort,
    hideCleared,
    setHideCleared: (hide: boolean) =>
      void savePrefs(store, { [hideClearedPref(view)]: hide } as Partial<LocalPrefs>),
    /** Whether the filter bar holds 'has tag #tag' already. */
    hasTag: (tag: string) => holdsTag(conditions, tag),
    /** Adds 'has tag #tag' to the filter bar (a click on a tag chip), once. */
    filterByTag(tag: string) {
      setConditions((list) => withTag(list, tag));
    },
    /**
     * The query filters the bar will hold once `filterByTag(tag)` is shown, when they are made
     * here (notes alone), so the click can ask for the rows before the page renders it.
     */
    filtersWithTag(tag: string): LocalFilters | null {
      return localFilters(withTag(conditions, tag));
    },
    /** Applies a saved filter's conditions (or clears the filter bar with null). */
    applySaved(filter: SavedFilter | null) {
      setSaved(filter);
      setConditions(filter ? filter.conditions : []);
      setConditionsOp(filter?.conditionsOp ?? 'and');
    },
  };
}

export type RegisterFinding = ReturnType<typeof useRegisterFinding>;
