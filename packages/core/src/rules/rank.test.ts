import { describe, expect, it } from 'vitest';

import { rankRules, ruleScore } from './rank.ts';
import { RuleIndex } from './rule-index.ts';
import type { ConditionOp, Rule, RuleCondition } from './types.ts';

const ops = (...list: ConditionOp[]) => list.map((op) => ({ op }));

describe('ruleScore', () => {
  it.each([
    [ops('is'), 20],
    [ops('isNot'), 20],
    [ops('oneOf'), 18],
    [ops('notOneOf'), 18],
    [ops('isapprox'), 10],
    [ops('isbetween'), 5],
    [ops('gt'), 1],
    [ops('gte', 'lt', 'lte'), 3],
    [ops('contains'), 0],
    [ops('doesNotContain'), 0],
    [ops('is', 'isapprox', 'oneOf'), 48],
    [ops('is', 'contains'), 10],
    [ops('is', 'isbetween'), 15],
    [[], 0],
  ])('%j scores %i', (conditions, score) => {
    expect(ruleScore({ id: 'x', stage: null, conditions })).toBe(score);
  });
});

describe('rankRules', () => {
  const rules = [
    { id: 'post-a', stage: 'post', conditions: ops('contains') },
    { id: 'b', stage: null, conditions: ops('is') },
    { id: 'a', stage: null, conditions: ops('is') },
    { id: 'c', stage: null, conditions: ops('contains') },
    { id: 'pre-z', stage: 'pre', conditions: ops('is', 'is') },
    { id: 'pre-y', stage: 'pre', conditions: ops('gt') },
    { id: 'd', stage: 'cleanup', conditions: ops('oneOf') },
  ] as const;

  it('orders by stage, then ascending specificity, then id', () => {
    expect(rankRules(rules).map((r) => r.id)).toEqual([
      'pre-y',
      'pre-z',
      'c',
      'd',
      'a',
      'b',
      'post-a',
    ]);
  });

  it('gives the same order for every input order', () => {
    const expected = rankRules(rules).map((r) => r.id);
    let seed = 7;
    for (let round = 0; round < 50; round++) {
      const shuffled = [...rules];
      for (let i = shuffled.length - 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const j = seed % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      expect(rankRules(shuffled).map((r) => r.id)).toEqual(expected);
    }
  });
});

const rule = (
  id: string,
  conditions: RuleCondition[],
  set: Record<string, unknown>,
  extra: Partial<Rule> = {},
): Rule => ({
  id,
  stage: null,
  conditionsOp: 'and',
  conditions,
  actions: Object.entries(set).map(([field, value]) => ({ op: 'set', field, value })),
  ...extra,
});

describe('RuleIndex', () => {
  it('runs the least specific rule first so the most specific one wins', () => {
    const index = new RuleIndex();
    index.set(
      rule(
        'z-specific',
        [
          { field: 'imported_payee', op: 'is', value: 'shell 123' },
          { field: 'amount', op: 'isapprox', value: -5000 },
        ],
        { category: 'fuel-big' },
      ),
    );
    index.set(
      rule('a-general', [{ field: 'imported_payee', op: 'contains', value: 'shell' }], {
        category: 'fuel',
      }),
    );
    index.set(
      rule('m-middle', [{ field: 'imported_payee', op: 'is', value: 'shell 123' }], {
        category: 'fuel-123',
      }),
    );
    const t = { imported_payee: 'Shell 123', amount: -5100, category: null };
    expect(index.candidates(t).map((r) => r.id)).toEqual(['a-general', 'm-middle', 'z-specific']);
    expect(index.run(t).category).toBe('fuel-big');
    expect(index.run({ ...t, amount: -100 }).category).toBe('fuel-123');
    expect(index.run({ ...t, imported_payee: 'shell 9' }).category).toBe('fuel');
  });

  it('runs pre rules before default and post rules, each seeing the previous output', () => {
    const index = new RuleIndex();
    index.set(
      rule(
        'post',
        [{ field: 'category', op: 'is', value: 'groceries' }],
        { notes: 'food' },
        { stage: 'post' },
      ),
    );
    index.set(
      rule('default', [{ field: 'payee', op: 'oneOf', value: ['p-aldi', 'p-lidl'] }], {
        category: 'groceries',
      }),
    );
    index.set(
      rule(
        'pre',
        [{ field: 'imported_payee', op: 'oneOf', value: ['ALDI SUED', 'Aldi Nord'] }],
        { payee: 'p-aldi' },
        { stage: 'pre' },
      ),
    );
    const out = index.run({
      imported_payee: 'aldi nord',
      payee: 'p-aldi',
      category: null,
      notes: '',
    });
    expect(out).toMatchObject({ payee: 'p-aldi', category: 'groceries', notes: 'food' });
    expect(index.all().map((r) => r.id)).toEqual(['pre', 'default', 'post']);
  });

  it('chooses candidates from the transaction as given, like Actual', () => {
    const index = new RuleIndex();
    // Indexed under imported_payee "x…" and payee "p-2": the rename to p-2 comes too late.
    index.set(
      rule(
        'needs-both',
        [
          { field: 'imported_payee', op: 'is', value: 'xyz' },
          { field: 'payee', op: 'is', value: 'p-2' },
        ],
        { category: 'c' },
      ),
    );
    expect(index.candidates({ imported_payee: 'abc', payee: 'p-1' })).toEqual([]);
    expect(index.candidates({ imported_payee: 'xyz', payee: 'p-1' }).map((r) => r.id)).toEqual([
      'needs-both',
    ]);
    expect(index.candidates({ imported_payee: 'abc', payee: 'P-2' }).map((r) => r.id)).toEqual([
      'needs-both',
    ]);
  });

  it('sees rules added, replaced and deleted after it has run', () => {
    const index = new RuleIndex();
    const t = { imported_payee: 'Shell 123', amount: -5100, category: null };
    const fuel = (id: string, category: string) =>
      rule(id, [{ field: 'imported_payee', op: 'is', value: 'shell 123' }], { category });
    expect(index.run(t).category).toBeNull();
    index.set(fuel('fuel', 'fuel'));
    expect(index.run(t).category).toBe('fuel');
    index.set(fuel('fuel', 'petrol'));
    expect(index.run(t).category).toBe('petrol');
    index.set(fuel('z-later', 'diesel'));
    expect(index.candidates(t).map((r) => r.id)).toEqual(['fuel', 'z-later']);
    index.delete('z-later');
    index.delete('fuel');
    expect(index.run(t).category).toBeNull();
  });

  it('offers negated and or rules to every transaction', () => {
    const index = new RuleIndex();
    index.set(
      rule(
        'not',
        [
          { field: 'imported_payee', op: 'isNot', value: 'xyz' },
          { field: 'payee', op: 'notOneOf', value: ['p-2'] },
        ],
        { notes: 'not' },
      ),
    );
    index.set(
      rule(
        'or',
        [
          { field: 'imported_payee', op: 'is', value: 'xyz' },
          { field: 'payee', op: 'is', value: 'p-2' },
        ],
        { category: 'or' },
        { conditionsOp: 'or' },
      ),
    );
    const out = index.run({ imported_payee: 'abc', payee: 'p-2', notes: '', category: null });
    expect(out).toMatchObject({ notes: '', category: 'or' });
    expect(index.run({ imported_payee: 'abc', payee: 'p-1', notes: '' }).notes).toBe('not');
  });

  it('updates, removes, rejects invalid rules and re-maps merged ids', () => {
    const index = new RuleIndex();
    expect(
      index.set(rule('r', [{ field: 'payee', op: 'is', value: 'p-old' }], { category: 'c1' })),
    ).toBeNull();
    expect(index.run({ payee: 'p-old', category: null as unknown }).category).toBe('c1');
    index.set(rule('r', [{ field: 'payee', op: 'is', value: 'p-old' }], { category: 'c2' }));
    expect(index.size).toBe(1);
    expect(index.run({ payee: 'p-old', category: null as unknown }).category).toBe('c2');

    index.setResolver((id) => (id === 'p-old' ? 'p-new' : undefined));
    expect(index.run({ payee: 'p-old', category: null as unknown }).category).toBeNull();
    expect(index.run({ payee: 'p-new', category: null as unknown }).category).toBe('c2');
    expect(index.get('r')?.source.conditions[0]?.value).toBe('p-old');

    const errors = index.set(
      rule('r', [{ field: 'amount', op: 'is', value: 'x' }], { category: 'c3' }),
    );
    expect(errors).toEqual({ conditionErrors: ['not-number'], actionErrors: null });
    expect(index.has('r')).toBe(false);
    expect(index.delete('r')).toBe(false);
    expect(index.run({ payee: 'p-new', category: null as unknown }).category).toBeNull();
  });
});

describe('RuleIndex rows', () => {
  const row = (id: string, patch: Record<string, unknown> = {}) => ({
    id,
    stage: null,
    conditions_op: 'and',
    conditions: JSON.stringify([{ op: 'is', field: 'description', value: 'p-1' }]),
    actions: JSON.stringify([{ op: 'set', field: 'category', value: 'c-1' }]),
    tombstone: 0,
    ...patch,
  });

  it('loads rows, skipping unreadable and invalid ones, and applies synced changes', () => {
    const index = new RuleIndex();
    const skipped = index.loadRows([
      row('ok'),
      row('bad-json', { conditions: '[' }),
      row('bad-value', { conditions: JSON.stringify([{ op: 'is', field: 'amount', value: 'x' }]) }),
      row('gone', { tombstone: 1 }),
    ]);
    expect(skipped).toEqual(['bad-json', 'bad-value']);
    expect(index.all().map((r) => r.id)).toEqual(['ok']);
    expect(index.run({ payee: 'p-1', category: null as unknown }).category).toBe('c-1');
    expect(index.applyRow(row('ok', { conditions: '{' }))).toBe(false);
    expect(index.has('ok')).toBe(false);
    index.applyRow(row('ok'));
    expect(index.applyRow(row('ok', { tombstone: 1 }))).toBe(true);
    expect(index.size).toBe(0);
  });
});
