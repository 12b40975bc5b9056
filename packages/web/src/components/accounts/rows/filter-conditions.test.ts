import { describe, expect, it } from 'vitest';
import { describeCondition, filterErrorText, matchesSaved } from './filter-conditions.ts';

const d = {
  name: (field: string, id: string) => ({ p1: 'Kroger', c1: 'Food' })[id],
  amount: (cents: number) => (cents / 100).toFixed(2),
  date: (date: string) => date.split('-').reverse().join('/'),
};

describe('filter chips', () => {
  it('read as field, operator and value', () => {
    expect(describeCondition({ field: 'payee', op: 'is', value: 'p1', type: 'id' }, d)).toBe(
      'Payee is Kroger',
    );
    expect(describeCondition({ field: 'category', op: 'oneOf', value: ['c1', 'gone'] }, d)).toBe(
      'Category one of Food, (deleted)',
    );
    expect(
      describeCondition({ field: 'amount', op: 'gt', value: -5000, options: { outflow: true } }, d),
    ).toBe('Amount (outflow) is greater than 50.00');
    expect(describeCondition({ field: 'date', op: 'lt', value: '2024-05-02' }, d)).toBe(
      'Date is before 02/05/2024',
    );
    expect(describeCondition({ field: 'date', op: 'is', value: '2024-05' }, d)).toBe(
      'Month is 2024-05',
    );
    expect(describeCondition({ field: 'notes', op: 'contains', value: 'gift' }, d)).toBe(
      'Notes contains gift',
    );
    expect(
      describeCondition({ field: 'amount', op: 'isbetween', value: { num1: 100, num2: 200 } }, d),
    ).toBe('Amount is between 1.00 and 2.00');
  });

  it('know whether the bar still holds a saved filter', () => {
    const saved = {
      id: 'f',
      name: 'Food',
      conditionsOp: 'or' as const,
      conditions: [{ field: 'category', op: 'is', value: 'c1' }],
    };
    expect(matchesSaved(saved, [{ field: 'category', op: 'is', value: 'c1' }], 'and')).toBe(true);
    expect(matchesSaved(saved, [{ field: 'category', op: 'is', value: 'c2' }], 'or')).toBe(false);
    expect(filterErrorText({ type: 'filter-name-required' })).toBe('Filter name is required');
    expect(
      filterErrorText({ type: 'filter-name-exists', message: 'There is already a filter named X' }),
    ).toBe('There is already a filter named X');
  });
});
