import { describe, expect, it } from 'vitest';
import { BudgetInputStore } from './inputs.ts';

const store = (fill: (s: BudgetInputStore) => void) => {
  const s = new BudgetInputStore();
  fill(s);
  return s.digest('2020-01', '2020-12');
};

const base = (s: BudgetInputStore) => {
  s.setRow('2020-01', 'food', { amount: 1200, carryover: false });
  s.setRow('2020-02', 'rent', { amount: 90000, carryover: true });
  s.setSpent('2020-01', 'food', -500);
  s.setBuffered('2020-02', 300);
};

describe('BudgetInputStore.digest', () => {
  it('is the same whatever order the inputs were set in', () => {
    const reversed = store((s) => {
      s.setBuffered('2020-02', 300);
      s.setSpent('2020-01', 'food', -500);
      s.setRow('2020-02', 'rent', { amount: 90000, carryover: true });
      s.setRow('2020-01', 'food', { amount: 1200, carryover: false });
    });
    expect(reversed).toBe(store(base));
  });

  it('changes with every field of an entry', () => {
    const digests = [
      store(base),
      store((s) => (base(s), s.setRow('2020-01', 'food', { amount: 1201, carryover: false }))),
      store((s) => (base(s), s.setRow('2020-01', 'food', { amount: 1200, carryover: true }))),
      // The amount's high half and its fraction are hashed too.
      store((s) => (base(s), s.setRow('2020-01', 'food', { amount: 1200 + 2 ** 32, carryover: false }))), // prettier-ignore
      store((s) => (base(s), s.setRow('2020-01', 'food', { amount: 1200.5, carryover: false }))),
      store((s) => (base(s), s.setSpent('2020-01', 'food', -501))),
      store((s) => (base(s), s.setBuffered('2020-02', 301))),
    ];
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('tells an entry from the same values in another month, category or kind', () => {
    const one = (fill: (s: BudgetInputStore) => void) => store(fill);
    const digests = [
      one((s) => s.setRow('2020-01', 'food', { amount: 7, carryover: false })),
      one((s) => s.setRow('2020-02', 'food', { amount: 7, carryover: false })),
      one((s) => s.setRow('2020-01', 'rent', { amount: 7, carryover: false })),
      one((s) => s.setSpent('2020-01', 'food', 7)),
      // Two rows swapping their amounts.
      one((s) => {
        s.setRow('2020-01', 'food', { amount: 7, carryover: false });
        s.setRow('2020-01', 'rent', { amount: 8, carryover: false });
      }),
      one((s) => {
        s.setRow('2020-01', 'food', { amount: 8, carryover: false });
        s.setRow('2020-01', 'rent', { amount: 7, carryover: false });
      }),
    ];
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('leaves out the months outside the range', () => {
    expect(store((s) => (base(s), s.setRow('2021-01', 'food', { amount: 9, carryover: false })))).toBe(store(base)); // prettier-ignore
  });
});

describe('BudgetInputStore.deferRows', () => {
  const early = [
    { month: '2020-01', category: 'food', amount: 1200, carryover: false },
    { month: '2020-02', category: 'rent', amount: 90000, carryover: true },
  ] as const;
  const deferred = () => {
    let reads = 0;
    const s = new BudgetInputStore();
    s.deferRows('2020-02', () => {
      reads++;
      return early;
    });
    s.setRow('2020-03', 'food', { amount: 7, carryover: false });
    return { s, reads: () => reads };
  };

  it('reads the rows of the deferred months once, the first time one of them is touched', () => {
    const d = deferred();
    expect(d.s.getRow('2020-03', 'food')?.amount).toBe(7);
    expect(d.reads()).toBe(0);
    expect(d.s.getRow('2020-02', 'rent')).toEqual({ amount: 90000, carryover: true });
    expect(d.s.getRow('2020-01', 'food')?.amount).toBe(1200);
    expect(d.reads()).toBe(1);
  });

  it('reads them before a sum, a digest or a write that reaches their months', () => {
    const full = new BudgetInputStore();
    for (const r of early) full.setRow(r.month, r.category, r);
    full.setRow('2020-03', 'food', { amount: 7, carryover: false });
    const summed = deferred();
    const into = new Map([['rent', 0]]);
    summed.s.addRowAmounts('2020-01', '2020-12', into);
    expect(into.get('rent')).toBe(90000);
    expect(deferred().s.digest('2020-01', '2020-12')).toBe(full.digest('2020-01', '2020-12'));
    // A write to a deferred month lands on the rows read, not under them.
    const written = deferred();
    written.s.setRow('2020-01', 'food', { amount: 5, carryover: false });
    expect(written.s.getRow('2020-01', 'food')?.amount).toBe(5);
    expect(written.s.getRow('2020-02', 'rent')?.amount).toBe(90000);
    expect(written.reads()).toBe(1);
  });

  it('forgets them when the rows are replaced (a budget type switch)', () => {
    const d = deferred();
    d.s.clearRows();
    expect(d.s.getRow('2020-02', 'rent')).toBeUndefined();
    expect(d.reads()).toBe(0);
  });
});
