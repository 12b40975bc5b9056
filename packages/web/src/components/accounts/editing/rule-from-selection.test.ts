import { describe, expect, it } from 'vitest';
import { ruleFromSelection } from './rule-from-selection.ts';
import type { RegisterTx } from '../types.ts';

const tx = (o: Partial<RegisterTx>) =>
  ({
    is_parent: false,
    imported_payee: null,
    payee: null,
    category: null,
    amount: 0,
    ...o,
  }) as RegisterTx;

describe('a rule from selected transactions', () => {
  it('matches their one payee and amount and sets their category', () => {
    expect(
      ruleFromSelection([
        tx({ payee: 'p', amount: -500, category: 'c' }),
        tx({ payee: 'p', amount: -500, category: 'c' }),
      ]),
    ).toEqual({
      stage: null,
      conditionsOp: 'and',
      conditions: [
        { field: 'payee', op: 'is', value: 'p', type: 'id' },
        { field: 'amount', op: 'is', value: -500, type: 'number' },
      ],
      actions: [{ field: 'category', op: 'set', value: 'c', type: 'id' }],
    });
  });

  it('prefers the imported payee; several payees are one of; split totals are left out', () => {
    const rule = ruleFromSelection([
      tx({ imported_payee: 'AMZN 123', payee: 'p1', amount: -1 }),
      tx({ imported_payee: 'AMZN 123', payee: 'p2', amount: -2 }),
      tx({ is_parent: true, payee: 'p3' }),
    ]);
    expect(rule.conditions).toEqual([
      { field: 'imported_payee', op: 'is', value: 'AMZN 123', type: 'string' },
    ]);
    expect(rule.actions[0]!.value).toBeNull();
    expect(ruleFromSelection([tx({ payee: 'a' }), tx({ payee: 'b' })]).conditions[0]).toEqual({
      field: 'payee',
      op: 'oneOf',
      value: ['a', 'b'],
      type: 'id',
    });
  });
});
