import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { compileRule } from './compile.ts';
import { gateAdmits, gateOf, ruleMatches, runRuleList } from './evaluate.ts';
import { RuleIndex } from './rule-index.ts';
import type { Rule, RuleCondition } from './types.ts';

const PAYEES = ['p-1', 'p-2', 'p-3'];
const TEXTS = ['ALDI', 'aldi', 'Lidl', 'aldi nord', ''];

const condition: fc.Arbitrary<RuleCondition> = fc.oneof(
  fc.record({
    field: fc.constant('payee'),
    op: fc.constantFrom('is', 'isNot'),
    value: fc.constantFrom(...PAYEES),
  }),
  fc.record({
    field: fc.constant('payee'),
    op: fc.constantFrom('oneOf', 'notOneOf'),
    value: fc.subarray(PAYEES, { minLength: 1 }),
  }),
  fc.record({
    field: fc.constantFrom('imported_payee', 'notes'),
    op: fc.constantFrom('is', 'isNot', 'contains'),
    value: fc.constantFrom(...TEXTS.filter(Boolean)),
  }),
  fc.record({
    field: fc.constant('imported_payee'),
    op: fc.constantFrom('oneOf', 'notOneOf'),
    value: fc.subarray(TEXTS.filter(Boolean), { minLength: 1 }),
  }),
  fc.record({
    field: fc.constant('amount'),
    op: fc.constantFrom('gt', 'lt'),
    value: fc.integer({ min: -500, max: 500 }),
  }),
);

const action = fc.oneof(
  fc.record({
    op: fc.constant('set'),
    field: fc.constant('payee'),
    value: fc.constantFrom(...PAYEES),
  }),
  fc.record({
    op: fc.constant('set'),
    field: fc.constant('notes'),
    value: fc.constantFrom(...TEXTS),
  }),
  fc.record({
    op: fc.constant('set'),
    field: fc.constant('imported_payee'),
    value: fc.constantFrom(...TEXTS),
  }),
);

const rule: fc.Arbitrary<Rule> = fc.record({
  id: fc.uuid(),
  stage: fc.constantFrom(null, 'pre', 'post'),
  conditionsOp: fc.constantFrom('and', 'or'),
  conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
  actions: fc.array(action, { minLength: 1, maxLength: 2 }),
}) as fc.Arbitrary<Rule>;

/** Fields missing, null, of another case or of another type: what an import hands the rules. */
const transaction = fc.record(
  {
    payee: fc.constantFrom<unknown>(...PAYEES, null, 'P-1', 7),
    imported_payee: fc.constantFrom<unknown>(...TEXTS, null, 3),
    notes: fc.constantFrom<unknown>(...TEXTS, null),
    amount: fc.integer({ min: -600, max: 600 }),
  },
  { requiredKeys: ['amount'] },
);

describe('rule gates', () => {
  it('refuse only transactions the rule cannot match', () => {
    fc.assert(
      fc.property(rule, transaction, (source, t) => {
        const compiled = compileRule(source);
        if (!compiled.ok) return;
        const gate = gateOf(compiled.rule);
        if (gate && !gateAdmits(gate, t)) expect(ruleMatches(compiled.rule, t)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('leave a run of the index as it was without them, its input unchanged', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 8 }), transaction, (rules, t) => {
        const index = new RuleIndex();
        for (const r of rules) index.set(r);
        const given = { ...t };
        expect(index.run(t)).toEqual(runRuleList(index.candidates(t), t));
        expect(t).toEqual(given);
      }),
      { numRuns: 1000 },
    );
  });

  it('gate a rule on its id condition first, lower-case a text condition, and skip `or` rules', () => {
    const compiled = (conditions: RuleCondition[], conditionsOp: 'and' | 'or' = 'and') => {
      const c = compileRule({ id: 'r', stage: null, conditionsOp, conditions, actions: [] });
      if (!c.ok) throw new Error('rule refused');
      return c.rule;
    };
    const both = compiled([
      { field: 'imported_payee', op: 'is', value: 'ALDI' },
      { field: 'payee', op: 'oneOf', value: ['p-1', 'p-2'] },
    ]);
    expect(gateOf(both)).toMatchObject({ field: 'payee', values: new Set(['p-1', 'p-2']) });
    const text = gateOf(compiled([{ field: 'imported_payee', op: 'is', value: 'ALDI' }]))!;
    expect(gateAdmits(text, { imported_payee: 'Aldi' })).toBe(true);
    expect(gateAdmits(text, { imported_payee: 'Lidl' })).toBe(false);
    expect(gateAdmits(text, {})).toBe(false);
    const either = [
      { field: 'payee', op: 'is', value: 'p-1' },
      { field: 'amount', op: 'gt', value: 5 },
    ] satisfies RuleCondition[];
    expect(gateOf(compiled(either, 'or'))).toBeNull();
    expect(gateOf(compiled([{ field: 'payee', op: 'isNot', value: 'p-1' }]))).toBeNull();
  });
});
