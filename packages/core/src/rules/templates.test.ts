import { describe, expect, it } from 'vitest';

import { compileRule } from './compile.ts';
import { RuleIndex } from './rule-index.ts';
import {
  extractScheduleConditions,
  getScheduledAmount,
  scheduleJsonPaths,
} from './schedule-conditions.ts';
import {
  getProbableCategory,
  getRulesForPayee,
  learnCategory,
  linkedScheduleId,
  newRuleForPayee,
  planCategoryRule,
  planPayeeRename,
} from './templates.ts';
import type { CompiledRule, NewRule, Rule, RuleCondition } from './types.ts';

function indexOf(...rules: Rule[]): CompiledRule[] {
  const index = new RuleIndex();
  for (const rule of rules) expect(index.set(rule)).toBeNull();
  return index.all();
}
const withId = (id: string, rule: NewRule): Rule => ({ ...rule, id });

describe('payee rename rules', () => {
  it('creates a valid pre-stage rename rule when there is none', () => {
    const plan = planPayeeRename([], ['AMZN Mktp', '', 'Amazon.com'], 'p-amazon');
    expect(plan).toEqual({
      kind: 'insert',
      rule: {
        stage: 'pre',
        conditionsOp: 'and',
        conditions: [
          {
            field: 'imported_payee',
            op: 'oneOf',
            value: ['AMZN Mktp', 'Amazon.com'],
            type: 'string',
          },
        ],
        actions: [{ op: 'set', field: 'payee', value: 'p-amazon', type: 'id' }],
      },
    });
    const compiled = compileRule(withId('r', plan.rule));
    expect(compiled.ok).toBe(true);
    if (compiled.ok) {
      const index = new RuleIndex();
      index.set(compiled.rule.source);
      expect(index.run({ imported_payee: 'amzn mktp', payee: 'p-new' }).payee).toBe('p-amazon');
    }
  });

  it('merges new names into the existing rule of that exact shape', () => {
    const existing = withId('r-rename', planPayeeRename([], ['A'], 'p-1').rule as NewRule);
    const other = withId('r-other', { ...planPayeeRename([], ['Z'], 'p-2').rule, stage: null });
    const plan = planPayeeRename(indexOf(existing, other), ['B', 'A', ''], 'p-1');
    expect(plan.kind).toBe('update');
    expect(plan.rule.id).toBe('r-rename');
    expect(plan.rule.conditions[0]?.value).toEqual(['A', 'B']);
    // A rule with the same action but a different stage is not a rename rule.
    expect(planPayeeRename(indexOf(other), ['Q'], 'p-2').kind).toBe('insert');
  });
});

describe('new rule from a payee', () => {
  it('is a default-stage and-rule setting an empty category', () => {
    expect(newRuleForPayee('p-9')).toEqual({
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'payee', op: 'is', value: 'p-9', type: 'id' }],
      actions: [{ op: 'set', field: 'category', value: null, type: 'id' }],
    });
  });
});

