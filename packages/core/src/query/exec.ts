import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { CompileOptions, CompiledQuery } from './compiler.ts';
import { compileQuery, normalize } from './compiler.ts';
import { type GroupSumsContext, routeToGroupSums } from './group-sums.ts';
import { answersFromMonthSums, MONTH_SUMS_SOURCE, once, readTransferPayees } from './month-sums.ts';
import { readNotesFound } from './notes-found.ts';
import type { Query, QueryState } from './query.ts';
import { SUMS_COLUMNS, withRowsAfter } from './sums-rest.ts';
import type { QueryParams } from './run-sql.ts';
import { execBasic } from './run-sql.ts';
import { execTransactions } from './transactions.ts';

export type { QueryParams };

/** What the `query` handler returns. */
export interface QueryResult<T = unknown> {
  data: T;
  dependencies: string[];
}

export interface RunOptions extends CompileOptions {
  params?: QueryParams;
  /** The month sums are current: a query they answer reads them instead of every row. */
  monthSums?: boolean;
  /** The group sums are current: a report by category or payee they answer reads them. */
  groupSums?: GroupSumsContext;
  /**
   * The sums are being built and hold the rows dated before this: a report they answer reads
   * them and the rows from this date on (`sums-rest.ts`).
   */
  sumsBuiltBefore?: number;
  /** The search index is current: a search page's notes are read from it once (`notes-found.ts`). */
  notesIndexed?: boolean;
}

/** Runs an already compiled query: rows, or the single value of a `calculate`. */
export function runCompiledQuery(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams = {},
): unknown {
  const rows =
    compiled.table === 'transactions'
      ? execTransactions(db, compiled, params)
      : execBasic(db, compiled, params);
  if (!compiled.query.calculation) return rows;
  const first = rows[0];
  if (first === undefined) return null;
  // An empty sum is NULL in SQL; a calculation reports 0 instead, as Actual does.
  return Object.values(first)[0] || 0;
}

/**
 * Compiles a query for an open budget database and points it at the month or group sums when
 * they answer it (the bench's EXPLAIN reads the same SQL the query runs).
 */
export function compileRouted(
  db: SqliteDatabase,
  query: QueryState | Query,
  given: RunOptions = {},
): CompiledQuery {
  const state = normalize(query);
  const notesFound = readNotesFound(db, state, given.notesIndexed === true);
  const options = notesFound ? { ...given, notesFound } : given;
  const compiled = compileQuery(state, options);
  const before = options.sumsBuiltBefore;
  const view = compiled.pieces.from;
  if (
    options.monthSums &&
    answersFromMonthSums(
      compiled.query,
      once(() => readTransferPayees(db)),
    )
  ) {
    const from =
      before === undefined
        ? MONTH_SUMS_SOURCE
        : withRowsAfter(MONTH_SUMS_SOURCE, SUMS_COLUMNS.month, view, before, null);
    return { ...compiled, pieces: { ...compiled.pieces, from } };
  }
  const route = options.groupSums && routeToGroupSums(compiled.query, options.groupSums);
  if (!route || (before !== undefined && route.columns.length === 0)) return compiled;
  // The same query without its account filter (the source keeps the accounts' scopes).
  const rewritten = compileQuery(route.state, options);
  const from =
    before === undefined
      ? route.from
      : withRowsAfter(route.from, route.columns, view, before, route.accounts);
  return {
    ...rewritten,
    dependencies: compiled.dependencies,
    pieces: { ...rewritten.pieces, from },
  };
}

/** Compiles and runs a query on an open budget database. */
export function runQuery<T = unknown>(
  db: SqliteDatabase,
  query: QueryState | Query,
  options: RunOptions = {},
): QueryResult<T> {
  const compiled = compileRouted(db, query, options);
  const data = runCompiledQuery(db, compiled, options.params ?? {}) as T;
  return { data, dependencies: [...compiled.dependencies] };
}
