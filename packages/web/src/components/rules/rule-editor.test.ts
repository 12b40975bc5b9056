import { describe, expect, it } from 'vitest';
import { newRuleForPayee } from '../payees/payee-logic.ts';
import {
  actionDeletable,
  addAction,
  addCondition,
  conditionDeletable,
  conditionField,
  conditionOps,
  editingRule,
  type EditRow,
  newPayeeNames,
  savedRule,
  setActionField,
  setConditionField,
  setConditionOp,
  withCreatedPayees,
  withErrors,
} from './rule-editor.ts';

function keys() {
  let n = 0;
  return () => `k${++n}`;
}

const row = (over: Partial<EditRow>): EditRow => ({
  key: 'k',
  op: 'is',
  value: null,
  type: 'string',
  ...over,
});

describe('the editor’s copy of a rule', () => {
  it('starts from the payee template with the category still to pick, and saves it back', () => {
    const rule = editingRule(newRuleForPayee('p1'), keys());
    expect(rule.conditions[0]).toMatchObject({ key: 'k1', field: 'payee', value: 'p1' });
    expect(rule.actions[0]).toMatchObject({ key: 'k2', field: 'category', value: null });
    expect(savedRule(rule)).toEqual(newRuleForPayee('p1'));
  });

  it('fills in types the rule left out and copies the rows', () => {
    const original = {
      stage: 'pre' as const,
      conditionsOp: 'or' as const,
      conditions: [{ field: 'amount', op: 'gt', value: 100 }],
      actions: [{ op: 'link-schedule', value: 's1' }],
    };
    const rule = editingRule(original, keys());
    expect(rule.conditions[0]!.type).toBe('number');
    expect(rule.actions[0]!.type).toBe('id');
    rule.conditions[0]!.value = 5;
    expect(original.conditions[0]!.value).toBe(100);
  });
});

describe('section 4: changing a condition’s field', () => {
  const notes = row({ field: 'notes', op: 'contains', value: 'rent' });

  it('keeps operator and value between two string fields', () => {
    expect(setConditionField(notes, 'imported_payee')).toMatchObject({
      key: 'k',
      field: 'imported_payee',
      op: 'contains',
      value: 'rent',
      type: 'string',
    });
  });

  it('resets them to the new type’s first operator when the type changes', () => {
    const amount = setConditionField(notes, 'amount');
    expect(amount).toMatchObject({ field: 'amount', op: 'is', type: 'number' });
    expect(amount.value).not.toBe('rent');
    const payee = setConditionField(notes, 'payee');
    expect(payee).toMatchObject({ field: 'payee', op: 'is', type: 'id', value: null });
    const date = setConditionField(amount, 'date');
    expect(date).toMatchObject({ field: 'date', op: 'is', type: 'date', value: null });
  });

  it('keeps a number’s operator and value, also into inflow and outflow', () => {
    const gt = row({ field: 'amount', op: 'gt', value: 1250, type: 'number' });
    const inflow = setConditionField(gt, 'amount-inflow');
    expect(inflow).toMatchObject({ field: 'amount', options: { inflow: true }, op: 'gt' });
    expect(inflow.value).toBe(1250);
    expect(conditionField(inflow)).toBe('amount-inflow');
    const back = setConditionField(inflow, 'amount');
    expect(back.options).toBeUndefined();
    expect(back).toMatchObject({ op: 'gt', value: 1250 });
  });

  it('does not keep isbetween: the new field starts over', () => {
    const between = row({
      field: 'amount',
      op: 'isbetween',
      value: { num1: 100, num2: 200 },
      type: 'number',
    });
    const outflow = setConditionField(between, 'amount-outflow');
    expect(outflow.op).toBe('is');
    expect(outflow.value).not.toEqual({ num1: 100, num2: 200 });
  });

  it('drops the row’s error: the server judges it again', () => {
    expect(setConditionField({ ...notes, error: 'x' }, 'notes').error).toBeNull();
  });
});

describe('section 4: changing a condition’s operator', () => {
  it('wraps a value into a list for oneOf and notOneOf, and unwraps the first item', () => {
    const payee = row({ field: 'payee', type: 'id', value: 'p1' });
    const list = setConditionOp(payee, 'oneOf');
    expect(list.value).toEqual(['p1']);
    expect(setConditionOp(list, 'notOneOf').value).toEqual(['p1']);
    expect(setConditionOp({ ...list, value: ['p2', 'p3'] }, 'isNot').value).toBe('p2');
    expect(setConditionOp({ ...list, value: [] }, 'is').value).toBeNull();
    expect(setConditionOp(row({ field: 'payee', type: 'id' }), 'oneOf').value).toEqual([]);
  });

  it('turns an amount into num1/num2 for isbetween and takes num1 back', () => {
    const amount = row({ field: 'amount', type: 'number', value: -1250 });
    const between = setConditionOp(amount, 'isbetween');
    expect(between.value).toEqual({ num1: -1250, num2: -1250 });
    expect(setConditionOp({ ...between, value: { num1: 10, num2: 20 } }, 'lte').value).toBe(10);
  });

  it('keeps the value between plain operators', () => {
    const notes = row({ field: 'notes', op: 'contains', value: 'rent' });
    expect(setConditionOp(notes, 'doesNotContain').value).toBe('rent');
  });
});

