import { describe, expect, it } from 'vitest';

import { compileRule, validateRule } from './compile.ts';
import { RULE_INTERNAL_ERROR_TEXT, ruleErrorText } from './errors.ts';
import type { Rule } from './types.ts';

const cond = (field: string, op: string, value: unknown, options?: unknown) => ({
  field,
  op,
  value,
  ...(options ? { options } : {}),
});
const conditionError = (c: unknown) =>
  validateRule({ conditions: [c], actions: [] })?.conditionErrors?.[0];
const actionError = (a: unknown) =>
  validateRule({ conditions: [], actions: [a] })?.actionErrors?.[0];

describe('validateRule: conditions', () => {
  it.each([
    ['unknown field', cond('memo', 'is', 'x'), 'invalid-field'],
    ['operator not allowed for the type', cond('date', 'contains', '2024'), 'internal'],
    ['isbetween on a string', cond('notes', 'isbetween', 'x'), 'internal'],
    ['not an object', 'payee is x', 'internal'],
    ['null string', cond('notes', 'is', null), 'no-null'],
    ['empty list for a text', cond('imported_payee', 'is', []), 'no-null'],
    ['non-string string value', cond('notes', 'is', 5), 'internal'],
    ['string oneOf without a list', cond('notes', 'oneOf', 'a'), 'no-empty-array'],
    ['id oneOf without a list', cond('payee', 'notOneOf', null), 'no-empty-array'],
    ['id oneOf with a non-id', cond('payee', 'oneOf', [1]), 'internal'],
    ['string contains nothing', cond('notes', 'contains', ''), 'no-empty-string'],
    ['id is a number', cond('category', 'is', 3), 'internal'],
    ['null date', cond('date', 'is', null), 'no-null'],
    ['bad date', cond('date', 'is', '2024-02-30'), 'date-format'],
    ['bad month', cond('date', 'is', '2024-13'), 'date-format'],
    ['date of odd length', cond('date', 'is', '2024-1'), 'date-format'],
    ['approx month', cond('date', 'isapprox', '2024-01'), 'date-format'],
    ['gt on a year', cond('date', 'gt', '2024'), 'date-format'],
    [
      'gt on a recurrence',
      cond('date', 'gt', { start: '2024-01-01', frequency: 'daily' }),
      'date-format',
    ],
    ['invalid recurrence', cond('date', 'is', { start: 'x', frequency: 'daily' }), 'date-format'],
    ['null amount', cond('amount', 'is', null), 'no-null'],
    ['text amount', cond('amount', 'is', '12'), 'not-number'],
    ['NaN amount', cond('amount', 'gt', Number.NaN), 'not-number'],
    ['range for is', cond('amount', 'is', { num1: 1, num2: 2 }), 'number-format'],
    ['number for isbetween', cond('amount', 'isbetween', 5), 'number-format'],
    ['half a range', cond('amount', 'isbetween', { num1: 1 }), 'no-null'],
    ['letters for an amount', cond('amount', 'gt', 'abc'), 'not-number'],
    ['letters in half a range', cond('amount', 'isbetween', { num1: 'abc' }), 'not-number'],
    ['an amount over 2^51 − 1', cond('amount', 'is', 2 ** 51), 'not-number'],
    ['an amount under −(2^51 − 1)', cond('amount', 'lt', -(2 ** 51)), 'not-number'],
    ['a fraction of a cent', cond('amount', 'is', 12.5), 'not-number'],
    [
      'a range past the bound',
      cond('amount', 'isbetween', { num1: 0, num2: 2 ** 52 }),
      'not-number',
    ],
    ['empty text boolean', cond('cleared', 'is', ''), 'no-null'],
    ['null boolean', cond('cleared', 'is', null), 'no-null'],
    ['text boolean', cond('cleared', 'is', 'true'), 'not-boolean'],
  ])('%s → %s', (_name, c, code) => {
    expect(conditionError(c)).toBe(code);
  });

  it.each([
    cond('payee', 'is', null),
    cond('payee', 'oneOf', []),
    // Actual 26.9 saves these (rule-values-oracle.test.ts): notes that are empty, and rows
    // on a name or a list with nothing in them, which match no transaction.
    cond('imported_payee', 'is', ''),
    cond('payee', 'contains', ''),
    cond('category', 'is', []),
    cond('amount', 'is', 2 ** 51 - 1),
    cond('notes', 'oneOf', ['a', '']),
    cond('notes', 'contains', 'x'),
    cond('date', 'is', '2024'),
    cond('date', 'is', '2024-02'),
    cond('date', 'isapprox', '2024-02-29'),
    cond('date', 'isapprox', { start: '2024-01-01', frequency: 'monthly' }),
    cond('amount', 'isbetween', { num1: 5, num2: -5 }),
    cond('amount', 'lte', 100, { outflow: true }),
    cond('cleared', 'is', false),
  ])('accepts %j', (c) => {
    expect(conditionError(c)).toBeUndefined();
  });
});

