import { Timestamp, makeClock } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { freshRowOf } from './fresh-rows.ts';

const NOW = Date.UTC(2026, 10, 30, 12);
const clock = () => makeClock(new Timestamp(NOW, 0, 'a1b2c3d4e5f60718'));

describe('freshRowOf', () => {
  it('takes over the previous row column list when it is the same, and only then', () => {
    const c = clock();
    const now = () => NOW;
    const first = freshRowOf('transactions', { id: 'a', amount: 1, notes: 'x' }, c, now)!;
    const same = freshRowOf('transactions', { id: 'b', amount: 2, notes: 'y' }, c, now, first)!;
    expect(same.columns).toBe(first.columns);
    expect(same.values).toEqual([2, 'y']);

    const reordered = freshRowOf('transactions', { id: 'c', notes: 'z', amount: 3 }, c, now, same)!;
    expect(reordered.columns).not.toBe(first.columns);
    expect(reordered.columns).toEqual(['notes', 'amount']);
    const fewer = freshRowOf('transactions', { id: 'd', amount: 4 }, c, now, first)!;
    expect(fewer.columns).toEqual(['amount']);
    // The same names in another table: a list belongs to one table (the commit's memos say so).
    const dead = freshRowOf('transactions', { id: 'e', tombstone: 1 }, c, now)!;
    const deadPayee = freshRowOf('payees', { id: 'f', tombstone: 1 }, c, now, dead)!;
    expect(deadPayee.columns).toEqual(dead.columns);
    expect(deadPayee.columns).not.toBe(dead.columns);
  });
});
