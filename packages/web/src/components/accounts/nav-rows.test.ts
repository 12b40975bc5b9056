import { describe, expect, it } from 'vitest';
import { registerNavRows } from './nav-rows.ts';
import { displayRows } from './register-rows.ts';
import type { RegisterTx } from './types.ts';
import { accountRow } from '../../test-helpers/rows.ts';

const tx = (id: string, o: Partial<RegisterTx> = {}) =>
  ({
    id,
    account: 'a',
    amount: -100,
    payee: null,
    category: null,
    is_parent: false,
    ...o,
  }) as RegisterTx;

describe('keyboard rows', () => {
  const ctx = {
    accounts: [accountRow({ id: 'a', name: 'A' })],
    transferAccountOf: () => null,
    showAccount: false,
  };

  it('lists transactions and split lines with the fields each edits', () => {
    const rows = registerNavRows(
      displayRows([tx('t'), tx('s', { is_parent: true, subtransactions: [tx('c1')] })], null),
      ctx,
    );
    expect(rows.map((r) => [r.key, r.kind])).toEqual([
      ['t', 'txn'],
      ['s', 'txn'],
      ['c1', 'child'],
    ]);
    expect(rows[0]!.fields).toEqual([
      'date',
      'payee',
      'notes',
      'category',
      'payment',
      'deposit',
      'cleared',
    ]);
    expect(rows[1]!.fields).not.toContain('category');
    expect(rows[2]!.fields).toEqual(['payee', 'notes', 'category', 'payment', 'deposit']);
  });

  it('keeps a row while its transaction is the same object (a page appended below)', () => {
    const cache = new WeakMap();
    const a = tx('a');
    const first = registerNavRows(displayRows([a], null), ctx, cache);
    const again = registerNavRows(displayRows([a, tx('b')], null), ctx, cache);
    expect(again[0]).toBe(first[0]);
    const edited = registerNavRows(displayRows([{ ...a, amount: -5 }], null), ctx, cache);
    expect(edited[0]).not.toBe(first[0]);
    expect(edited[0]!.values.amount).toBe(-5);
  });
});