describe('category learning', () => {
  const t = (id: string, category: string | null) => ({ id, category });

  it('needs one category 3 times among the latest 5 and one of them just changed', () => {
    const latest = [
      t('1', 'food'),
      t('2', 'fun'),
      t('3', 'food'),
      t('4', null),
      t('5', 'food'),
      t('6', 'x'),
    ];
    expect(learnCategory(latest, new Set(['3']))).toBe('food');
    expect(learnCategory(latest, new Set(['6']))).toBeNull();
    expect(learnCategory(latest.slice(0, 4), new Set(['1']))).toBeNull();
    expect(learnCategory([], new Set(['1']))).toBeNull();
  });

  it('breaks ties toward the most recent category', () => {
    const six = [t('1', 'b'), t('2', 'a'), t('3', 'a'), t('4', 'a'), t('5', 'b'), t('6', 'b')];
    expect(getProbableCategory(six)).toBe('b');
    expect(getProbableCategory([t('1', null), t('2', null), t('3', null)])).toBeNull();
  });

  it('creates the payee rule, or updates every duplicate that sets another category', () => {
    expect(planCategoryRule([], 'p-1', 'food')).toEqual([
      {
        kind: 'insert',
        rule: {
          stage: null,
          conditionsOp: 'and',
          conditions: [{ field: 'payee', op: 'is', value: 'p-1', type: 'id' }],
          actions: [{ op: 'set', field: 'category', value: 'food', type: 'id' }],
        },
      },
    ]);
    const setter = (id: string, category: string): Rule => ({
      id,
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'payee', op: 'is', value: 'p-1' }],
      actions: [{ op: 'set', field: 'category', value: category }],
    });
    const notSetter: Rule = { ...setter('r-pre', 'fun'), stage: 'pre' };
    const writes = planCategoryRule(
      indexOf(setter('r-a', 'fun'), setter('r-b', 'food'), setter('r-c', 'old'), notSetter),
      'p-1',
      'food',
    );
    expect(writes.map((w) => [w.kind, w.rule.id, w.rule.actions[0]?.value])).toEqual([
      ['update', 'r-a', 'food'],
      ['update', 'r-c', 'food'],
    ]);
  });
});

describe('rules for a payee', () => {
  it('finds conditions naming the payee and actions setting it', () => {
    const make = (id: string, conditions: RuleCondition[], payee?: string): Rule => ({
      id,
      stage: null,
      conditionsOp: 'and',
      conditions,
      actions: [{ op: 'set', field: payee ? 'payee' : 'notes', value: payee ?? 'n' }],
    });
    const rules = indexOf(
      make('is', [{ field: 'payee', op: 'is', value: 'p-1' }]),
      make('not-one-of', [{ field: 'payee', op: 'notOneOf', value: ['p-2', 'p-1'] }]),
      make('sets', [{ field: 'notes', op: 'contains', value: 'x' }], 'p-1'),
      make('other', [{ field: 'payee', op: 'is', value: 'p-2' }]),
      make('account', [{ field: 'account', op: 'is', value: 'p-1' }]),
    );
    expect(
      getRulesForPayee(rules, 'p-1')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['is', 'not-one-of', 'sets']);
  });
});

describe('schedule rules', () => {
  it('names the schedule a rule links to', () => {
    expect(
      linkedScheduleId({ actions: [{ op: 'set' }, { op: 'link-schedule', value: 's-1' }] }),
    ).toBe('s-1');
    expect(linkedScheduleId({ actions: [{ op: 'set', value: 's-1' }] })).toBeNull();
  });
});

describe('schedule conditions', () => {
  const conditions: RuleCondition[] = [
    { field: 'notes', op: 'contains', value: 'x' },
    { field: 'acct', op: 'is', value: 'a-1' },
    { field: 'date', op: 'isapprox', value: { start: '2024-01-01', frequency: 'monthly' } },
    { field: 'amount', op: 'isbetween', value: { num1: -100, num2: -201 } },
    { field: 'payee', op: 'is', value: 'p-1' },
  ];

  it('finds the key conditions and their JSON paths', () => {
    const found = extractScheduleConditions(conditions);
    expect(found.payee?.value).toBe('p-1');
    expect(found.account?.value).toBe('a-1');
    expect(found.amount?.op).toBe('isbetween');
    expect(found.date?.op).toBe('isapprox');
    expect(scheduleJsonPaths(conditions)).toEqual({
      payee: '$[4]',
      account: '$[1]',
      amount: '$[3]',
      date: '$[2]',
    });
    expect(scheduleJsonPaths([])).toEqual({ payee: null, account: null, amount: null, date: null });
  });

  it('posts the rounded midpoint of a range', () => {
    expect(getScheduledAmount(-500)).toBe(-500);
    expect(getScheduledAmount({ num1: -100, num2: -201 })).toBe(-150);
    expect(getScheduledAmount(null)).toBe(0);
  });
});
