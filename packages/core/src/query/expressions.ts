import { CompileError } from './errors.ts';
import type { Ctx } from './fields.ts';
import { compileTagOp, isTagOp } from './has-tag.ts';
import { compileSearch } from './search.ts';
import { compileField, tracked } from './fields.ts';
import type { Sql } from './sql.ts';
import { EMPTY, bind, joinSql, raw, sql } from './sql.ts';
import type { Typed } from './types.ts';
import { castTo, compileLiteral, computed, toSql } from './types.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/**
 * One AQL expression: `'$field'` or `'$path.field'`, `':param'`, a function call object
 * (`{$sum: '$amount'}`), or a literal (`'\$'` escapes a leading dollar in a string).
 */
export function compileExpr(ctx: Ctx, expr: unknown): Typed {
  return tracked(ctx, 'expr', expr, () => {
    if (typeof expr === 'string') {
      if (expr.startsWith('$')) {
        const name = expr === '$' ? ctx.implicitField : expr.slice(1);
        if (!name) throw new CompileError('Invalid field reference: ' + expr);
        return compileField(ctx, name);
      }
      if (expr.startsWith(':')) {
        const param = { name: expr.slice(1), type: null };
        ctx.state.params.push(param);
        return { literal: false, type: 'param', sql: bind(param), param };
      }
    }
    if (isPlainObject(expr) && Object.keys(expr).some((k) => k.startsWith('$'))) {
      return compileFunction(ctx, expr);
    }
    return compileLiteral(expr);
  });
}

function arity(args: readonly unknown[], min: number, max = min): void {
  if (args.length < min) throw new CompileError('Too few arguments');
  if (args.length > max) throw new CompileError('Too many arguments');
}

/** A function call: `{$name: arg}` or `{$name: [args…]}`. */
export function compileFunction(ctx: Ctx, func: unknown): Typed {
  return tracked(ctx, 'function', func, () => {
    if (!isPlainObject(func)) throw new CompileError('Expected a function call object');
    const name = Object.keys(func)[0];
    if (name === undefined || !name.startsWith('$')) {
      throw new CompileError(
        `Unknown property "${String(name)}". Did you mean to call a function? Prefix it with $`,
      );
    }
    const argExprs = Array.isArray(func[name]) ? (func[name] as unknown[]) : [func[name]];
    if (name === '$condition') {
      arity(argExprs, 1);
      return computed(andAll(compileConditions(ctx, argExprs[0])), 'boolean');
    }
    const args = argExprs.map((arg) => compileExpr(ctx, arg));
    const a = args[0]!;
    switch (name) {
      case '$sum':
        arity(args, 1);
        return computed(sql`SUM(${toSql(a, 'float')})`, a.type);
      case '$sumOver': {
        arity(args, 1);
        const order = ctx.orderBy ? sql`ORDER BY ${ctx.orderBy()} ` : EMPTY;
        const over = sql`(SUM(${toSql(a, 'float')}) OVER (${order}ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING))`;
        return computed(over, a.type);
      }
      case '$count':
        arity(args, 1);
        return computed(sql`COUNT(${toSql(a)})`, 'integer');
      // Not in Actual's AQL: the reports need a budget's first and last transaction dates.
      case '$min':
        arity(args, 1);
        return computed(sql`MIN(${toSql(a)})`, a.type);
      case '$max':
        arity(args, 1);
        return computed(sql`MAX(${toSql(a)})`, a.type);
      case '$substr': {
        arity(args, 2, 3);
        const parts = [toSql(a, 'string'), ...args.slice(1).map((x) => toSql(x, 'integer'))];
        return computed(sql`SUBSTR(${joinSql(parts, ', ')})`, 'string');
      }
      case '$lower':
        arity(args, 1);
        return computed(sql`LOWER(${toSql(a, 'string')})`, 'string');
      case '$neg':
        arity(args, 1);
        return computed(sql`(-${toSql(a, 'float')})`, a.type);
      case '$abs':
        arity(args, 1);
        return computed(sql`ABS(${toSql(a, 'float')})`, a.type);
      case '$idiv':
        arity(args, 2);
        return computed(sql`(${toSql(a, 'integer')} / ${toSql(args[1]!, 'integer')})`, a.type);
      case '$month':
        arity(args, 1);
        return castTo(a, 'date-month');
      case '$year':
        arity(args, 1);
        return castTo(a, 'date-year');
      case '$nocase':
        arity(args, 1);
        return computed(sql`${toSql(a, 'string')} COLLATE NOCASE`, a.type);
      case '$literal':
        arity(args, 1);
        if (!a.literal) throw new CompileError('Literal not passed to $literal');
        return a;
      default:
        throw new CompileError(`Unknown function: ${name}`);
    }
  });
}

