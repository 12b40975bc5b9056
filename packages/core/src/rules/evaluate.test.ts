import { describe, expect, it } from 'vitest';

import { compileCondition, compileRule } from './compile.ts';
import { evalCondition, ruleMatches, runRuleList } from './evaluate.ts';
import type { EvalContext, Rule, RuleCondition } from './types.ts';

const txn = {
  id: 't1',
  imported_payee: 'AMAZON Marketplace',
  payee: 'p-amazon',
  date: '2024-03-15',
  notes: 'Books and Music',
  amount: -2599,
  category: 'c-books',
  account: 'a-checking',
  cleared: true,
};
const names: EvalContext = {
  nameOf: (field, id) =>
    ({ 'p-amazon': 'Amazon', 'c-books': 'Books', 'a-checking': 'Checking' })[id] ?? null,
};

function check(c: Omit<RuleCondition, 'op'> & { op: string }, t: object = txn, ctx = names) {
  const compiled = compileCondition(c);
  if (!compiled.ok) throw new Error(`invalid condition: ${compiled.error}`);
  return evalCondition(compiled.value, t, ctx);
}
const c = (field: string, op: string, value: unknown, options?: RuleCondition['options']) => ({
  field,
  op,
  value,
  options,
});

describe('string fields (case-insensitive)', () => {
  it.each([
    [c('imported_payee', 'is', 'amazon marketplace'), true],
    [c('imported_payee', 'is', 'amazon'), false],
    [c('imported_payee', 'isNot', 'AMAZON MARKETPLACE'), false],
    [c('imported_payee', 'isNot', 'ebay'), true],
    [c('notes', 'contains', 'MUSIC'), true],
    [c('notes', 'contains', 'film'), false],
    [c('notes', 'doesNotContain', 'film'), true],
    [c('notes', 'doesNotContain', 'books'), false],
    [c('imported_payee', 'oneOf', ['ebay', 'Amazon Marketplace']), true],
    [c('imported_payee', 'oneOf', ['ebay']), false],
    [c('imported_payee', 'notOneOf', ['ebay']), true],
    [c('imported_payee', 'notOneOf', ['amazon marketplace']), false],
  ])('%j → %s', (cond, expected) => {
    expect(check(cond)).toBe(expected);
  });

  it('an empty field matches only isNot; a missing field matches nothing', () => {
    const empty = { ...txn, notes: null };
    expect(check(c('notes', 'is', 'x'), empty)).toBe(false);
    expect(check(c('notes', 'isNot', 'x'), empty)).toBe(true);
    expect(check(c('notes', 'contains', 'x'), empty)).toBe(false);
    expect(check(c('notes', 'doesNotContain', 'x'), empty)).toBe(false);
    expect(check(c('notes', 'oneOf', ['x']), empty)).toBe(false);
    expect(check(c('notes', 'notOneOf', ['x']), empty)).toBe(false);
    const { notes: _dropped, ...missing } = txn;
    expect(check(c('notes', 'isNot', 'x'), missing)).toBe(false);
  });
});

describe('id fields', () => {
  it.each([
    [c('payee', 'is', 'p-amazon'), true],
    [c('payee', 'is', 'p-other'), false],
    [c('category', 'isNot', 'c-books'), false],
    [c('account', 'isNot', 'a-savings'), true],
    [c('payee', 'oneOf', ['p-x', 'p-amazon']), true],
    [c('payee', 'notOneOf', ['p-x', 'p-amazon']), false],
    [c('category', 'notOneOf', ['c-food']), true],
    [c('payee', 'contains', 'MAZ'), true],
    [c('category', 'contains', 'food'), false],
    [c('account', 'doesNotContain', 'sav'), true],
    [c('account', 'doesNotContain', 'check'), false],
  ])('%j → %s', (cond, expected) => {
    expect(check(cond)).toBe(expected);
  });

  it('is null matches an empty field; contains needs a name', () => {
    expect(check(c('category', 'is', null), { ...txn, category: null })).toBe(true);
    expect(check(c('category', 'is', null))).toBe(false);
    expect(check(c('payee', 'contains', 'amazon'), txn, {})).toBe(false);
    expect(check(c('payee', 'doesNotContain', 'x'), { ...txn, payee: 'unknown' })).toBe(false);
  });

  it('an empty name test or list that an Actual client saved loads and matches nothing', () => {
    const empty = { ...txn, payee: null, category: null };
    for (const cond of [
      c('payee', 'contains', ''),
      c('payee', 'doesNotContain', null),
      c('category', 'is', []),
      c('category', 'isNot', []),
    ]) {
      expect({ cond, full: check(cond), empty: check(cond, empty) }).toEqual({
        cond,
        full: false,
        empty: false,
      });
    }
  });
});

