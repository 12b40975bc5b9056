/** Integer-cent amounts and the limits Actual enforces on budget arithmetic. */

/** The largest magnitude a budget amount may have: 2^51 − 1 cents. */
export const MAX_AMOUNT = 2 ** 51 - 1;
export const MIN_AMOUNT = -MAX_AMOUNT;

export type AmountError = { type: 'invalid-amount'; value: unknown } | AmountRangeError;
export interface AmountRangeError {
  type: 'amount-out-of-range';
  value: number;
}

/** Null when `value` is an integer number of cents within the bounds, else the reason. */
export function checkAmount(value: unknown): AmountError | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return { type: 'invalid-amount', value };
  }
  if (value > MAX_AMOUNT || value < MIN_AMOUNT) return { type: 'amount-out-of-range', value };
  return null;
}

/** Cell values may be missing or non-numeric (a cell that does not exist reads as null). */
export function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function sum(values: readonly unknown[]): number {
  let total = 0;
  for (const v of values) total += num(v);
  return total;
}

export function clamp(value: number, lo: number, hi: number): number {
  return Math.min(Math.max(value, lo), hi);
}
