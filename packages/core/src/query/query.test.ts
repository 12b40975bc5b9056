import { q as actualQ } from '@actual-app/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Query, getPrimaryOrderBy, q } from './query.ts';

// One builder call, applied the same way to Coffer's and Actual's query objects.
type Step = { method: string; arg?: unknown };
interface Builder {
  serialize(): unknown;
  [method: string]: unknown;
}
function apply(start: Builder, steps: Step[]): Builder {
  return steps.reduce((query, { method, arg }) => {
    const fn = query[method] as (...args: unknown[]) => Builder;
    return arg !== undefined ? fn.call(query, arg) : fn.call(query);
  }, start);
}

const same = (steps: Step[], table = 'transactions') => {
  const ours = apply(q(table) as unknown as Builder, steps).serialize();
  const theirs = apply(actualQ(table) as unknown as Builder, steps).serialize();
  // Byte-identical JSON: same keys, same values, same key order.
  expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
  expect(ours).toEqual(theirs);
};

const field = fc.constantFrom('amount', 'date', 'payee', 'payee.name', 'account.offbudget', 'id');
const json = fc.jsonValue({ maxDepth: 2 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ method: fc.constant('filter'), arg: fc.dictionary(field, json, { maxKeys: 2 }) }),
  fc.record({ method: fc.constant('unfilter'), arg: fc.array(field, { maxLength: 2 }) }),
  fc.record({
    method: fc.constant('select'),
    arg: fc.oneof(
      field,
      fc.constant('*'),
      fc.array(field, { maxLength: 3 }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), json, { maxKeys: 2 }),
    ),
  }),
  fc.record({ method: fc.constant('select') }),
  fc.record({ method: fc.constant('calculate'), arg: fc.constant({ $sum: '$amount' }) }),
  fc.record({
    method: fc.constant('groupBy'),
    arg: fc.oneof(field, fc.array(field, { maxLength: 2 })),
  }),
  fc.record({
    method: fc.constant('orderBy'),
    arg: fc.oneof(
      field,
      fc.record({ date: fc.constantFrom('asc', 'desc') }),
      fc.constant({ $nocase: '$name', $dir: 'desc' }),
      fc.array(field, { maxLength: 2 }),
    ),
  }),
  fc.record({ method: fc.constantFrom('limit', 'offset'), arg: fc.nat(1000) }),
  fc.record({ method: fc.constantFrom('raw', 'withDead', 'withoutValidatedRefs') }),
  fc.record({
    method: fc.constant('options'),
    arg: fc.record({ splits: fc.constantFrom('inline', 'grouped', 'all', 'none') }),
  }),
);

describe('q() builder', () => {
  it('serializes exactly as @actual-app/api q() for random call chains', () => {
    fc.assert(
      fc.property(fc.constantFrom('transactions', 'payees', 'accounts'), fc.array(step), (t, s) =>
        same(s, t),
      ),
      { numRuns: 500 },
    );
  });

  it('matches Actual on the documented examples', () => {
    same([]);
    same([
      { method: 'filter', arg: { amount: { $lt: 0 } } },
      { method: 'select', arg: '*' },
    ]);
    same([
      { method: 'calculate', arg: { $sum: '$amount' } },
      { method: 'select', arg: ['id'] },
    ]);
    same([
      { method: 'options', arg: { splits: 'grouped' } },
      { method: 'orderBy', arg: { date: 'desc' } },
      { method: 'limit', arg: 500 },
      { method: 'offset', arg: 500 },
    ]);
    same([
      { method: 'filter', arg: { amount: 1 } },
      { method: 'filter', arg: { date: '2020-01-01' } },
      { method: 'unfilter', arg: ['amount'] },
    ]);
  });

  it('never changes a query: every call returns a new one', () => {
    const base = q('transactions').filter({ amount: 1 });
    const before = JSON.stringify(base.serialize());
    base.filter({ date: '2020-01-01' }).select('*').limit(3).options({ splits: 'none' });
    base.serialize().filterExpressions.push({ x: 1 });
    expect(JSON.stringify(base.serialize())).toBe(before);
    expect(base).toBeInstanceOf(Query);
  });

  it('reports the primary order', () => {
    expect(getPrimaryOrderBy(q('t'), null)).toBeNull();
    expect(getPrimaryOrderBy(q('t'), { field: 'date' })).toEqual({ field: 'date', order: 'asc' });
    expect(getPrimaryOrderBy(q('t').orderBy('payee'), null)).toEqual({
      field: 'payee',
      order: 'asc',
    });
    expect(getPrimaryOrderBy(q('t').orderBy({ date: 'desc' }), null)).toEqual({
      field: 'date',
      order: 'desc',
    });
  });
});
