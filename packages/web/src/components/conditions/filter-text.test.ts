import { describe, expect, it } from 'vitest';
import { filterConditionText, type RuleNames } from './rule-text.ts';

const names: RuleNames = {
  payee: (id) => ({ p1: 'Kroger' })[id],
  category: (id) => ({ c1: 'Food' })[id],
  account: () => undefined,
  schedule: () => undefined,
};
const fmt = {
  amount: (cents: number) => (cents / 100).toFixed(2),
  date: (date: string) => date.split('-').reverse().join('/'),
};
const text = (row: Parameters<typeof filterConditionText>[0]) =>
  filterConditionText(row, names, fmt);

describe('a filter condition in words (the register filter chips)', () => {
  it('reads as field, operator and value', () => {
    expect(text({ field: 'payee', op: 'is', value: 'p1', type: 'id' })).toBe('Payee is Kroger');
    expect(text({ field: 'category', op: 'oneOf', value: ['c1', 'gone'] })).toBe(
      'Category one of Food, (deleted)',
    );
    expect(text({ field: 'amount', op: 'gt', value: -5000, options: { outflow: true } })).toBe(
      'Amount (outflow) is greater than 50.00',
    );
    expect(text({ field: 'date', op: 'lt', value: '2024-05-02' })).toBe(
      'Date is before 02/05/2024',
    );
    expect(text({ field: 'date', op: 'is', value: '2024-05' })).toBe('Month is 2024-05');
    expect(text({ field: 'notes', op: 'contains', value: 'gift' })).toBe('Notes contains gift');
    expect(text({ field: 'amount', op: 'isbetween', value: { num1: 100, num2: 200 } })).toBe(
      'Amount is between 1.00 and 2.00',
    );
  });

  it('names tags as the notes write them', () => {
    expect(text({ field: 'notes', op: 'hasTags', value: '#trip' })).toBe('Notes has tag #trip');
    expect(text({ field: 'notes', op: 'doesNotHaveTags', value: '#trip' })).toBe(
      'Notes has no tag #trip',
    );
  });
});
