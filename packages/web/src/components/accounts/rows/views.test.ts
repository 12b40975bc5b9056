import { describe, expect, it } from 'vitest';
import type { Account } from '../../../store/types.ts';
import { defaultAccount, registerView } from './views.ts';
import { accountRow } from '../../../test-helpers/rows.ts';

const accounts: Account[] = [
  accountRow({ id: 'a', name: 'Checking', offbudget: 0, closed: 0 }),
  accountRow({ id: 'b', name: 'House', offbudget: 1, closed: 0 }),
  accountRow({ id: 'c', name: 'Old', offbudget: 0, closed: 1 }),
];

describe('register views', () => {
  it('maps each route to its title, filter and balance cell', () => {
    expect(registerView(undefined, accounts)).toMatchObject({
      kind: 'all',
      title: 'All accounts',
      filter: { 'account.closed': false },
      multiAccount: true,
      balanceCell: 'accounts-balance',
    });
    expect(registerView('budgeted', accounts)).toMatchObject({
      title: 'For budget',
      filter: { 'account.offbudget': false, 'account.closed': false },
    });
    expect(registerView('offbudget', accounts).filter).toEqual({
      'account.offbudget': true,
      'account.closed': false,
    });
    expect(registerView('uncategorized', accounts)).toMatchObject({
      title: 'Uncategorized',
      balanceCell: 'uncategorized-balance',
    });
    expect(registerView('b', accounts)).toMatchObject({
      kind: 'account',
      title: 'House',
      filter: { account: 'b' },
      multiAccount: false,
      balanceCell: 'balance-b',
    });
    expect(registerView('gone', accounts)).toMatchObject({
      account: null,
      title: 'Account not found',
    });
  });

  it('puts a new transaction in the view’s account, else the last used open one that fits', () => {
    expect(defaultAccount(registerView('b', accounts), accounts, 'a')).toBe('b');
    expect(defaultAccount(registerView(undefined, accounts), accounts, 'b')).toBe('b');
    expect(defaultAccount(registerView(undefined, accounts), accounts, 'c')).toBe('a');
    expect(defaultAccount(registerView('budgeted', accounts), accounts, 'b')).toBe('a');
    expect(defaultAccount(registerView('offbudget', accounts), accounts, null)).toBe('b');
    expect(defaultAccount(registerView(undefined, []), [], null)).toBeNull();
  });
});
