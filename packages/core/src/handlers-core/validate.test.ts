import { describe, expect, it } from 'vitest';
import { v } from './validate.ts';

describe('v.either', () => {
  const issuer = v.either(v.string(), v.object({ name: v.string() }));

  it('takes a value of either shape', () => {
    expect(issuer.check('https://id.example', 'issuer')).toBeNull();
    expect(issuer.check({ name: 'id' }, 'issuer')).toBeNull();
  });

  it('refuses a value of neither, naming what the first shape wanted', () => {
    expect(issuer.check(42, 'issuer')).toBe('issuer should be a string, got number');
    expect(issuer.check({ name: 1 }, 'issuer')).toBe('issuer should be a string, got object');
  });
});

describe('v.array', () => {
  const args = v.object({
    transactions: v.array(
      v.object({
        amount: v.number(),
        lines: v.optional(v.array(v.object({ amount: v.number() }))),
      }),
    ),
  });

  it('names the element with the problem, however deep (its path made only then)', () => {
    const ok = { amount: 1, lines: [{ amount: 2 }] };
    expect(args.check({ transactions: [ok, ok] }, '')).toBeNull();
    expect(args.check({ transactions: [ok, { amount: '3' }] }, '')).toBe(
      'transactions[1].amount should be a number, got string',
    );
    expect(
      args.check({ transactions: [ok, { amount: 3, lines: [ok, { amount: null }] }] }, ''),
    ).toBe('transactions[1].lines[1].amount should be a number, got null');
    expect(v.array(v.string()).check(['a', 7], '')).toBe('[1] should be a string, got number');
  });
});