describe('validateRule: actions and rows', () => {
  it.each([
    ['unknown op', { op: 'delete', field: 'payee', value: 'p' }, 'internal'],
    ['unknown field', { op: 'set', field: 'memo', value: 'x' }, 'invalid-field'],
    ['amount text', { op: 'set', field: 'amount', value: 'x' }, 'not-number'],
    ['amount empty', { op: 'set', field: 'amount', value: null }, 'no-null'],
    ['amount past the bound', { op: 'set', field: 'amount', value: -(2 ** 51) }, 'not-number'],
    ['account to nothing', { op: 'set', field: 'account', value: null }, 'no-null'],
    ['account to an empty id', { op: 'set', field: 'account', value: '' }, 'no-null'],
    ['cleared text', { op: 'set', field: 'cleared', value: 'yes' }, 'not-boolean'],
    ['bad date', { op: 'set', field: 'date', value: '2024-1-1' }, 'date-format'],
    ['schedule without id', { op: 'link-schedule', value: null }, 'no-null'],
    ['id as number', { op: 'set', field: 'category', value: 7 }, 'internal'],
  ])('%s → %s', (_name, a, code) => {
    expect(actionError(a)).toBe(code);
  });

  it('reports one entry per row, null for good rows, and null overall when all is well', () => {
    const errors = validateRule({
      conditions: [cond('payee', 'is', 'p1'), cond('amount', 'is', 'x')],
      actions: [{ op: 'set', field: 'category', value: null }],
    });
    expect(errors).toEqual({ conditionErrors: [null, 'not-number'], actionErrors: null });
    expect(
      validateRule({
        conditions: [cond('payee', 'is', 'p1')],
        actions: [{ op: 'link-schedule', value: 's1' }],
      }),
    ).toBeNull();
  });

  it('maps codes to the editor texts', () => {
    expect(ruleErrorText('date-format')).toBe('Invalid date format');
    expect(ruleErrorText('no-empty-array')).toBe('Value cannot be empty');
    expect(ruleErrorText('not-number')).toBe('Value must be a number');
    expect(ruleErrorText('invalid-field')).toBe(
      'Please choose a valid field for this type of rule',
    );
    expect(ruleErrorText('number-format')).toBe(RULE_INTERNAL_ERROR_TEXT);
  });
});

describe('compileRule', () => {
  const rule: Rule = {
    id: 'r1',
    stage: null,
    conditionsOp: 'and',
    conditions: [
      { field: 'payee', op: 'oneOf', value: ['old', 'p2'] },
      { field: 'category', op: 'is', value: 'old' },
      { field: 'notes', op: 'is', value: 'MiXed', error: 'stale', inputKey: 'k' } as never,
    ],
    actions: [{ op: 'set', field: 'payee', value: 'old' }],
  };

  it('maps merged ids, keeps the raw ones as the source, and drops editor leftovers', () => {
    const compiled = compileRule(rule, (id) => (id === 'old' ? 'new' : undefined));
    if (!compiled.ok) throw new Error('expected a valid rule');
    const [payee, category, notes] = compiled.rule.conditions;
    expect(payee?.value).toEqual({ kind: 'ids', ids: ['new', 'p2'] });
    expect(category?.value).toEqual({ kind: 'id', id: 'new' });
    expect(notes?.value).toEqual({ kind: 'text', text: 'mixed' });
    expect(notes?.source).toEqual({ field: 'notes', op: 'is', value: 'MiXed', type: 'string' });
    expect(compiled.rule.actions[0]).toMatchObject({ op: 'set', value: 'new' });
    expect(compiled.rule.actions[0]?.source.value).toBe('old');
  });

  it('returns the row errors of an invalid rule', () => {
    const bad = compileRule({ ...rule, actions: [{ op: 'set', field: 'x', value: 1 }] });
    expect(bad).toEqual({
      ok: false,
      errors: { conditionErrors: null, actionErrors: ['invalid-field'] },
    });
  });
});
