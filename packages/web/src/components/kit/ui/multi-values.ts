/**
 * The values of a multi-value input (spec section 5: multi-value inputs): typed text is
 * trimmed, blank text and a value already held add nothing, Backspace on an empty input takes
 * the last value off. Pure, for the test.
 */
export function addValue(values: readonly string[], text: string): string[] {
  const value = text.trim();
  if (value === '' || values.includes(value)) return [...values];
  return [...values, value];
}

export function removeLast(values: readonly string[]): string[] {
  return values.slice(0, -1);
}

export function removeValue(values: readonly string[], value: string): string[] {
  return values.filter((v) => v !== value);
}
