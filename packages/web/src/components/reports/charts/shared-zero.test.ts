import { describe, expect, it } from 'vitest';
import { type AxisScale, type Extent, roundStep, sharedZeroScales } from './shared-zero.ts';

/** How high zero sits on an axis, from 0 (bottom edge) to 1 (top edge). */
const zeroAt = ({ domain: [lo, hi] }: AxisScale) => -lo / (hi - lo);

const CASES: Array<[string, Extent, Extent]> = [
  // The report that read a zero balance as -1.5k: flows both ways, the balance from zero up.
  ['flows both ways, balance from zero', { min: -1500, max: 1200 }, { min: 0, max: 5311.9 }],
  ['balance below zero', { min: -800, max: 2500 }, { min: -12000, max: 300 }],
  ['only income, balance negative', { min: 0, max: 900 }, { min: -4000, max: 0 }],
  ['only expenses, balance positive', { min: -900, max: 0 }, { min: 0, max: 4000 }],
  ['nothing at all', { min: 0, max: 0 }, { min: 0, max: 0 }],
  ['cents', { min: -0.3, max: 0.07 }, { min: 1e6, max: 2.5e6 }],
];

describe('two axes with one zero', () => {
  it.each(CASES)('%s: both zeros at one height, every value inside', (_, flow, balance) => {
    const { left, right } = sharedZeroScales(flow, balance);
    expect(zeroAt(left)).toBeCloseTo(zeroAt(right), 9);
    for (const [axis, extent] of [
      [left, flow],
      [right, balance],
    ] as const) {
      expect(axis.domain[0]).toBeLessThanOrEqual(Math.min(extent.min, 0));
      expect(axis.domain[1]).toBeGreaterThanOrEqual(Math.max(extent.max, 0));
      expect(axis.ticks).toContain(0);
      expect(axis.ticks[0]).toBe(axis.domain[0]);
      expect(axis.ticks[axis.ticks.length - 1]).toBe(axis.domain[1]);
    }
    // Same number of ticks: the right axis's ticks sit on the left axis's grid lines.
    expect(right.ticks.length).toBe(left.ticks.length);
  });

  it('puts a zero balance in the middle when flows go both ways, not at the bottom edge', () => {
    const flowBothWays = { min: -1500, max: 1500 };
    const balance = { min: 0, max: 5000 };
    const { right } = sharedZeroScales(flowBothWays, balance);
    expect(zeroAt(right)).toBeGreaterThan(0);
    expect(zeroAt(right)).toBeCloseTo(zeroAt(sharedZeroScales(flowBothWays, balance).left), 9);
    // The left axis's scale alone would put the flows' zero in the middle too.
    expect(zeroAt(sharedZeroScales(flowBothWays, balance).left)).toBeCloseTo(0.5, 9);
  });

  it('rounds steps to 1, 2 or 5 times a power of ten, never below the least step', () => {
    expect([0.7, 1, 1.2, 2.2, 3, 6, 750, 1333].map((x) => roundStep(x))).toEqual([
      1, 1, 2, 5, 5, 10, 1000, 2000,
    ]);
    expect(roundStep(30, 100)).toBe(100);
    const cents = sharedZeroScales({ min: -30, max: 7 }, { min: 0, max: 90 }, 100);
    expect(cents.left.ticks.every((t) => t % 100 === 0)).toBe(true);
  });
});
