import { describe, expect, it } from 'vitest';
import { BALANCE_SHEET, cellNumber, knownNumber } from './balance-queries.ts';

describe('balance cells as numbers', () => {
  const cells = {
    [`${BALANCE_SHEET}!acct-a`]: 12_345,
    // An account with no transactions: the sum is null, and it is known.
    [`${BALANCE_SHEET}!acct-empty`]: null,
  };

  it('a cell the core has sent is its number, an empty sum zero', () => {
    expect(knownNumber(cells, 'acct-a')).toBe(12_345);
    expect(knownNumber(cells, 'acct-empty')).toBe(0);
  });

  it('a cell not sent yet is unknown, not zero (the header shows nothing until then)', () => {
    expect(knownNumber(cells, 'acct-b')).toBeUndefined();
    expect(knownNumber({ 'other!acct-a': 5 }, 'acct-a')).toBeUndefined();
    expect(cellNumber(cells, 'acct-b')).toBe(0);
  });
});
