import { describe, expect, it } from 'vitest';

import { compileRule } from './compile.ts';
import { toPublicRule, toStoredRule } from './serialize.ts';
import { ruleFromRow, rulePatchToRow, ruleToRow, type RuleRow } from './storage.ts';
import type { Rule } from './types.ts';

const stored: RuleRow = {
  id: 'r1',
  stage: 'cleanup',
  conditions_op: null,
  conditions: JSON.stringify([
    { op: 'oneOf', field: 'imported_description', value: ['A', 'B'], type: 'string' },
    { op: 'is', field: 'acct', value: 'acc-1', type: 'id' },
  ]),
  actions: JSON.stringify([
    { op: 'set', field: 'description', value: 'p-1', type: 'id' },
    { op: 'link-schedule', field: null, value: 's-1', type: 'id' },
  ]),
  tombstone: 0,
};

describe('ruleFromRow', () => {
  it('reads public field names, old stages as pre and a missing conditions_op as and', () => {
    expect(ruleFromRow(stored)).toEqual({
      id: 'r1',
      stage: 'pre',
      conditionsOp: 'and',
      conditions: [
        { op: 'oneOf', field: 'imported_payee', value: ['A', 'B'], type: 'string' },
        { op: 'is', field: 'account', value: 'acc-1', type: 'id' },
      ],
      actions: [
        { op: 'set', field: 'payee', value: 'p-1', type: 'id' },
        { op: 'link-schedule', field: null, value: 's-1', type: 'id' },
      ],
    });
    expect(ruleFromRow({ ...stored, stage: 'modify' })?.stage).toBe('pre');
    expect(ruleFromRow({ ...stored, stage: 'post', conditions_op: 'or' })).toMatchObject({
      stage: 'post',
      conditionsOp: 'or',
    });
    expect(ruleFromRow({ ...stored, stage: null })?.stage).toBeNull();
  });

  it.each([
    ['broken JSON', { conditions: '[{' }],
    ['not a list', { actions: '{"op":"set"}' }],
    ['a list of non-objects', { conditions: '[1,2]' }],
    ['missing actions', { actions: null }],
    ['a deleted row', { tombstone: 1 }],
  ])('skips %s', (_name, patch) => {
    expect(ruleFromRow({ ...stored, ...patch })).toBeNull();
  });
});

describe('ruleToRow', () => {
  const rule = ruleFromRow(stored) as Rule;

  it('writes internal field names and round-trips', () => {
    const row = ruleToRow(rule);
    expect(row).toMatchObject({ id: 'r1', stage: 'pre', conditions_op: 'and' });
    expect(JSON.parse(row.conditions)[0].field).toBe('imported_description');
    expect(JSON.parse(row.actions)[0].field).toBe('description');
    expect(ruleFromRow(row)).toEqual(rule);
  });

  it('writes only what a partial update carries', () => {
    expect(rulePatchToRow({ id: 'r1', stage: null })).toEqual({ id: 'r1', stage: null });
    const patch = rulePatchToRow({ id: 'r1', conditions: rule.conditions, conditionsOp: 'or' });
    expect(Object.keys(patch).sort()).toEqual(['conditions', 'conditions_op', 'id']);
  });

  it('throws on a stage or operator the UI never sends', () => {
    expect(() => ruleToRow({ ...rule, stage: 'later' as never })).toThrow(/stage/);
    expect(() => ruleToRow({ ...rule, conditionsOp: 'xor' as never })).toThrow(/conditionsOp/);
  });
});

describe('public and stored forms of a compiled rule', () => {
  it('shows mapped ids to the UI and keeps raw ids for storage', () => {
    const rule: Rule = {
      id: 'r2',
      stage: null,
      conditionsOp: 'and',
      conditions: [
        { field: 'payee', op: 'notOneOf', value: ['p-old'] },
        { field: 'category', op: 'isNot', value: 'c-old' },
        { field: 'notes', op: 'contains', value: 'Rent' },
      ],
      actions: [{ op: 'set', field: 'category', value: 'c-old' }],
    };
    const compiled = compileRule(rule, (id) => ({ 'p-old': 'p-new', 'c-old': 'c-new' })[id]);
    if (!compiled.ok) throw new Error('invalid');
    const shown = toPublicRule(compiled.rule);
    expect(shown.conditions.map((c) => c.value)).toEqual([['p-new'], 'c-new', 'Rent']);
    expect(shown.actions[0]?.value).toBe('c-new');
    expect(shown.conditions[2]?.type).toBe('string');
    const kept = toStoredRule(compiled.rule);
    expect(kept.conditions.map((c) => c.value)).toEqual([['p-old'], 'c-old', 'Rent']);
    expect(kept.actions[0]).toEqual({ op: 'set', field: 'category', value: 'c-old', type: 'id' });
  });
});
