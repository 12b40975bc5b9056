/** Decimal amount (12.34) → integer cents (1234), rounded to the nearest cent as Actual does. */
export function amountToInteger(amount: number): number {
  return Math.round(amount * 100);
}

/** Integer cents (1234) → decimal amount (12.34). */
export function integerToAmount(cents: number): number {
  return parseFloat((cents / 100).toFixed(2));
}
