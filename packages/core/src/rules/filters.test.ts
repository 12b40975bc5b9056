import { describe, expect, it } from 'vitest';

import { makeFiltersFromConditions } from './filters.ts';

const one = (field: string, op: string, value: unknown, options?: unknown) => {
  const { filters, errors } = makeFiltersFromConditions([{ field, op, value, options }]);
  expect(errors).toEqual([]);
  return filters[0];
};

describe('makeFiltersFromConditions', () => {
  it('strings compare lower-cased', () => {
    expect(one('imported_payee', 'is', 'Shell')).toEqual({
      imported_payee: { $transform: '$lower', $eq: 'shell' },
    });
    expect(one('notes', 'isNot', 'X')).toEqual({ notes: { $transform: '$lower', $ne: 'x' } });
    expect(one('notes', 'contains', 'Rent')).toEqual({
      notes: { $transform: '$lower', $like: '%rent%' },
    });
    expect(one('notes', 'doesNotContain', 'rent')).toEqual({
      notes: { $transform: '$lower', $notlike: '%rent%' },
    });
    expect(one('imported_payee', 'oneOf', ['A', 'b'])).toEqual({
      imported_payee: { $transform: '$lower', $oneof: ['a', 'b'] },
    });
    expect(one('imported_payee', 'notOneOf', ['A', 'b'])).toEqual({
      $and: [
        { imported_payee: { $transform: '$lower', $ne: 'a' } },
        { imported_payee: { $transform: '$lower', $ne: 'b' } },
      ],
    });
  });

  it('ids compare exactly, mapped, and contains reaches into the name', () => {
    const { filters } = makeFiltersFromConditions(
      [
        { field: 'payee', op: 'is', value: 'p-old' },
        { field: 'category', op: 'oneOf', value: ['c-1', 'p-old'] },
        { field: 'account', op: 'isNot', value: null },
        { field: 'payee', op: 'contains', value: 'Ama' },
        { field: 'category', op: 'doesNotContain', value: 'food' },
        { field: 'payee', op: 'oneOf', value: [] },
        { field: 'payee', op: 'notOneOf', value: [] },
      ],
      { resolveId: (id) => (id === 'p-old' ? 'p-new' : undefined) },
    );
    expect(filters).toEqual([
      { payee: { $eq: 'p-new' } },
      { category: { $oneof: ['c-1', 'p-new'] } },
      { account: { $ne: null } },
      { 'payee.name': { $like: '%ama%' } },
      { 'category.name': { $notlike: '%food%' } },
      { id: null },
      { id: null },
    ]);
  });

  it('amounts: exact, approximate, ranges, comparisons and inflow/outflow', () => {
    expect(one('amount', 'is', -500)).toEqual({ amount: { $eq: -500 } });
    expect(one('amount', 'isapprox', -2500)).toEqual({
      $and: [{ amount: { $gte: -2688 } }, { amount: { $lte: -2312 } }],
    });
    expect(one('amount', 'isbetween', { num1: 10, num2: -10 })).toEqual({
      $and: [{ amount: { $gte: -10 } }, { amount: { $lte: 10 } }],
    });
    expect(one('amount', 'gte', 100)).toEqual({ amount: { $gte: 100 } });
    expect(one('amount', 'lt', 100, { outflow: true })).toEqual({
      $and: [{ amount: { $lt: 0 } }, { amount: { $transform: '$neg', $lt: 100 } }],
    });
    expect(one('amount', 'gt', 100, { inflow: true })).toEqual({
      $and: [{ amount: { $gt: 0 } }, { amount: { $gt: 100 } }],
    });
  });

  it('dates: days, months, years, approximate and comparisons', () => {
    expect(one('date', 'is', '2024-02-29')).toEqual({ date: '2024-02-29' });
    expect(one('date', 'is', '2024-02')).toEqual({
      $and: [{ date: { $gte: '2024-02-00' } }, { date: { $lte: '2024-02-99' } }],
    });
    expect(one('date', 'is', '2024')).toEqual({
      $and: [{ date: { $gte: '2024-00-00' } }, { date: { $lte: '2024-99-99' } }],
    });
    expect(one('date', 'isapprox', '2024-03-01')).toEqual({
      $and: [{ date: { $gte: '2024-02-28' } }, { date: { $lte: '2024-03-03' } }],
    });
    expect(one('date', 'lte', '2024-03-01')).toEqual({ date: { $lte: '2024-03-01' } });
    expect(one('cleared', 'is', false)).toEqual({ cleared: { $eq: false } });
  });

  it('expands a recurring date into its first occurrences', () => {
    const monthly = { start: '2024-01-31', frequency: 'monthly' };
    const { filters } = makeFiltersFromConditions(
      [
        { field: 'date', op: 'is', value: monthly },
        {
          field: 'date',
          op: 'isapprox',
          value: { ...monthly, endMode: 'after_n_occurrences', endOccurrences: 1 },
        },
      ],
      { recurDateBounds: 3 },
    );
    expect(filters[0]).toEqual({
      $or: [{ date: '2024-01-31' }, { date: '2024-03-31' }, { date: '2024-05-31' }],
    });
    expect(filters[1]).toEqual({
      $or: [{ $and: [{ date: { $gte: '2024-01-29' } }, { date: { $lte: '2024-02-02' } }] }],
    });
    const skip = makeFiltersFromConditions(
      [
        {
          field: 'date',
          op: 'is',
          value: { start: '2024-06-01', frequency: 'monthly', skipWeekend: true },
        },
      ],
      { recurDateBounds: 1 },
    );
    // 2024-06-01 is a Saturday; both it and the Monday it moves to count.
    expect(skip.filters[0]).toEqual({ $or: [{ date: '2024-06-01' }, { date: '2024-06-03' }] });
  });

  it('leaves invalid conditions out and reports their codes', () => {
    const result = makeFiltersFromConditions([
      { field: 'amount', op: 'is', value: 'x' },
      { field: 'notes', op: 'is', value: 'ok' },
      { field: 'nope', op: 'is', value: 1 },
    ]);
    expect(result.errors).toEqual(['not-number', 'invalid-field']);
    expect(result.filters).toHaveLength(1);
  });
});
