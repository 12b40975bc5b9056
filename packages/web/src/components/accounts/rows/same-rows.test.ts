import { describe, expect, it } from 'vitest';
import type { RegisterTx } from '../types.ts';
import { keepUnchanged, sameData } from './same-rows.ts';

const tx = (id: string, amount: number, extra: Partial<RegisterTx> = {}): RegisterTx => ({
  id,
  is_parent: false,
  is_child: false,
  parent_id: null,
  account: 'a',
  category: null,
  amount,
  payee: null,
  notes: null,
  date: '2026-11-30',
  imported_id: null,
  imported_payee: null,
  error: null,
  starting_balance_flag: false,
  transfer_id: null,
  sort_order: 1,
  cleared: false,
  schedule: null,
  ...extra,
});

describe('a read of rows already shown', () => {
  it('gives back the rows that did not change as the objects shown, and a new row as read', () => {
    const shown = [tx('b', 2), tx('c', 3)];
    const read = [tx('a', 1), tx('b', 2), tx('c', 3)];
    const out = keepUnchanged(shown, read);
    expect(out.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(out[0]).toBe(read[0]);
    expect(out[1]).toBe(shown[0]);
    expect(out[2]).toBe(shown[1]);
  });

  it('gives back the list shown when nothing changed, and a changed row as read', () => {
    const shown = [tx('a', 1), tx('b', 2)];
    expect(keepUnchanged(shown, [tx('a', 1), tx('b', 2)])).toBe(shown);
    const edited = [tx('a', 1), tx('b', 5)];
    const out = keepUnchanged(shown, edited);
    expect(out).not.toBe(shown);
    expect(out[0]).toBe(shown[0]);
    expect(out[1]).toBe(edited[1]);
    // The same rows in another order are another list.
    expect(keepUnchanged(shown, [tx('b', 2), tx('a', 1)])).not.toBe(shown);
  });

  it('compares a split’s lines and the fields as data', () => {
    const split = (amount: number) =>
      tx('p', 10, { is_parent: true, subtransactions: [tx('l1', 4), tx('l2', amount)] });
    expect(sameData(split(6), split(6))).toBe(true);
    expect(sameData(split(6), split(7))).toBe(false);
    expect(sameData(tx('a', 1, { notes: 'x' }), tx('a', 1))).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });
});
