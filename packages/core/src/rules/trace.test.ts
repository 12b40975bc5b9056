import { describe, expect, it } from 'vitest';

import { compileRule } from './compile.ts';
import { rankRules } from './rank.ts';
import { runRuleList } from './evaluate.ts';
import { traceRules } from './trace.ts';
import type { CompiledRule, Rule } from './types.ts';

function compiled(rule: Rule): CompiledRule {
  const r = compileRule(rule);
  if (!r.ok) throw new Error(`invalid rule ${rule.id}`);
  return r.rule;
}

const rule = (id: string, over: Partial<Rule>): CompiledRule =>
  compiled({ id, stage: null, conditionsOp: 'and', conditions: [], actions: [], ...over });

const txn = {
  id: 't1',
  imported_payee: 'AMZN Mktp 123',
  payee: 'p-raw',
  notes: null,
  amount: -2599,
  date: '2024-03-15',
  category: null,
};

describe('traceRules', () => {
  const rename = rule('r1', {
    stage: 'pre',
    conditions: [{ field: 'imported_payee', op: 'contains', value: 'amzn' }],
    actions: [{ op: 'set', field: 'payee', value: 'p-amazon' }],
  });
  // Sees the payee the rename left, so it only runs because the rename ran first.
  const categorize = rule('r2', {
    conditions: [{ field: 'payee', op: 'is', value: 'p-amazon' }],
    actions: [
      { op: 'set', field: 'category', value: 'c-books' },
      { op: 'set', field: 'notes', value: 'online' },
    ],
  });
  const override = rule('r3', {
    stage: 'post',
    conditions: [{ field: 'amount', op: 'lt', value: -2000 }],
    actions: [{ op: 'set', field: 'category', value: 'c-big' }],
  });
  const almost = rule('r4', {
    conditions: [
      { field: 'payee', op: 'is', value: 'p-amazon' },
      { field: 'amount', op: 'gt', value: 0 },
    ],
    actions: [{ op: 'set', field: 'notes', value: 'refund' }],
  });
  const unrelated = rule('r5', {
    conditions: [{ field: 'notes', op: 'is', value: 'rent' }],
    actions: [{ op: 'set', field: 'category', value: 'c-rent' }],
  });
  const ranked = rankRules([override, unrelated, almost, categorize, rename]);

  it('records the rules that ran in order, with what each found and left', () => {
    const trace = traceRules(ranked, txn);
    expect(trace.ran.map((s) => s.rule.id)).toEqual(['r1', 'r2', 'r3']);
    expect(trace.ran[0]!.changes).toEqual([{ field: 'payee', from: 'p-raw', to: 'p-amazon' }]);
    expect(trace.ran[1]!.changes).toEqual([
      { field: 'category', from: null, to: 'c-books' },
      { field: 'notes', from: null, to: 'online' },
    ]);
    // The post rule wins the category over the default-stage one.
    expect(trace.ran[2]!.changes).toEqual([{ field: 'category', from: 'c-books', to: 'c-big' }]);
    expect(trace.ran.every((s) => s.conditions.every(Boolean))).toBe(true);
  });

  it('ends where running the rules ends', () => {
    expect(traceRules(ranked, txn).result).toEqual(runRuleList(ranked, txn));
  });

  it('keeps rules that met some of their conditions, with the answer of each', () => {
    const trace = traceRules(ranked, txn);
    expect(trace.nearMisses.map((s) => [s.rule.id, s.conditions, s.changes])).toEqual([
      ['r4', [true, false], []],
    ]);
  });

  it('lists at most the asked number of near misses, the closest ones, in run order', () => {
    const three = (id: string, met: number) =>
      rule(id, {
        conditions: [0, 1, 2].map((i) => ({
          field: 'notes',
          op: i < met ? 'isNot' : 'is',
          value: 'x',
        })),
        actions: [{ op: 'set', field: 'notes', value: id }],
      });
    const rules = rankRules([three('a', 1), three('b', 2), three('c', 2), three('d', 1)]);
    const trace = traceRules(rules, { notes: 'y' }, undefined, 2);
    expect(trace.nearMisses.map((s) => s.rule.id)).toEqual(['b', 'c']);
    expect(trace.ran).toEqual([]);
  });

  it('an or rule runs on one condition and never counts as a near miss', () => {
    const either = rule('o', {
      conditionsOp: 'or',
      conditions: [
        { field: 'notes', op: 'is', value: 'x' },
        { field: 'amount', op: 'is', value: -2599 },
      ],
      actions: [{ op: 'link-schedule', value: 's1' }],
    });
    const trace = traceRules([either], txn);
    expect(trace.ran[0]!.conditions).toEqual([false, true]);
    expect(trace.ran[0]!.changes).toEqual([{ field: 'schedule', from: null, to: 's1' }]);
    expect(traceRules([either], { ...txn, amount: 1 }).nearMisses).toEqual([]);
  });

  it('does not change the transaction it was given', () => {
    const copy = { ...txn };
    traceRules(ranked, txn);
    expect(txn).toEqual(copy);
  });
});
