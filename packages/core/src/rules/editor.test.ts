import { describe, expect, it } from 'vitest';

import {
  canDeleteAction,
  canDeleteCondition,
  changeActionField,
  changeActionOp,
  changeConditionField,
  changeConditionOp,
  checkEditedRule,
  newAction,
  newCondition,
} from './editor.ts';
import { editorFieldOf, getValidOps } from './fields.ts';
import type { EditorCondition } from './editor.ts';

const cond = (c: Partial<EditorCondition>): EditorCondition => ({
  field: 'notes',
  type: 'string',
  op: 'contains',
  value: 'rent',
  ...c,
});

describe('changing a condition field', () => {
  it('keeps operator and value between two string fields', () => {
    expect(changeConditionField(cond({}), 'imported_payee')).toEqual({
      field: 'imported_payee',
      type: 'string',
      op: 'contains',
      value: 'rent',
    });
  });

  it('keeps them between amount and its inflow/outflow forms, unless isbetween', () => {
    const amount = cond({ field: 'amount', type: 'number', op: 'gt', value: 500 });
    expect(changeConditionField(amount, 'amount-outflow')).toEqual({
      field: 'amount',
      type: 'number',
      op: 'gt',
      value: 500,
      options: { outflow: true },
    });
    const between = cond({
      field: 'amount',
      type: 'number',
      op: 'isbetween',
      value: { num1: 1, num2: 2 },
    });
    expect(changeConditionField(between, 'amount-inflow')).toMatchObject({ op: 'is', value: 0 });
  });

  it('resets to the first operator of the new type otherwise', () => {
    expect(changeConditionField(cond({}), 'payee')).toEqual({
      field: 'payee',
      type: 'id',
      op: 'is',
      value: null,
    });
    expect(changeConditionField(cond({}), 'amount')).toMatchObject({ op: 'is', value: 0 });
    expect(changeConditionField(cond({}), 'month')).toMatchObject({
      field: 'date',
      op: 'is',
      value: null,
    });
    expect(
      changeConditionField(cond({ field: 'payee', type: 'id', op: 'is', value: 'p' }), 'category'),
    ).toMatchObject({
      op: 'is',
      value: null,
    });
  });
});

describe('changing a condition operator', () => {
  it('wraps into and unwraps out of lists', () => {
    expect(changeConditionOp(cond({ op: 'is', value: 'a' }), 'oneOf').value).toEqual(['a']);
    // An emptied text box becomes an empty list, not a list of one empty entry.
    expect(changeConditionOp(cond({ op: 'is', value: '' }), 'oneOf').value).toEqual([]);
    expect(changeConditionOp(cond({ op: 'is', value: null }), 'notOneOf').value).toEqual([]);
    expect(changeConditionOp(cond({ op: 'oneOf', value: ['a', 'b'] }), 'is').value).toBe('a');
    expect(changeConditionOp(cond({ op: 'notOneOf', value: [] }), 'contains').value).toBeNull();
    expect(changeConditionOp(cond({ op: 'oneOf', value: ['a'] }), 'notOneOf').value).toEqual(['a']);
  });

  it('turns an amount into a range and back', () => {
    const amount = cond({ field: 'amount', type: 'number', op: 'is', value: -700 });
    const range = changeConditionOp(amount, 'isbetween');
    expect(range.value).toEqual({ num1: -700, num2: -700 });
    expect(changeConditionOp({ ...range, value: { num1: -1, num2: -9 } }, 'lt').value).toBe(-1);
    expect(changeConditionOp(amount, 'gte')).toEqual({ ...amount, op: 'gte' });
  });
});

describe('new rows', () => {
  it('a new condition takes the first unused field, or repeats the first one under or', () => {
    expect(newCondition([], 'and')).toEqual({
      field: 'imported_payee',
      type: 'string',
      op: 'is',
      value: null,
    });
    expect(newCondition([{ field: 'imported_payee' }, { field: 'account' }], 'and').field).toBe(
      'category',
    );
    expect(newCondition([{ field: 'amount' }], 'or').field).toBe('amount');
    const all = ['imported_payee', 'account', 'category', 'date', 'payee', 'notes', 'amount'].map(
      (field) => ({ field }),
    );
    expect(newCondition(all, 'and').field).toBe('payee');
  });

  it('a new action takes the first field not set yet', () => {
    expect(newAction([])).toEqual({ op: 'set', field: 'category', type: 'id', value: null });
    expect(newAction([{ field: 'category' }, { field: 'payee' }]).field).toBe('notes');
  });
});