describe('amounts (integer cents)', () => {
  it.each([
    [c('amount', 'is', -2599), true],
    [c('amount', 'is', 2599), false],
    // 7.5% of 2400 is 180: the range is -2580..-2220, which misses -2599.
    [c('amount', 'isapprox', -2400), false],
    // 7.5% of 2500 is 187.5, rounded to 188: -2688..-2312.
    [c('amount', 'isapprox', -2500), true],
    [c('amount', 'isbetween', { num1: -2000, num2: -3000 }), true],
    [c('amount', 'isbetween', { num1: -2000, num2: -2500 }), false],
    [c('amount', 'gt', -2600), true],
    [c('amount', 'gte', -2599), true],
    [c('amount', 'lt', -2599), false],
    [c('amount', 'lte', -2599), true],
    [c('amount', 'is', 2599, { outflow: true }), true],
    [c('amount', 'gt', 2000, { outflow: true }), true],
    [c('amount', 'isapprox', 2500, { outflow: true }), true],
    [c('amount', 'gt', 0, { inflow: true }), false],
  ])('%j → %s', (cond, expected) => {
    expect(check(cond)).toBe(expected);
  });

  it('inflow and outflow only look at their own sign; zero belongs to both', () => {
    const income = { ...txn, amount: 5000 };
    expect(check(c('amount', 'gte', 0, { outflow: true }), income)).toBe(false);
    expect(check(c('amount', 'is', 5000, { inflow: true }), income)).toBe(true);
    const zero = { ...txn, amount: 0 };
    expect(check(c('amount', 'is', 0, { inflow: true }), zero)).toBe(true);
    expect(check(c('amount', 'is', 0, { outflow: true }), zero)).toBe(true);
    expect(check(c('amount', 'isbetween', { num1: -1, num2: 1 }), { ...txn, amount: null })).toBe(
      false,
    );
  });
});

describe('dates', () => {
  const monthly = { start: '2024-01-15', frequency: 'monthly' };
  it.each([
    [c('date', 'is', '2024-03-15'), true],
    [c('date', 'is', '2024-03'), true],
    [c('date', 'is', '2024-04'), false],
    [c('date', 'is', '2024'), true],
    [c('date', 'is', '2023'), false],
    [c('date', 'isapprox', '2024-03-13'), true],
    [c('date', 'isapprox', '2024-03-12'), false],
    [c('date', 'isapprox', '2024-03-17'), true],
    [c('date', 'gt', '2024-03-14'), true],
    [c('date', 'gt', '2024-03-15'), false],
    [c('date', 'gte', '2024-03-15'), true],
    [c('date', 'lt', '2024-03-15'), false],
    [c('date', 'lte', '2024-03-15'), true],
    [c('date', 'is', monthly), true],
    [c('date', 'is', { ...monthly, start: '2024-01-14' }), false],
    [c('date', 'isapprox', { ...monthly, start: '2024-01-13' }), true],
    [c('date', 'isapprox', { ...monthly, start: '2024-01-12' }), false],
    [c('date', 'is', { ...monthly, start: '2024-04-15' }), false],
  ])('%j → %s', (cond, expected) => {
    expect(check(cond)).toBe(expected);
  });

  it('approximate dates work across month ends', () => {
    expect(check(c('date', 'isapprox', '2024-02-28'), { ...txn, date: '2024-03-01' })).toBe(true);
    expect(check(c('date', 'isapprox', '2023-02-27'), { ...txn, date: '2023-03-01' })).toBe(true);
    expect(check(c('date', 'isapprox', '2024-02-27'), { ...txn, date: '2024-03-01' })).toBe(false);
  });
});

describe('booleans', () => {
  it('compares cleared, reading 0/1 as booleans', () => {
    expect(check(c('cleared', 'is', true))).toBe(true);
    expect(check(c('cleared', 'is', false))).toBe(false);
    expect(check(c('cleared', 'is', false), { ...txn, cleared: 0 })).toBe(true);
    expect(check(c('cleared', 'is', false), { ...txn, cleared: null })).toBe(false);
  });
});

describe('rules', () => {
  const make = (conditionsOp: 'and' | 'or', conditions: Rule['conditions']): Rule => ({
    id: 'r',
    stage: null,
    conditionsOp,
    conditions,
    actions: [
      { op: 'set', field: 'category', value: 'c-shopping' },
      { op: 'link-schedule', value: 'sched-1' },
    ],
  });
  const compile = (rule: Rule) => {
    const r = compileRule(rule);
    if (!r.ok) throw new Error('invalid');
    return r.rule;
  };
  const hit = { field: 'payee', op: 'is', value: 'p-amazon' } as const;
  const miss = { field: 'payee', op: 'is', value: 'p-other' } as const;

  it('and needs every condition, or needs one, and no conditions never match', () => {
    expect(ruleMatches(compile(make('and', [hit, miss])), txn)).toBe(false);
    expect(ruleMatches(compile(make('or', [hit, miss])), txn)).toBe(true);
    expect(ruleMatches(compile(make('or', [miss])), txn)).toBe(false);
    expect(ruleMatches(compile(make('and', [])), txn)).toBe(false);
    expect(ruleMatches(compile(make('or', [])), txn)).toBe(false);
  });

  it('text conditions on different fields each see their own field in one run', () => {
    const rule = (field: string, value: string, category: string) =>
      compile({
        ...make('and', [{ field, op: 'is', value } as RuleCondition]),
        actions: [{ op: 'set', field: 'category', value: category }],
      });
    const rules = [
      rule('imported_payee', 'amazon marketplace', 'c0'),
      rule('notes', 'amazon marketplace', 'c1'),
      rule('notes', 'books and music', 'c2'),
    ];
    // Rule c1 would match if the notes were compared with the imported payee's lower case.
    expect(runRuleList(rules, txn).category).toBe('c2');
    expect(runRuleList(rules.slice(0, 2), txn).category).toBe('c0');
  });

  it('applies set and link-schedule actions to a copy', () => {
    const out = runRuleList([compile(make('and', [hit]))], txn);
    expect(out).toEqual({ ...txn, category: 'c-shopping', schedule: 'sched-1' });
    expect(txn.category).toBe('c-books');
  });
});
