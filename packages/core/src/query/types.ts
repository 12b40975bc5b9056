import { CompileError } from './errors.ts';
import type { FieldType } from './schema.ts';
import type { ParamRef, Sql } from './sql.ts';
import { bind, raw, sql } from './sql.ts';

/**
 * Compiled expressions carry a type so comparisons can coerce their right-hand side to the
 * type of the left: `{date: '2023-01-05'}` binds 20230105, `{cleared: true}` binds 1.
 * `date-month` and `date-year` are YYYYMM and YYYY integers.
 */
export type ExprType = FieldType | 'date-month' | 'date-year' | 'null' | 'array' | 'param' | 'any';

export type LiteralValue = string | number | null | readonly unknown[];

/** A value written in the query itself; it becomes SQL (bound) only when used. */
export interface LiteralExpr {
  readonly literal: true;
  readonly type: ExprType;
  readonly value: LiteralValue;
}

/** SQL computed from the query: a field, a function call, a named parameter. */
export interface SqlExpr {
  readonly literal: false;
  readonly type: ExprType;
  readonly sql: Sql;
  readonly param?: ParamRef;
}

export type Typed = LiteralExpr | SqlExpr;

export const literal = (value: LiteralValue, type: ExprType): LiteralExpr => ({
  literal: true,
  type,
  value,
});

export const computed = (s: Sql, type: ExprType): SqlExpr => ({ literal: false, type, sql: s });

/** '2023-01-05' → 20230105, '2023-01' → 202301, '2023' → 2023. */
export function dateToInt(date: string): number {
  return parseInt(date.replace(/-/g, ''), 10);
}

/** A Date's local calendar day as YYYYMMDD. */
export function nativeDateToInt(date: Date): number {
  return date.getFullYear() * 10000 + (date.getMonth() + 1) * 100 + date.getDate();
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const YEAR = /^\d{4}$/;

function parseDateLiteral(value: LiteralValue, patterns: RegExp[], kind: string): number {
  if (typeof value === 'string' && patterns.some((p) => p.test(value))) return dateToInt(value);
  throw new CompileError(`Bad ${kind} format: ${String(value)}`);
}

// Which already-inferred parameter types may be read again as another type.
const PARAM_CASTS: Readonly<Record<string, readonly string[]>> = {
  date: ['string'],
  'date-month': ['date'],
  'date-year': ['date', 'date-month'],
  id: ['string'],
  float: ['integer'],
};

function inferParam(param: ParamRef, type: ExprType): void {
  if (param.type === null) {
    param.type = type;
  } else if (param.type !== type && !PARAM_CASTS[type]?.includes(param.type)) {
    throw new CompileError(
      `Parameter "${param.name}" can't convert to ${type} (already inferred as ${param.type})`,
    );
  }
}

function truncateDate(expr: Typed, digits: 4 | 6, type: ExprType): Typed {
  if (expr.literal) return literal(Number(String(expr.value).slice(0, digits)), type);
  // Integer division drops the day (and month): the same digits as cutting the text, without
  // turning every row's date into text and back (reports group 100,000 rows by month).
  const divisor = expr.type === 'date' && digits === 4 ? 10000 : 100;
  return computed(sql`(CAST(${expr.sql} AS integer) / ${raw(String(divisor))})`, type);
}

/** Coerces an expression to `type`, or fails with the reason. */
export function castTo(expr: Typed, type: ExprType): Typed {
  if (expr.type === type) return expr;
  if (expr.type === 'param' && !expr.literal && expr.param) {
    inferParam(expr.param, type);
    return { literal: false, type, sql: expr.sql, param: expr.param };
  }
  if (expr.type === 'null') {
    if (!expr.literal) throw new CompileError("A non-literal null doesn't make sense");
    return type === 'boolean' ? literal(0, 'boolean') : expr;
  }
  const stringy = expr.type === 'string' || expr.type === 'any';
  switch (type) {
    case 'date':
      if (expr.type !== 'string') throw new CompileError(`Can't cast ${expr.type} to date`);
      if (!expr.literal) throw new CompileError('Casting string fields to dates is not supported');
      return literal(parseDateLiteral(expr.value, [DAY], 'date'), 'date');
    case 'date-month':
      if (expr.type === 'date') return truncateDate(expr, 6, type);
      if (stringy && expr.literal) {
        const n = parseDateLiteral(expr.value, [MONTH, DAY], 'date-month');
        return truncateDate(literal(n, 'date'), 6, type);
      }
      throw new CompileError(`Can't cast ${expr.type} to date-month`);
    case 'date-year':
      if (expr.type === 'date' || expr.type === 'date-month') return truncateDate(expr, 4, type);
      if (stringy && expr.literal) {
        const n = parseDateLiteral(expr.value, [YEAR, MONTH, DAY], 'date-year');
        return truncateDate(literal(n, 'date'), 4, type);
      }
      throw new CompileError(`Can't cast ${expr.type} to date-year`);
    case 'id':
      if (expr.type === 'string') return { ...expr, type: 'id' };
      break;
    case 'float':
      if (expr.type === 'integer') return { ...expr, type: 'float' };
      break;
  }
  if (expr.type === 'any') return { ...expr, type };
  throw new CompileError(`Can't convert ${expr.type} to ${type}`);
}

/** The SQL of an expression (optionally coerced first); literal values are bound. */
export function toSql(expr: Typed, type?: ExprType): Sql {
  const e = type ? castTo(expr, type) : expr;
  if (!e.literal) return e.sql;
  if (e.value === null) return raw('NULL');
  if (Array.isArray(e.value)) throw new CompileError('An array is not valid here');
  return bind(e.value as string | number);
}

/** A JSON value written in a query, as a typed literal. */
export function compileLiteral(value: unknown): LiteralExpr {
  if (value === undefined) throw new CompileError('`undefined` is not a valid query value');
  if (value === null) return literal(null, 'null');
  if (value instanceof Date) return literal(nativeDateToInt(value), 'date');
  if (typeof value === 'string') return literal(value.replace(/\\\$/g, '$'), 'string');
  if (typeof value === 'boolean') return literal(value ? 1 : 0, 'boolean');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new CompileError(`Invalid number: ${value}`);
    return literal(value, Number.isInteger(value) ? 'integer' : 'float');
  }
  if (Array.isArray(value)) return literal(value, 'array');
  throw new CompileError('Unsupported type of expression: ' + JSON.stringify(value));
}