describe('actions', () => {
  it('changing field or op clears the value (a yes/no field starts at No, as it shows)', () => {
    const action = { op: 'set', field: 'category', type: 'id', value: 'c-1' } as const;
    expect(changeActionField(action, 'cleared')).toEqual({
      op: 'set',
      field: 'cleared',
      type: 'boolean',
      value: false,
    });
    expect(changeActionField(action, 'notes').value).toBeNull();
    expect(changeActionOp(action, 'set').value).toBeNull();
    expect(changeActionOp(action, 'link-schedule')).toEqual({
      op: 'link-schedule',
      field: null,
      type: 'id',
      value: null,
    });
  });

  it('a schedule rule keeps its date condition and its link', () => {
    const link = [{ op: 'link-schedule' }];
    expect(canDeleteCondition({ field: 'date' }, link)).toBe(false);
    expect(canDeleteCondition({ field: 'amount' }, link)).toBe(true);
    expect(canDeleteCondition({ field: 'date' }, [{ op: 'set' }])).toBe(true);
    expect(canDeleteAction({ op: 'link-schedule' })).toBe(false);
    expect(canDeleteAction({ op: 'set' })).toBe(true);
  });
});

describe('operators offered', () => {
  it('drops contains for ids, keeps is/isapprox for recurrences and drops isbetween for flows', () => {
    expect(getValidOps({ field: 'payee' })).toEqual(['is', 'oneOf', 'isNot', 'notOneOf']);
    expect(getValidOps({ field: 'notes' })).toContain('contains');
    expect(getValidOps({ field: 'date', value: { frequency: 'daily' } })).toEqual([
      'is',
      'isapprox',
    ]);
    expect(getValidOps({ field: 'date', value: '2024-01-01' })).toHaveLength(6);
    expect(getValidOps({ field: 'amount', options: { inflow: true } })).not.toContain('isbetween');
    expect(getValidOps({ field: 'amount' })).toContain('isbetween');
    expect(getValidOps({ field: 'cleared' })).toEqual(['is']);
    expect(getValidOps({ field: 'nope' })).toEqual([]);
  });

  it('shows stored conditions under their editor field', () => {
    expect(editorFieldOf({ field: 'amount', options: { outflow: true } })).toBe('amount-outflow');
    expect(editorFieldOf({ field: 'date', value: '2024-05' })).toBe('month');
    expect(editorFieldOf({ field: 'date', value: '2024' })).toBe('year');
    expect(editorFieldOf({ field: 'date', value: '2024-05-01' })).toBe('date');
  });
});

describe('checking a rule the editor is about to save', () => {
  const rule = (conditions: unknown[], actions: unknown[]) => ({ conditions, actions });

  it('refuses the untouched new rule: payee is (nothing), set category (nothing)', () => {
    const untouched = rule([newCondition([], 'and')], [newAction([])]);
    expect(checkEditedRule(untouched)).toEqual({
      conditionErrors: ['no-null'],
      actionErrors: ['no-null'],
    });
  });

  it('refuses every row left without a value, with the code the spec names', () => {
    expect(
      checkEditedRule(
        rule(
          [
            { field: 'category', op: 'isNot', value: '' },
            { field: 'account', op: 'oneOf', value: [] },
            { field: 'imported_payee', op: 'notOneOf', value: [''] },
            { field: 'notes', op: 'is', value: '' },
            { field: 'payee', op: 'is', value: 'p1' },
          ],
          [
            { op: 'set', field: 'notes', value: null },
            { op: 'set', field: 'payee', value: '' },
            { op: 'set', field: 'notes', value: '' },
          ],
        ),
      ),
    ).toEqual({
      conditionErrors: ['no-null', 'no-empty-array', 'no-empty-array', 'no-null', null],
      actionErrors: ['no-null', 'no-null', 'no-null'],
    });
  });

  it('gives the parser’s word on a value that is there but wrong', () => {
    expect(
      checkEditedRule(
        rule(
          [
            { field: 'amount', op: 'is', value: 'abc' },
            { field: 'date', op: 'is', value: '2026-13-45' },
            { field: 'amount', op: 'gt', value: 2 ** 51 },
          ],
          [],
        ),
      ),
    ).toEqual({ conditionErrors: ['not-number', 'date-format', 'not-number'], actionErrors: null });
  });

  it('a new cleared action holds No, which is a value', () => {
    const cleared = changeActionField(newAction([]), 'cleared');
    expect(cleared.value).toBe(false);
    expect(
      checkEditedRule(rule([{ field: 'payee', op: 'is', value: 'p1' }], [cleared])),
    ).toBeNull();
  });

  it('passes a rule whose every row holds a value', () => {
    expect(
      checkEditedRule(
        rule(
          [{ field: 'payee', op: 'is', value: 'p1' }],
          [{ op: 'set', field: 'category', value: 'c1' }],
        ),
      ),
    ).toBeNull();
  });
});
