import { describe, expect, it } from 'vitest';
import * as f from './formulas.ts';

describe('envelope formulas', () => {
  it('rolls positive balances always and negative ones only with carryover', () => {
    expect(f.rolloverCarryIn(false, 500)).toBe(500);
    expect(f.rolloverCarryIn(false, -500)).toBe(0);
    expect(f.rolloverCarryIn(true, -500)).toBe(-500);
    expect(f.rolloverLeftover(1000, -300, false, -200, 0)).toBe(700);
    expect(f.rolloverLeftover(1000, -300, true, -200, 0)).toBe(500);
  });

  it('charges uncarried overspending to next month', () => {
    expect(
      f.lastMonthOverspent([
        { carryover: false, leftover: -100 },
        { carryover: true, leftover: -1000 },
        { carryover: false, leftover: 50 },
      ]),
    ).toBe(-100);
  });

  it('computes To Budget', () => {
    expect(f.toBudget(f.availableFunds(3000, f.fromLastMonth(200, 100)), -50, -2000, 300)).toBe(
      950,
    );
    expect(Object.is(f.rolloverTotalBudgeted([0, 0]), 0)).toBe(true);
    expect(f.rolloverTotalBudgeted([100, 250])).toBe(-350);
  });
});

describe('tracking formulas', () => {
  it('treats income and expense balances in opposite directions', () => {
    expect(f.reportLeftover(false, 1000, -300, false, 99)).toBe(700);
    expect(f.reportLeftover(true, 1000, 300, false, 99)).toBe(700);
    expect(f.reportLeftover(true, 1000, 300, true, 99)).toBe(799);
  });

  it('counts carryover spending as the unspent budget, never below zero', () => {
    expect(f.spentWithCarryover(false, 1000, -300)).toBe(-300);
    expect(f.spentWithCarryover(true, 1000, -300)).toBe(700);
    expect(f.spentWithCarryover(true, 100, -300)).toBe(0);
  });

  it('computes the savings totals', () => {
    expect(f.totalSaved(5000, 3000)).toBe(2000);
    expect(f.realSaved(5000, -3500)).toBe(1500);
    expect(f.reportTotalLeftover(3000, -3500)).toBe(-500);
  });
});