describe('section 5: the operators offered', () => {
  it('follows the type, without contains on ids, isbetween on inflow or non-exact dates', () => {
    expect(conditionOps({ field: 'payee', op: 'is', value: null })).toEqual([
      'is',
      'oneOf',
      'isNot',
      'notOneOf',
    ]);
    expect(conditionOps({ field: 'notes', op: 'is', value: null })).toContain('contains');
    expect(conditionOps({ field: 'amount', op: 'is', value: 0 })).toEqual([
      'is',
      'isapprox',
      'isbetween',
      'gt',
      'gte',
      'lt',
      'lte',
    ]);
    expect(
      conditionOps({ field: 'amount', op: 'is', value: 0, options: { outflow: true } }),
    ).not.toContain('isbetween');
    expect(
      conditionOps({
        field: 'date',
        op: 'is',
        value: { start: '2024-01-01', frequency: 'monthly' },
      }),
    ).toEqual(['is', 'isapprox']);
    expect(conditionOps({ field: 'date', op: 'is', value: '2024-01-01' })).toHaveLength(6);
  });
});

describe('adding rows', () => {
  it('a new condition takes the first field not used yet, else payee', () => {
    const key = keys();
    let rule = editingRule(newRuleForPayee('p1'), key);
    // Imported payee counts as used once payee is (the core's reading of the spec).
    rule = addCondition(rule, 0, key);
    expect(rule.conditions.map((c) => c.field)).toEqual(['payee', 'account']);
    rule = addCondition(rule, 0, key);
    // Inserted after the row whose + was pressed.
    expect(rule.conditions.map((c) => c.field)).toEqual(['payee', 'category', 'account']);
    for (let i = 0; i < 5; i++) rule = addCondition(rule, rule.conditions.length - 1, key);
    expect(rule.conditions.at(-1)!.field).toBe('payee');
  });

  it('under or, a new condition repeats the first one’s field', () => {
    const key = keys();
    const rule = { ...editingRule(newRuleForPayee('p1'), key), conditionsOp: 'or' as const };
    rule.conditions[0] = setConditionField(rule.conditions[0]!, 'notes');
    expect(addCondition(rule, 0, key).conditions[1]).toMatchObject({
      field: 'notes',
      type: 'string',
    });
  });

  it('a new action takes the first field not set yet', () => {
    const key = keys();
    const rule = addAction(editingRule(newRuleForPayee('p1'), key), 0, key);
    expect(rule.actions.map((a) => [a.field, a.op, a.type])).toEqual([
      ['category', 'set', 'id'],
      ['payee', 'set', 'id'],
    ]);
  });

  it('changing an action’s field clears its value and takes the type', () => {
    const set = row({ op: 'set', field: 'category', value: 'c1', type: 'id' });
    expect(setActionField(set, 'notes')).toMatchObject({
      key: 'k',
      field: 'notes',
      type: 'string',
      value: null,
    });
    expect(setActionField(set, 'cleared').type).toBe('boolean');
  });
});

describe('schedule rules', () => {
  it('keep their date condition and link-schedule action', () => {
    const rule = editingRule(
      {
        stage: null,
        conditionsOp: 'and',
        conditions: [
          { field: 'date', op: 'isapprox', value: '2024-01-01' },
          { field: 'payee', op: 'is', value: 'p1' },
        ],
        actions: [
          { op: 'link-schedule', value: 's1' },
          { op: 'set', field: 'notes', value: 'x' },
        ],
      },
      keys(),
    );
    expect(rule.conditions.map((c) => conditionDeletable(rule, c))).toEqual([false, true]);
    expect(rule.actions.map(actionDeletable)).toEqual([false, true]);
  });
});

describe('errors from the server', () => {
  it('show the spec’s texts under their rows', () => {
    const rule = editingRule(newRuleForPayee('p1'), keys());
    const shown = withErrors(rule, { conditionErrors: null, actionErrors: ['no-null'] });
    expect(shown?.actions[0]!.error).toBe('Value cannot be empty');
    expect(shown?.conditions[0]!.error).toBeNull();
    const odd = withErrors(rule, { conditionErrors: ['weird'] });
    expect(odd?.conditions[0]!.error).toBe(
      'Internal error, sorry! Please get in touch with support if this keeps happening.',
    );
    expect(withErrors(rule, { conditionErrors: ['date-format'] })?.conditions[0]!.error).toBe(
      'Invalid date format',
    );
    expect(withErrors(rule, undefined)).toBeNull();
    expect(withErrors(rule, { conditionErrors: null, actionErrors: null })).toBeNull();
  });
});

describe('payees created on save', () => {
  it('are found in payee rows and swapped for their new ids', () => {
    const rule = editingRule(
      {
        stage: null,
        conditionsOp: 'and',
        conditions: [
          { field: 'payee', op: 'oneOf', value: ['p1', 'new:Shop'] },
          { field: 'notes', op: 'is', value: 'new:not a payee' },
        ],
        actions: [{ op: 'set', field: 'payee', value: 'new:Shop' }],
      },
      keys(),
    );
    expect(newPayeeNames(rule)).toEqual(['Shop']);
    const saved = withCreatedPayees(rule, new Map([['Shop', 'p9']]));
    expect(saved.conditions.map((c) => c.value)).toEqual([['p1', 'p9'], 'new:not a payee']);
    expect(saved.actions[0]!.value).toBe('p9');
  });
});
