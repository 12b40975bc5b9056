import { describe, expect, it } from 'vitest';
import {
  amountSign,
  idIs,
  notTransfers,
  registerTarget,
  spanConditions,
} from './register-filter.ts';

describe('opening the register from a report', () => {
  it('filters by the month, or by the span’s first and last days', () => {
    expect(spanConditions({ start: '2024-05', end: '2024-05' })).toEqual([
      { field: 'date', op: 'is', value: '2024-05', options: { month: true }, type: 'date' },
    ]);
    expect(spanConditions({ start: '2024-01', end: '2024-02' })).toEqual([
      { field: 'date', op: 'gte', value: '2024-01-01', type: 'date' },
      { field: 'date', op: 'lte', value: '2024-02-29', type: 'date' },
    ]);
  });

  it('opens one account’s register, or all accounts filtered to the chosen ones', () => {
    const conditions = [idIs('category', 'food'), amountSign('out')];
    expect(registerTarget(['a'], ['a', 'b'], conditions)).toEqual({
      path: '/accounts/a',
      state: { filter: { conditions, conditionsOp: 'and' } },
    });
    expect(registerTarget(['a', 'b'], ['a', 'b'], conditions).path).toBe('/accounts');
    expect(registerTarget(['a', 'b'], ['a', 'b', 'c'], conditions).state.filter.conditions).toEqual(
      [...conditions, { field: 'account', op: 'oneOf', value: ['a', 'b'], type: 'id' }],
    );
    expect(notTransfers([])).toEqual([]);
    expect(notTransfers(['t'])).toEqual([
      { field: 'payee', op: 'notOneOf', value: ['t'], type: 'id' },
    ]);
  });
});
