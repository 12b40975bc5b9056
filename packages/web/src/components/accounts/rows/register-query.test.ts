import { describe, expect, it } from 'vitest';
import { registerQuery, orderOf, showsRunningBalance } from './register-query.ts';
import { searchFilter } from './search.ts';

const base = {
  view: { account: 'a' },
  search: null,
  filters: [],
  conditionsOp: 'and' as const,
  hideCleared: false,
  sort: null,
};

describe('the register query', () => {
  it('reads grouped splits of the view, newest first, with no limit', () => {
    const q = registerQuery(base);
    expect(q).toMatchObject({
      table: 'transactions',
      tableOptions: { splits: 'grouped' },
      filterExpressions: [{ account: 'a' }],
      selectExpressions: ['*'],
      orderExpressions: [{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }],
      validateRefs: false,
      limit: null,
    });
  });

  it('adds the search, the filter bar (and/or) and hidden cleared rows', () => {
    const q = registerQuery({
      ...base,
      search: { notes: 'x' },
      filters: [{ payee: 'p' }, { amount: 5 }],
      conditionsOp: 'or',
      hideCleared: true,
    });
    expect(q.filterExpressions).toEqual([
      { account: 'a' },
      { notes: 'x' },
      { $or: [{ payee: 'p' }, { amount: 5 }] },
      { cleared: false },
    ]);
    expect(registerQuery({ ...base, filters: [{ payee: 'p' }] }).filterExpressions[1]).toEqual({
      $and: [{ payee: 'p' }],
    });
  });

  it('sorts by a column, then by the register order', () => {
    expect(orderOf({ field: 'payee', dir: 'asc' })).toEqual([
      { 'payee.name': 'asc' },
      { date: 'desc' },
      'starting_balance_flag',
      { sort_order: 'desc' },
    ]);
    expect(orderOf({ field: 'payment', dir: 'desc' })[0]).toEqual({ amount: 'asc' });
    expect(orderOf({ field: 'deposit', dir: 'desc' })[0]).toEqual({ amount: 'desc' });
    expect(orderOf({ field: 'date', dir: 'asc' })).toEqual([
      { date: 'asc' },
      { starting_balance_flag: 'desc' },
      { sort_order: 'asc' },
    ]);
  });

  it('shows a running balance only for one account’s whole register in date order', () => {
    const { view: _view, ...rest } = base;
    expect(showsRunningBalance(rest, true)).toBe(true);
    expect(showsRunningBalance(rest, false)).toBe(false);
    expect(showsRunningBalance({ ...rest, hideCleared: true }, true)).toBe(false);
    expect(showsRunningBalance({ ...rest, search: {} }, true)).toBe(false);
    expect(showsRunningBalance({ ...rest, sort: { field: 'date', dir: 'desc' } }, true)).toBe(true);
    expect(showsRunningBalance({ ...rest, sort: { field: 'date', dir: 'asc' } }, true)).toBe(false);
  });
});

describe('search', () => {
  const ctx = {
    payees: [
      { id: 'p1', name: 'Café Rouge' },
      { id: 'p2', name: 'Kroger' },
    ],
    categories: [{ id: 'c1', name: 'Food' }],
    accounts: [{ id: 'a1', name: 'Checking' }],
    dateFormat: 'MM/dd/yyyy' as const,
  };

  it('is nothing for blank text', () => {
    expect(searchFilter('  ', ctx)).toBeNull();
  });

  it('matches names (ignoring case and accents) as ids, and notes as text', () => {
    expect(searchFilter('cafe', ctx)).toEqual({ $search: { text: 'cafe', payees: ['p1'] } });
    expect(searchFilter(' O ', ctx)).toEqual({
      $search: { text: 'O', payees: ['p1', 'p2'], categories: ['c1'] },
    });
    expect(searchFilter('check', ctx)?.$search).toMatchObject({ accounts: ['a1'] });
  });

  it('finds an amount paid or received, and a date in the person’s format', () => {
    expect(searchFilter('12.50', ctx)?.$search).toMatchObject({ amounts: [1250, -1250] });
    expect(searchFilter('1,234', ctx)?.$search).toMatchObject({ amounts: [123400, -123400] });
    expect(searchFilter('05/14/2024', ctx)?.$search).toMatchObject({ date: '2024-05-14' });
    // Text that is not a number adds no amount condition.
    expect(JSON.stringify(searchFilter('kroger', ctx))).not.toContain('amount');
  });

  it('finds a tag when the text is one #tag, and text otherwise', () => {
    expect(searchFilter(' #trip ', ctx)).toEqual({ notes: { $hastag: 'trip' } });
    expect(searchFilter('#trip food', ctx)).toEqual({ $search: { text: '#trip food' } });
    expect(searchFilter('##trip', ctx)).toEqual({ $search: { text: '##trip' } });
  });
});
