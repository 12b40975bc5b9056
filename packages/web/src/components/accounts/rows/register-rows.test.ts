import { describe, expect, it } from 'vitest';
import { displayRows, distribute, splitRemainder } from './register-rows.ts';
import type { RegisterTx } from '../types.ts';

const tx = (id: string, amount: number, subs?: RegisterTx[]): RegisterTx =>
  ({ id, amount, subtransactions: subs }) as RegisterTx;

describe('display rows', () => {
  it('puts split lines under their transaction and runs the balance newest first', () => {
    const rows = displayRows(
      [tx('t3', -500), tx('t2', -1000, [tx('c1', -400), tx('c2', -600)]), tx('t1', 10000)],
      8500,
    );
    expect(rows.map((r) => r.key)).toEqual(['t3', 't2', 'c1', 'c2', 't1']);
    expect(rows.filter((r) => r.kind === 'txn').map((r) => r.balance)).toEqual([8500, 9000, 10000]);
    expect(rows[3]).toMatchObject({ kind: 'child', last: true });
    expect(rows[2]).toMatchObject({ kind: 'child', last: false });
  });

  it('says what is left of a split whose lines do not add up', () => {
    const rows = displayRows(
      [tx('s', -1000, [tx('c1', -400)])].map((t) => ({ ...t, is_parent: true })),
      null,
    );
    expect(rows.map((r) => r.key)).toEqual(['s', 'c1', 's:left']);
    expect(rows[2]).toMatchObject({ kind: 'split-left', left: -600 });
  });

  it('has no balance without a total', () => {
    expect(displayRows([tx('t1', 5)], null)[0]).toMatchObject({ balance: null });
  });
});

describe('splits', () => {
  it('knows what is left to assign', () => {
    expect(splitRemainder(-1000, [-400, -300])).toBe(-300);
    expect(splitRemainder(-1000, [-400, -600])).toBe(0);
  });

  it('distributes the rest over empty lines first, cents to the first lines', () => {
    expect(distribute(-1000, [-400, 0, 0])).toEqual([-400, -300, -300]);
    expect(distribute(-1001, [0, 0, 0])).toEqual([-334, -334, -333]);
    expect(distribute(-1000, [-100, -200])).toEqual([-450, -550]);
    expect(distribute(1000, [600, 0])).toEqual([600, 400]);
    expect(distribute(-1000, [-1000])).toEqual([-1000]);
    const spread = distribute(-999, [-1, -1, -1, -1]);
    expect(spread.reduce((a, b) => a + b, 0)).toBe(-999);
  });
});
