import { ValueDecodeError } from './errors.ts';

/** What a message can set a cell to. Booleans and dates are numbers by this point. */
export type CellValue = string | number | null;

/**
 * The text form of a cell value in `messages_crdt.value` and on the wire: `0:` for null,
 * `N:` + the number as `String(n)` prints it, `S:` + the string. `String` is the contract, so
 * `-0` is written `N:0`, and `NaN`/`Infinity` are written out as words, exactly as Actual does.
 */
export function serializeValue(value: CellValue): string {
  if (value === null) return '0:';
  if (typeof value === 'number') return `N:${String(value)}`;
  if (typeof value === 'string') return `S:${value}`;
  throw new TypeError(`unserializable value type: ${typeof value}`);
}

/**
 * Reads a serialized value. Only the first character picks the type and the value starts at
 * the third, as in Actual: numbers are read with `parseFloat`, so `N:12abc` is 12 and `N:` is
 * NaN. An unknown type character throws `ValueDecodeError`.
 */
export function deserializeValue(value: string): CellValue {
  switch (value[0]) {
    case '0':
      return null;
    case 'N':
      return parseFloat(value.slice(2));
    case 'S':
      return value.slice(2);
    default:
      throw new ValueDecodeError(value);
  }
}
