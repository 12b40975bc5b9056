import { describe, expect, it } from 'vitest';
import type { Account } from '../../../store/types.ts';
import { applyDeltas, balanceDeltas } from './optimistic-cells.ts';
import type { RegisterTx } from '../types.ts';
import { accountRow } from '../../../test-helpers/rows.ts';

const accounts: Account[] = [
  accountRow({ id: 'a', name: 'Checking', offbudget: 0, closed: 0 }),
  accountRow({ id: 'h', name: 'House', offbudget: 1, closed: 0 }),
  accountRow({ id: 'c', name: 'Old', offbudget: 0, closed: 1 }),
];
const tx = (o: Partial<RegisterTx>) =>
  ({
    account: 'a',
    payee: 'p',
    category: 'food',
    is_child: false,
    is_parent: false,
    transfer_id: null,
    ...o,
  }) as RegisterTx;
const noTransfers = () => false;

describe('balances shown before the core answers', () => {
  it('move the account, all accounts and its side of the budget', () => {
    expect(Object.fromEntries(balanceDeltas(tx({}), -500, accounts, noTransfers)!)).toEqual({
      'account!balance-a': -500,
      'account!accounts-balance': -500,
      'account!budgeted-accounts-balance': -500,
    });
    expect(
      Object.fromEntries(balanceDeltas(tx({ account: 'h' }), 100, accounts, noTransfers)!),
    ).toEqual({
      'account!balance-h': 100,
      'account!accounts-balance': 100,
      'account!offbudget-accounts-balance': 100,
    });
    expect(
      balanceDeltas(tx({ category: null }), 1, accounts, noTransfers)!.get(
        'account!uncategorized-balance',
      ),
    ).toBe(1);
  });

  it('leave transfers, lines, closed accounts and no change to the core', () => {
    expect(balanceDeltas(tx({ transfer_id: 'x' }), 1, accounts, noTransfers)).toBeNull();
    expect(balanceDeltas(tx({}), 1, accounts, () => true)).toBeNull();
    expect(balanceDeltas(tx({ is_child: true }), 1, accounts, noTransfers)).toBeNull();
    expect(balanceDeltas(tx({ account: 'c' }), 1, accounts, noTransfers)).toBeNull();
    expect(balanceDeltas(tx({}), 0, accounts, noTransfers)).toBeNull();
  });

  it('apply to the cells', () => {
    expect(
      applyDeltas(
        { 'account!x': 10, other: 'y' },
        new Map([
          ['account!x', -3],
          ['account!z', 2],
        ]),
      ),
    ).toEqual({
      'account!x': 7,
      other: 'y',
      'account!z': 2,
    });
  });
});
