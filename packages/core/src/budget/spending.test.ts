import { describe, expect, it } from 'vitest';
import { aggregateSpending, contribution, spendingDelta } from './spending.ts';
import { spendingContext, tx } from './test-helpers/fixtures.ts';

const ctx = spendingContext({ mapping: { old: 'food' }, deadParents: ['dead'] });

describe('spending rules', () => {
  it.each([
    [
      'a plain categorised row',
      tx('2024-01-31', -100, 'food'),
      { month: '2024-01', category: 'food', amount: -100 },
    ],
    [
      'an integer date',
      tx('x', -100, 'food', { date: 20240201 }),
      { month: '2024-02', category: 'food', amount: -100 },
    ],
    [
      'a deleted category, through the mapping',
      tx('2024-01-02', -7, 'old'),
      { month: '2024-01', category: 'food', amount: -7 },
    ],
    [
      'a child of a live parent',
      tx('2024-01-02', -7, 'food', { isChild: 1, parentId: 'p' }),
      { month: '2024-01', category: 'food', amount: -7 },
    ],
    [
      'a null amount',
      tx('2024-01-02', 0, 'food', { amount: null }),
      { month: '2024-01', category: 'food', amount: 0 },
    ],
  ])('counts %s', (_label, row, want) => {
    expect(contribution(row, ctx)).toEqual(want);
  });

  it.each([
    ['a split parent', tx('2024-01-02', -7, 'food', { isParent: 1 })],
    ['a child of a deleted parent', tx('2024-01-02', -7, 'food', { isChild: 1, parentId: 'dead' })],
    ['a child without a parent id', tx('2024-01-02', -7, 'food', { isChild: 1 })],
    ['a deleted row', tx('2024-01-02', -7, 'food', { tombstone: 1 })],
    ['an off-budget account', tx('2024-01-02', -7, 'food', { account: 'savings' })],
    ['an unknown account', tx('2024-01-02', -7, 'food', { account: 'gone' })],
    ['no category', tx('2024-01-02', -7, null)],
    ['no date', tx('2024-01-02', -7, 'food', { date: null })],
  ])('does not count %s', (_label, row) => {
    expect(contribution(row, ctx)).toBeNull();
  });

  it('aggregates per month and category', () => {
    expect(
      aggregateSpending(
        [tx('2024-01-02', -1, 'food'), tx('2024-01-09', -2, 'old'), tx('2024-02-01', -4, 'food')],
        ctx,
      ),
    ).toEqual([
      { month: '2024-01', category: 'food', amount: -3 },
      { month: '2024-02', category: 'food', amount: -4 },
    ]);
  });

  it('turns one row edit into adjustments', () => {
    const before = tx('2024-01-02', -100, 'food');
    expect(spendingDelta(null, before, ctx)).toEqual([
      { month: '2024-01', category: 'food', amount: -100 },
    ]);
    expect(spendingDelta(before, { ...before, amount: -150 }, ctx)).toEqual([
      { month: '2024-01', category: 'food', amount: -50 },
    ]);
    expect(spendingDelta(before, { ...before, date: '2024-02-01', category: 'rent' }, ctx)).toEqual(
      [
        { month: '2024-01', category: 'food', amount: 100 },
        { month: '2024-02', category: 'rent', amount: -100 },
      ],
    );
    expect(spendingDelta(before, { ...before, tombstone: 1 }, ctx)).toEqual([
      { month: '2024-01', category: 'food', amount: 100 },
    ]);
    expect(spendingDelta(before, { ...before, notes: 'x' } as typeof before, ctx)).toEqual([]);
  });
});
