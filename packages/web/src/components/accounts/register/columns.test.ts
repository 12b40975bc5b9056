import { describe, expect, it } from 'vitest';
import { nearestField, nextField, registerColumns } from './columns.ts';

describe('register columns', () => {
  it('show Account on views over several accounts and Balance on one account', () => {
    const ids = (o: { account: boolean; balance: boolean }) => registerColumns(o).map((c) => c.id);
    expect(ids({ account: true, balance: false })).toEqual([
      'select',
      'date',
      'account',
      'payee',
      'notes',
      'category',
      'payment',
      'deposit',
      'cleared',
      'menu',
    ]);
    expect(ids({ account: false, balance: true })).toContain('balance');
    expect(ids({ account: false, balance: true })).not.toContain('account');
  });

  it('moves across a row’s fields and past its ends', () => {
    const fields = ['payee', 'notes', 'category', 'payment', 'deposit'] as const;
    expect(nextField(fields, 'notes', 1)).toBe('category');
    expect(nextField(fields, 'deposit', 1)).toBe('next-row');
    expect(nextField(fields, 'payee', -1)).toBe('prev-row');
    // From a field the row does not have (a line under a transaction's date).
    expect(nextField(fields, 'date', 1)).toBe('payee');
    expect(nextField(fields, 'date', -1)).toBe('prev-row');
    expect(nextField(fields, 'cleared', 1)).toBe('next-row');
  });

  it('finds the nearest field in column order', () => {
    expect(nearestField(['payee', 'notes', 'payment'], 'date')).toBe('payee');
    expect(nearestField(['payee', 'notes', 'payment'], 'category')).toBe('notes');
    expect(nearestField(['payee', 'payment'], 'payment')).toBe('payment');
    expect(nearestField([], 'payee')).toBeNull();
  });
});
