/**
 * Two value axes side by side (a chart's flows on the left, a balance on the right) that put
 * their zero at the same height, so a zero balance reads as zero against the flows' zero line
 * and not as whatever the left axis shows there. Each axis keeps its own round step; both get
 * the same number of steps below and above zero, so their ticks (and the grid) line up too.
 */

export interface AxisScale {
  domain: [number, number];
  ticks: number[];
}

/** A value's extent; zero is always inside it. */
export interface Extent {
  min: number;
  max: number;
}

/**
 * The smallest round step (1, 2 or 5 times a power of ten) at least `x` and `least`. No 2.5:
 * an axis's short labels would round it (2.5 shown as 3).
 */
export function roundStep(x: number, least = 0): number {
  const want = Math.max(x, least);
  if (!(want > 0) || !Number.isFinite(want)) return 1;
  const power = 10 ** Math.floor(Math.log10(want));
  for (const m of [1, 2, 5, 10]) if (m * power >= want - power * 1e-9) return m * power;
  return 10 * power;
}

function scale(step: number, below: number, above: number): AxisScale {
  const ticks: number[] = [];
  for (let i = -below; i <= above; i++) ticks.push(i * step);
  return { domain: [-below * step, above * step], ticks };
}

/** How many steps an axis may take in all (the chart is about 300px high). */
const STEP_COUNTS = [4, 5, 6];

/**
 * Scales for two axes with their zeros at the same height: of the ways to share `n` steps
 * between below and above zero, the one that leaves the least empty room on both axes.
 */
export function sharedZeroScales(
  left: Extent,
  right: Extent,
  /** The smallest step (an axis labelled in whole units of cents: 100). */
  least = 0,
): { left: AxisScale; right: AxisScale } {
  const axes = [left, right].map((e) => ({
    below: Math.max(0, -Math.min(e.min, 0)),
    above: Math.max(0, Math.max(e.max, 0)),
  }));
  let best: { left: AxisScale; right: AxisScale; waste: number } | null = null;
  for (const n of STEP_COUNTS) {
    for (let below = 0; below <= n; below++) {
      const above = n - below;
      // An axis with values below (above) zero needs at least one step there.
      if (axes.some((a) => (a.below > 0 && below === 0) || (a.above > 0 && above === 0))) continue;
      const scales = axes.map((a) => {
        const step = roundStep(
          Math.max(below ? a.below / below : 0, above ? a.above / above : 0),
          least,
        );
        return scale(step, below, above);
      });
      const waste = axes.reduce((sum, a, i) => {
        const [lo, hi] = scales[i]!.domain;
        return sum + (hi - lo) / Math.max(a.below + a.above, 1e-9);
      }, 0);
      if (!best || waste < best.waste - 1e-9) best = { left: scales[0]!, right: scales[1]!, waste };
    }
  }
  // Both extents are zero-only: one step up from zero, on both.
  if (!best) return { left: scale(1, 0, 1), right: scale(1, 0, 1) };
  return { left: best.left, right: best.right };
}
