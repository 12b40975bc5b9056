import type { SqlRow, SqlValue, SqliteDatabase } from '../platform/sqlite.ts';
import type { CompiledQuery } from './compiler.ts';
import { buildSelect } from './compiler.ts';
import { convertInputType, convertRow } from './convert.ts';
import type { Bindable, Sql } from './sql.ts';
import { isParamRef } from './sql.ts';

/** Values for the query's `':name'` parameters. */
export type QueryParams = Readonly<Record<string, unknown>>;

/** Resolves named parameters into the values SQLite binds. */
export function bindValues(values: readonly Bindable[], params: QueryParams): SqlValue[] {
  return values.map((v) => (isParamRef(v) ? convertInputType(v.name, params[v.name], v.type) : v));
}

/** Runs one fragment and returns the raw rows. */
export function allRows(db: SqliteDatabase, s: Sql, params: QueryParams): SqlRow[] {
  return db.all<SqlRow>(s.text, bindValues(s.values, params));
}

/** Runs the plain SELECT and converts its rows. */
export function execBasic(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams,
  extraWhere?: Sql,
): Record<string, unknown>[] {
  const rows = allRows(db, buildSelect(compiled.pieces, extraWhere), params);
  return rows.map((row) => convertRow(row, compiled.outputTypes));
}
