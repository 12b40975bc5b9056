import { describe, expect, it } from 'vitest';
import { applyUpdates } from './optimistic.ts';
import type { RegisterTx } from '../types.ts';

const tx = (id: string, amount: number, subs?: RegisterTx[]) =>
  ({ id, amount, notes: null, subtransactions: subs }) as RegisterTx;

describe('showing an edit before the core answers', () => {
  it('updates transactions and lines, and moves the balance by a transaction’s new amount', () => {
    const groups = [tx('a', -100), tx('s', -300, [tx('c1', -100), tx('c2', -200)])];
    const [next, balance] = applyUpdates(groups, 1000, [
      { id: 'a', amount: -150 },
      { id: 'c1', notes: 'x', amount: -50 },
    ]);
    expect(balance).toBe(950);
    expect(next[0]).toMatchObject({ id: 'a', amount: -150 });
    expect(next[1]!.subtransactions![0]).toMatchObject({ notes: 'x', amount: -50 });
    // Untouched rows keep their identity (nothing else re-renders).
    expect(next[1]!.subtransactions![1]).toBe(groups[1]!.subtransactions![1]);
    expect(applyUpdates(groups, null, [{ id: 'a', amount: 0 }])[1]).toBeNull();
  });
});
