/** An approximate amount matches within 7.5% of its magnitude, rounded to whole cents. */
export function approxThreshold(amount: number): number {
  return Math.round(Math.abs(amount) * 0.075);
}
