import { describe, expect, it } from 'vitest';
import { newRuleForPayee } from '../payees/payee-logic.ts';
import {
  changeActionField,
  describeValue,
  editorRule,
  parseRowValue,
  rowErrors,
} from './rule-editor.ts';

describe('rule editor', () => {
  it('starts from the payee template with the category still to pick', () => {
    const rule = editorRule(newRuleForPayee('p1'));
    expect(rule).toEqual({
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'payee', op: 'is', value: 'p1', type: 'id' }],
      actions: [{ op: 'set', field: 'category', value: null, type: 'id' }],
    });
  });

  it('shows the server’s codes as the spec’s texts under their rows', () => {
    expect(rowErrors({ conditionErrors: null, actionErrors: ['no-null'] })).toEqual({
      conditions: [],
      actions: ['Value cannot be empty'],
    });
    expect(rowErrors({ conditionErrors: [null, 'date-format'], actionErrors: null })).toEqual({
      conditions: [null, 'Invalid date format'],
      actions: [],
    });
    expect(rowErrors({ actionErrors: ['weird'] })?.actions[0]).toBe(
      'Internal error, sorry! Please get in touch with support if this keeps happening.',
    );
    expect(rowErrors(undefined)).toBeNull();
    expect(rowErrors({ conditionErrors: null, actionErrors: null })).toBeNull();
  });

  it('clears the value and takes the type when an action’s field changes', () => {
    const set = { op: 'set', field: 'category', value: 'c1', type: 'id' };
    expect(changeActionField(set, 'notes')).toEqual({
      op: 'set',
      field: 'notes',
      value: null,
      type: 'string',
    });
    expect(changeActionField(set, 'cleared')).toMatchObject({ type: 'boolean', value: false });
  });

  it('reads typed amounts as integer cents and empty text as no value', () => {
    expect(parseRowValue('number', '-12.34')).toBe(-1234);
    expect(parseRowValue('number', '')).toBeNull();
    expect(parseRowValue('string', '')).toBeNull();
    expect(parseRowValue('string', 'rent')).toBe('rent');
  });

  it('copies the rows so edits do not reach the rule it was opened with', () => {
    const original = newRuleForPayee('p1');
    const copy = editorRule(original);
    copy.actions[0]!.value = 'c1';
    expect(original.actions[0]?.value).toBeNull();
  });

  it('shows values by name, with the spec’s words for nothing, deleted and empty', () => {
    const names = new Map([
      ['p1', 'Shop'],
      ['c1', 'Groceries'],
    ]);
    expect(describeValue('id', 'c1', names)).toBe('Groceries');
    expect(describeValue('id', 'gone', names)).toBe('(deleted)');
    expect(describeValue('id', null, names)).toBe('(nothing)');
    expect(describeValue('id', [], names)).toBe('(empty)');
    expect(describeValue('string', ['a', 'b', 'c', 'd'], names)).toBe('a, b, c, d');
    expect(describeValue('string', ['a', 'b', 'c', 'd', 'e'], names)).toBe(
      'a, b, c, 2 more items...',
    );
    expect(describeValue('number', { num1: 100, num2: -250 }, names)).toBe('1.00 and -2.50');
  });
});
