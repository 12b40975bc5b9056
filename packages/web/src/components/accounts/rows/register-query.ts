import { q, type QueryState } from '@coffer/core/ui';
import type { RegisterField } from '../types.ts';

export type SortField = Exclude<RegisterField, 'deposit'> | 'deposit';
export interface Sort {
  field: SortField;
  dir: 'asc' | 'desc';
}

export interface RegisterQueryInput {
  /** The view's filter (views.ts). */
  view: Record<string, unknown>;
  /** The search box's filter (search.ts), or null. */
  search: Record<string, unknown> | null;
  /** The filter bar's query filters (from make-filters-from-conditions) and how they combine. */
  filters: readonly Record<string, unknown>[];
  conditionsOp: 'and' | 'or';
  hideCleared: boolean;
  /** A column sort, or null for the register's own order (newest first). */
  sort: Sort | null;
}

const flip = (dir: 'asc' | 'desc') => (dir === 'asc' ? 'desc' : 'asc');

/** The register's own order: newest first, a starting balance below its day's other rows. */
export const DEFAULT_ORDER = [{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }];

const SORT_KEY: Record<SortField, (dir: 'asc' | 'desc') => unknown[]> = {
  date: (dir) =>
    dir === 'desc'
      ? DEFAULT_ORDER
      : [{ date: 'asc' }, { starting_balance_flag: 'desc' }, { sort_order: 'asc' }],
  account: (dir) => [{ 'account.name': dir }],
  payee: (dir) => [{ 'payee.name': dir }],
  notes: (dir) => [{ notes: dir }],
  category: (dir) => [{ 'category.name': dir }],
  // The biggest payment first when descending: payments are negative amounts.
  payment: (dir) => [{ amount: flip(dir) }],
  deposit: (dir) => [{ amount: dir }],
  cleared: (dir) => [{ cleared: dir }],
};

/** The order expressions of a sort; ties fall back to the register's own order. */
export function orderOf(sort: Sort | null): unknown[] {
  if (!sort) return DEFAULT_ORDER;
  const key = SORT_KEY[sort.field](sort.dir);
  return sort.field === 'date' ? key : [...key, ...DEFAULT_ORDER];
}

/**
 * The register's query: split transactions grouped with their lines, the view, the search,
 * the filter bar, hidden cleared rows and the sort. No limit: it is read a page at a time.
 */
export function registerQuery(input: RegisterQueryInput): QueryState {
  let query = q('transactions').options({ splits: 'grouped' }).filter(input.view);
  if (input.search) query = query.filter(input.search);
  if (input.filters.length > 0) {
    query = query.filter(
      input.conditionsOp === 'or' ? { $or: [...input.filters] } : { $and: [...input.filters] },
    );
  }
  if (input.hideCleared) query = query.filter({ cleared: false });
  // Ids are shown by name from the app's own lists (a deleted payee or category has no name
  // there either), so the core need not join every row it scans to check them: about half
  // the time of a search over 100,000 transactions.
  return query.select('*').orderBy(orderOf(input.sort)).withoutValidatedRefs().serialize();
}

/** Whether the running balance can be shown: one account, every row, in the register's order. */
export function showsRunningBalance(
  input: Omit<RegisterQueryInput, 'view'>,
  singleAccount: boolean,
): boolean {
  return (
    singleAccount &&
    !input.search &&
    input.filters.length === 0 &&
    !input.hideCleared &&
    (input.sort === null || (input.sort.field === 'date' && input.sort.dir === 'desc'))
  );
}
