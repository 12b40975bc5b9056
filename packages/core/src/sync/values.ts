import type { SYNCED_SCHEMA } from '../schema/synced-tables.ts';
import { type ColumnKind, type SyncedTable, columnKind } from '../schema/synced-tables.ts';
import type { CellValue } from './types.ts';

/** What the write path accepts for a column: booleans become 0/1, JSON columns take objects. */
export type InputValue = string | number | boolean | null | object;

/** A row to write: `id` plus any whitelisted columns of the table (stored names). */
export type RowInput<T extends SyncedTable> = { id?: string } & {
  [C in keyof (typeof SYNCED_SCHEMA)[T]]?: InputValue;
};

const NUMERIC: ReadonlySet<ColumnKind> = new Set(['integer', 'float', 'boolean', 'date', 'month']);
const WHOLE: ReadonlySet<ColumnKind> = new Set(['integer', 'boolean', 'date', 'month']);

/**
 * Turn an input value into the cell value a message carries, checking it fits the column.
 * A mismatch is a bug in the caller (handlers validate user input first), so it throws.
 */
export function toCellValue(table: string, column: string, value: InputValue): CellValue {
  const kind = columnKind(table, column);
  if (!kind) throw new Error(`Unknown column ${table}.${column}`);
  if (value === null) return null;
  if (typeof value === 'boolean') {
    if (!NUMERIC.has(kind)) throw new TypeError(`${table}.${column} takes no boolean`);
    return value ? 1 : 0;
  }
  if (typeof value === 'number') {
    if (!NUMERIC.has(kind)) throw new TypeError(`${table}.${column} takes text, got ${value}`);
    if (!Number.isFinite(value) || (WHOLE.has(kind) && !Number.isInteger(value))) {
      throw new TypeError(`${table}.${column} needs a whole number, got ${value}`);
    }
    return value;
  }
  if (typeof value === 'string') {
    if (NUMERIC.has(kind)) throw new TypeError(`${table}.${column} takes a number, got text`);
    return value;
  }
  if (kind === 'json') return JSON.stringify(value);
  throw new TypeError(`${table}.${column} cannot store an object`);
}