/** `field: {$op: value}`, with an optional `$transform` applied to the field first. */
export function compileOp(ctx: Ctx, field: string, opData: unknown): Sql {
  return tracked(ctx, 'op', { [field]: opData }, () => {
    if (!isPlainObject(opData)) throw new CompileError(`Invalid condition on "${field}"`);
    const { $transform, ...ops } = opData;
    const op = Object.keys(ops)[0];
    if (op === undefined) throw new CompileError(`No operator given for "${field}"`);
    if (isTagOp(op)) {
      return compileTagOp(ctx, field, op, ops[op], () =>
        toSql(compileExpr(ctx, '$' + field), 'string'),
      );
    }
    const rhs = compileExpr(ctx, ops[op]);
    const lhs =
      $transform !== undefined
        ? compileFunction(
            { ...ctx, implicitField: field },
            typeof $transform === 'string' ? { [$transform]: '$' } : $transform,
          )
        : compileExpr(ctx, '$' + field);
    const left = toSql(lhs);
    const right = () => toSql(rhs, lhs.type);
    switch (op) {
      case '$gt':
        return sql`${left} > ${right()}`;
      case '$gte':
        return sql`${left} >= ${right()}`;
      case '$lt':
        return sql`${left} < ${right()}`;
      case '$lte':
        return sql`${left} <= ${right()}`;
      case '$eq':
        if (castTo(rhs, lhs.type).type === 'null') return sql`${left} IS NULL`;
        // A parameter may be null at run time; IS compares nulls as equal.
        return rhs.type === 'param' ? sql`${left} IS ${right()}` : sql`${left} = ${right()}`;
      case '$ne':
        if (castTo(rhs, lhs.type).type === 'null') return sql`${left} IS NOT NULL`;
        if (rhs.type === 'param') return sql`${left} IS NOT ${right()}`;
        return sql`(${left} != ${right()} OR ${left} IS NULL)`;
      case '$oneof':
        return sql`${left} IN (${oneOfList(rhs, lhs.type)})`;
      case '$like':
        return sql`${toSql(lhs, 'string')} LIKE ${toSql(rhs, 'string')}`;
      case '$notlike': {
        const l = toSql(lhs, 'string');
        return sql`(${l} NOT LIKE ${toSql(rhs, 'string')} OR ${l} IS NULL)`;
      }
      default:
        throw new CompileError(`Unknown operator: ${op}`);
    }
  });
}

function oneOfList(rhs: Typed, type: Typed['type']): Sql {
  const arr = castTo(rhs, 'array');
  if (!arr.literal || !Array.isArray(arr.value)) {
    throw new CompileError('$oneof needs a literal array of values');
  }
  const unique = [...new Set(arr.value as unknown[])];
  return joinSql(
    unique.map((v) => toSql(castTo(compileLiteral(v), type))),
    ', ',
  );
}

/**
 * A filter: an object (each key a condition) or an array of objects, all AND-ed. `$and` and
 * `$or` nest; a falsy `$and`/`$or` value or array entry is skipped so filters can be written
 * with `cond && {...}`. An array of operators on one field is an AND.
 */
export function compileConditions(ctx: Ctx, conds: unknown): Sql[] {
  let list: unknown[];
  if (Array.isArray(conds)) list = conds;
  else if (isPlainObject(conds)) list = Object.entries(conds).map(([k, v]) => ({ [k]: v }));
  else throw new CompileError('Invalid filter: expected an object or an array');

  return list.filter(Boolean).flatMap((item) => {
    if (!isPlainObject(item)) throw new CompileError('Invalid filter: expected an object');
    return Object.entries(item).flatMap(([field, cond]): Sql[] => {
      if (field === '$and') return cond ? [compileAnd(ctx, cond)] : [];
      if (field === '$or') return cond ? [compileOr(ctx, cond)] : [];
      if (field === '$search') return [compileSearch(ctx, cond)];
      if (Array.isArray(cond)) {
        if (cond.length === 0) return [];
        const notIn = compileNotIn(ctx, field, cond);
        if (notIn) return [notIn];
        const parts = cond.map((c) => compileOp(ctx, field, c));
        return [parts.length === 1 ? parts[0]! : sql`(${joinSql(parts, ' AND ')})`];
      }
      if (isPlainObject(cond)) return [compileOp(ctx, field, cond)];
      return [compileOp(ctx, field, { $eq: cond })];
    });
  });
}

/** A value `$ne` can name as a plain literal: not a field (`$x`), a parameter (`:x`) or null. */
const isPlainValue = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && !v.startsWith('$') && !v.startsWith(':'));

/**
 * `field: [{$ne: a}, {$ne: b}, …]` (two or more plain values) as `(field IS NULL OR field NOT IN
 * (a, b, …))`: the same rows as the AND of each `(field != a OR field IS NULL)`, with the field
 * read once per row instead of twice per value. Reports leave every transfer payee out this way;
 * 44 such terms made a custom report over 13,737 kept sums take 1.9 s (issue 30).
 */
function compileNotIn(ctx: Ctx, field: string, conds: readonly unknown[]): Sql | null {
  if (conds.length < 2) return null;
  const values: unknown[] = [];
  for (const c of conds) {
    if (!isPlainObject(c) || Object.keys(c).length !== 1 || !isPlainValue(c.$ne)) return null;
    values.push(c.$ne);
  }
  return tracked(ctx, 'op', { [field]: conds }, () => {
    const lhs = compileExpr(ctx, '$' + field);
    const rights = [...new Set(values)].map((v) => castTo(compileLiteral(v), lhs.type));
    // A value that casts to null means `IS NOT NULL` for `$ne`: left to the terms one by one.
    if (rights.some((r) => r.type === 'null')) return null;
    const left = toSql(lhs);
    const list = joinSql(
      rights.map((r) => toSql(r)),
      ', ',
    );
    return sql`(${left} IS NULL OR ${left} NOT IN (${list}))`;
  });
}

function andAll(parts: Sql[]): Sql {
  if (parts.length === 0) return raw('1');
  return parts.length === 1 ? parts[0]! : sql`(${joinSql(parts, ' AND ')})`;
}

export function compileAnd(ctx: Ctx, conds: unknown): Sql {
  return conds ? andAll(compileConditions(ctx, conds)) : raw('1');
}

export function compileOr(ctx: Ctx, conds: unknown): Sql {
  const parts = conds ? compileConditions(ctx, conds) : [];
  if (parts.length === 0) return raw('0');
  return parts.length === 1 ? parts[0]! : sql`(${joinSql(parts, ' OR ')})`;
}
