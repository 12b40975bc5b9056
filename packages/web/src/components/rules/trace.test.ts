import { describe, expect, it } from 'vitest';
import { fieldSummary, type Trace } from './trace.ts';

const rule = (id: string) => ({
  id,
  stage: null,
  conditionsOp: 'and' as const,
  conditions: [],
  actions: [],
});

describe('where each value comes from', () => {
  it('credits the last rule to set a field and says when the value changed since', () => {
    const trace: Trace = {
      transaction: {
        id: 't1',
        date: '2024-01-02',
        amount: -100,
        payee: 'p2',
        category: 'c9',
        imported_payee: 'SHOP',
        notes: null,
      },
      ran: [
        {
          rule: rule('a'),
          conditions: [true],
          changes: [{ field: 'payee', from: 'p1', to: 'p2' }],
        },
        {
          rule: rule('b'),
          conditions: [true],
          changes: [
            { field: 'category', from: null, to: 'c1' },
            { field: 'notes', from: null, to: null },
          ],
        },
        {
          rule: rule('c'),
          conditions: [true],
          changes: [{ field: 'category', from: 'c1', to: 'c2' }],
        },
      ],
      nearMisses: [],
      result: {},
    };
    expect(fieldSummary(trace)).toEqual([
      { field: 'payee', step: 1, ruleValue: 'p2', now: 'p2', kept: true },
      { field: 'category', step: 3, ruleValue: 'c2', now: 'c9', kept: false },
      { field: 'notes', step: 2, ruleValue: null, now: null, kept: true },
    ]);
  });
});
