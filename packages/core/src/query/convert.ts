import { QueryParamError } from './errors.ts';
import type { SqlValue } from '../platform/sqlite.ts';
import { dateToInt, nativeDateToInt } from './types.ts';

/** YYYYMMDD (or YYYYMM, YYYY) integer → 'YYYY-MM-DD' ('YYYY-MM', 'YYYY'). */
export function fromDateRepr(value: SqlValue): string | null {
  const digits = String(value);
  if (!/^\d{4,8}$/.test(digits)) return null;
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
}

/** A stored value as the API returns it: dates as strings, booleans, parsed JSON. */
export function convertOutputType(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return type === 'boolean' ? false : null;
  switch (type) {
    case 'date':
      return fromDateRepr(value as SqlValue);
    case 'date-month':
      return fromDateRepr(value as SqlValue)?.slice(0, 7) ?? null;
    case 'date-year':
      return fromDateRepr(value as SqlValue)?.slice(0, 4) ?? null;
    case 'boolean':
      return value === 1 || value === 1n || value === true;
    case 'json':
    case 'json/fallback':
      try {
        return JSON.parse(String(value));
      } catch {
        return type === 'json/fallback' ? value : null;
      }
    default:
      return value;
  }
}

/** Converts every column of each row in place, by the compiled output types. */
export function convertRow(
  row: Record<string, unknown>,
  types: ReadonlyMap<string, string>,
): Record<string, unknown> {
  for (const key of Object.keys(row)) row[key] = convertOutputType(row[key], types.get(key));
  return row;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function fail(name: string, message: string): never {
  throw new QueryParamError(`Parameter "${name}": ${message}`);
}

/** A named parameter's value as SQLite stores it, by the type inferred for it. */
export function convertInputType(name: string, value: unknown, type: string | null): SqlValue {
  if (value === undefined) fail(name, 'not provided to query');
  if (value === null) return type === 'boolean' ? 0 : null;
  switch (type) {
    case 'date':
      if (value instanceof Date) return nativeDateToInt(value);
      if (typeof value !== 'string' || !DAY.test(value))
        fail(name, `invalid date ${String(value)}`);
      return dateToInt(value);
    case 'date-month':
    case 'date-year': {
      const [chars, digits] = type === 'date-month' ? [7, 6] : [4, 4];
      if (value instanceof Date) return Number(String(nativeDateToInt(value)).slice(0, digits));
      if (typeof value !== 'string' || !/^\d{4}(-\d{2}){0,2}$/.test(value)) {
        fail(name, `invalid ${type} ${String(value)}`);
      }
      return dateToInt(value.slice(0, chars));
    }
    case 'boolean':
      return value ? 1 : 0;
    case 'id':
      if (typeof value !== 'string')
        fail(name, `expected an id string, got ${JSON.stringify(value)}`);
      return value;
    case 'string':
      if (typeof value !== 'string' && typeof value !== 'number') {
        fail(name, `expected a string, got ${JSON.stringify(value)}`);
      }
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        fail(name, `can't convert ${JSON.stringify(value)} to integer`);
      }
      return value;
    case 'float':
      if (typeof value !== 'number') fail(name, `expected a number, got ${JSON.stringify(value)}`);
      return value;
    case 'json':
      return JSON.stringify(value);
    default:
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (value instanceof Date) return nativeDateToInt(value);
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
        return value;
      }
      return fail(name, `unsupported value ${JSON.stringify(value)}`);
  }
}
