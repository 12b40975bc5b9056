import type { AccountOrderReach } from './account-order-source.ts';
import type { StackEntry } from './errors.ts';
import { CompileError, withExpressionStack } from './errors.ts';
import { compileAnd, compileExpr, compileFunction } from './expressions.ts';
import type { CompileState, Ctx, Join, NotesFound } from './fields.ts';
import { expandStar, tracked } from './fields.ts';
import type { QueryState, SplitsOption } from './query.ts';
import { Query } from './query.ts';
import type { Schema, SchemaConfig } from './schema.ts';
import { schema as defaultSchema, schemaConfig as defaultConfig } from './schema.ts';
import { usesSearch } from './search.ts';
import type { ParamRef, Sql } from './sql.ts';
import { EMPTY, bind, ident, joinSql, raw, sql } from './sql.ts';
import type { ExprType, Typed } from './types.ts';
import { toSql } from './types.ts';

/** The parts of the SELECT, kept apart so executors can rearrange them (see transactions.ts). */
export interface SqlPieces {
  select: Sql;
  /** The view or table read, and the alias every compiled field refers to. */
  from: string;
  alias: string;
  joins: Sql;
  /** Always present; includes the tombstone check unless the query asked for dead rows. */
  where: Sql;
  groupBy: Sql | null;
  orderBy: Sql | null;
  limit: number | null;
  offset: number | null;
}

export interface CompiledQuery {
  readonly query: QueryState;
  readonly table: string;
  readonly splits: SplitsOption;
  readonly isAggregate: boolean;
  readonly pieces: SqlPieces;
  /** Output column → type, for converting results (dates, booleans, json). */
  readonly outputTypes: ReadonlyMap<string, ExprType>;
  /** Tables whose changes can change the result: the root table, then each joined table. */
  readonly dependencies: readonly string[];
  /** Named parameters in the order they were met; their types are inferred. */
  readonly params: readonly ParamRef[];
  /**
   * Grouped transactions: the same query selecting only ids, which finds the page of split
   * groups without the joins the full select needs for every row it scans.
   */
  readonly groupFinder?: SqlPieces;
  /**
   * A grouped page with `$search`: the group finder with the search as a test of each row
   * (`CompileOptions.searchRows`), and the same for a split's lines, aliased `line`
   * (`search-page.ts`).
   */
  readonly searchRows?: { rows: SqlPieces; lines: SqlPieces };
  /** Compiled with the tag index current (`CompileOptions.tagIndex`). */
  readonly tagIndex?: boolean;
  /** What an account's page may read of the account-order table (`CompileOptions.accountOrder`). */
  readonly accountOrder?: AccountOrderReach;
  /** Compiled with the search index still building (`CompileOptions.searchScan`). */
  readonly searchScan?: { indexedUpTo: string | null };
  /** Compiled with the set of lines dated apart whole (`CompileOptions.apartLines`). */
  readonly apartLines?: true;
  /** Compiled with a search's notes already read (`CompileOptions.notesFound`). */
  readonly notesFound?: NotesFound;
}

export interface CompileOptions {
  schema?: Schema;
  config?: SchemaConfig;
  /** The tag index is current: tag conditions on notes read it (`has-tag.ts`). */
  tagIndex?: boolean;
  /**
   * The search index is still being built (`../search/`): `$search` finds notes through it up
   * to this id (none when null) and by a scan of the stored notes after it (`search.ts`).
   */
  searchScan?: { indexedUpTo: string | null };
  /**
   * Coffer's set of split lines dated apart from their parent is whole (`../search/apart-lines.ts`):
   * a search's page from a date on reads it (`search-cutoff.ts`).
   */
  apartLines?: boolean;
  /** The account-order table holds these rows: an account's page reads through it (`account-order.ts`). */
  accountOrder?: AccountOrderReach;
  /**
   * `$search` as a test of the row's own columns, not a set of ids read first
   * (`search-page.ts` reads a search's first page in the register's order with it).
   */
  searchRows?: boolean;
  /** The root's alias (`_` unless given): a sub-select of the same view beside the query. */
  rootAlias?: string;
  /** A search's notes already read from the index (`notes-found.ts`): bound as a list of ids. */
  notesFound?: NotesFound;
}

const ROOT_ALIAS = '_';
const SPLITS: readonly SplitsOption[] = ['inline', 'grouped', 'all', 'none'];
const AGGREGATES = new Set(['$sum', '$count', '$min', '$max']);

function isAggregateFunction(expr: unknown): boolean {
  if (typeof expr !== 'object' || expr === null || Array.isArray(expr)) return false;
  const [name, args] = Object.entries(expr)[0] ?? [];
  if (name !== undefined && AGGREGATES.has(name)) return true;
  return (Array.isArray(args) ? args : [args]).some(isAggregateFunction);
}

/** Grouped, or selecting an aggregate ($sum, $count, $min, $max) anywhere in an expression. */
export function isAggregateQuery(state: QueryState): boolean {
  if (state.groupExpressions.length > 0) return true;
  return state.selectExpressions.some(
    (e) =>
      typeof e === 'object' && e !== null && Object.values(e).some((v) => isAggregateFunction(v)),
  );
}

function fieldExpr(ctx: Ctx, name: string): Typed {
  return compileExpr(ctx, name.startsWith('$') ? name : '$' + name);
}

function compileSelect(ctx: Ctx, exprs: unknown[], isAggregate: boolean): Sql {
  return tracked(ctx, 'select', exprs, () => {
    const all =
      !isAggregate && !exprs.includes('id') && !exprs.includes('*') ? [...exprs, 'id'] : exprs;
    const columns: Sql[] = [];
    const output = (name: string, expr: Typed) => {
      ctx.state.outputTypes.set(name, expr.type);
      columns.push(sql`${toSql(expr)} AS ${raw(ident(name))}`);
    };
    for (const expr of all) {
      if (typeof expr === 'string') {
        const names = expr.includes('*') ? expandStar(ctx.state, expr) : [expr];
        for (const name of names) output(name, fieldExpr(ctx, name));
        continue;
      }
      if (typeof expr !== 'object' || expr === null || Array.isArray(expr)) {
        throw new CompileError('Invalid selection: ' + JSON.stringify(expr));
      }
      for (const [name, value] of Object.entries(expr)) {
        if (name.startsWith('$')) {
          ctx.state.stack.push({ kind: 'value', value: expr });
          throw new CompileError(
            `Invalid field "${name}", are you trying to select a function? Name the expression`,
          );
        }
        output(name, typeof value === 'string' ? fieldExpr(ctx, value) : compileExpr(ctx, value));
      }
    }
    return joinSql(columns, ', ');
  });
}

function compileGroupBy(ctx: Ctx, exprs: unknown[]): Sql {
  return tracked(ctx, 'groupBy', exprs, () =>
    joinSql(
      exprs.map((e) => toSql(typeof e === 'string' ? fieldExpr(ctx, e) : compileFunction(ctx, e))),
      ', ',
    ),
  );
}

function compileOrderBy(ctx: Ctx, exprs: readonly unknown[]): Sql {
  return tracked(ctx, 'orderBy', exprs, () =>
    joinSql(
      exprs.map((e) => {
        let compiled: Typed;
        let dir: unknown;
        if (typeof e === 'string') {
          compiled = fieldExpr(ctx, e);
        } else if (typeof e === 'object' && e !== null && !Array.isArray(e)) {
          const entries = Object.entries(e);
          if (entries.length === 1 && !entries[0]![0].startsWith('$')) {
            [, dir] = entries[0]!;
            compiled = fieldExpr(ctx, entries[0]![0]);
          } else {
            const { $dir, ...func } = e as Record<string, unknown>;
            dir = $dir;
            compiled = compileFunction(ctx, func);
          }
        } else {
          throw new CompileError('Invalid order: ' + JSON.stringify(e));
        }
        if (dir == null) return toSql(compiled);
        if (dir !== 'asc' && dir !== 'desc') {
          throw new CompileError('Invalid order direction: ' + String(dir));
        }
        return sql`${toSql(compiled)} ${raw(dir)}`;
      }),
      ', ',
    ),
  );
}

function compileJoin(state: CompileState, join: Join, withDead: boolean): Sql {
  const source = join.viaView
    ? state.config.tableView(join.table, { isJoin: true, withDead, splits: 'inline' })
    : join.table;
  const alive = state.schema[join.table]?.tombstone ? ` AND ${join.alias}.tombstone = 0` : '';
  return raw(
    `LEFT JOIN ${source} ${join.alias} ON ${join.alias}.id = ` +
      `${join.parentAlias}.${ident(join.parentField)}${alive}`,
  );
}

function checkCount(name: string, value: unknown): number | null {
  if (value == null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  throw new CompileError(`Invalid ${name}: ${JSON.stringify(value)}`);
}

const isList = (v: unknown): v is unknown[] => Array.isArray(v);

/** Checks a state that came over the wire (a script, the UI) before compiling it. */
export function normalize(input: QueryState | Query): QueryState {
  // A query built by another copy of the builder (say, Actual's own `q`) serializes the same.
  const serializable = input as { serialize?: unknown };
  const state =
    input instanceof Query
      ? input.serialize()
      : typeof serializable?.serialize === 'function'
        ? (serializable.serialize as () => QueryState)()
        : input;
  if (typeof state !== 'object' || state === null || typeof state.table !== 'string') {
    throw new CompileError('A query needs a table name');
  }
  const lists = ['filterExpressions', 'selectExpressions', 'groupExpressions', 'orderExpressions'];
  for (const key of lists) {
    const v = (state as unknown as Record<string, unknown>)[key];
    if (v !== undefined && !isList(v))
      throw new CompileError(`Invalid query: ${key} is not a list`);
  }
  return {
    ...state,
    filterExpressions: state.filterExpressions ?? [],
    selectExpressions: state.selectExpressions ?? [],
    groupExpressions: state.groupExpressions ?? [],
    orderExpressions: state.orderExpressions ?? [],
  };
}

/** Compiles a query state (or Query) against the schema into SQL pieces and metadata. */
export function compileQuery(
  input: QueryState | Query,
  options: CompileOptions = {},
): CompiledQuery {
  const query = normalize(input);
  const schema = options.schema ?? defaultSchema;
  const config = options.config ?? defaultConfig;
  const table = query.table;
  if (!Object.hasOwn(schema, table)) {
    throw new CompileError(`Table "${table}" does not exist in the schema`);
  }
  const splits = (query.tableOptions?.splits ?? 'inline') as SplitsOption;
  if (table === 'transactions' && !SPLITS.includes(splits)) {
    throw new CompileError(`Invalid "splits" option for transactions: "${String(splits)}"`);
  }
  const withDead = query.withDead === true;
  const alias = options.rootAlias ?? ROOT_ALIAS;
  const state: CompileState = {
    schema,
    config,
    rootTable: table,
    rootAlias: alias,
    validateRefs: query.validateRefs !== false,
    joins: new Map(),
    dependencies: [table],
    outputTypes: new Map(),
    params: [],
    stack: [] as StackEntry[],
    aliasCounter: 0,
    tagIndex: options.tagIndex === true,
    searchScan: options.searchScan ?? null,
    accountOrder: options.accountOrder ?? null,
    searchRows: options.searchRows === true,
    notesFound: options.notesFound ?? null,
  };
  const ctx: Ctx = { state };
  const given = query.orderExpressions;
  const isAggregate = isAggregateQuery(query);
  // An explicit order ends with id so pages of rows are stable. Groups are unique by their keys
  // already, and an id would only be carried through the sort of every row for nothing.
  const orders =
    given.length > 0 ? (isAggregate ? [...given] : [...given, 'id']) : config.defaultOrder(table);

  try {
    const orderCtx: Ctx = { state, orderBy: () => compileOrderBy(ctx, orders) };
    const select = compileSelect(orderCtx, query.selectExpressions, isAggregate);
    let where =
      query.filterExpressions.length > 0
        ? tracked(ctx, 'filter', query.filterExpressions, () =>
            compileAnd(ctx, query.filterExpressions),
          )
        : raw('1');
    if (!withDead && schema[table]?.tombstone) {
      where = sql`${where} AND ${raw(`${alias}.tombstone = 0`)}`;
    }
    const groupBy =
      query.groupExpressions.length > 0 ? compileGroupBy(ctx, query.groupExpressions) : null;
    const orderBy = orders.length > 0 ? compileOrderBy(ctx, orders) : null;
    const joins = joinSql(
      [...state.joins.values()].map((j) => compileJoin(state, j, withDead)),
      '\n',
    );
    const from = config.tableView(table, { isJoin: false, withDead, splits });
    const finds =
      table === 'transactions' && splits === 'grouped' && !isAggregate && !selectsOnlyId(query);
    const ids = { ...query, selectExpressions: ['id'] };
    const rowTests = finds && query.limit != null && usesSearch(query.filterExpressions);
    const rowsAs = (rootAlias: string) =>
      compileQuery(ids, { ...options, searchRows: true, rootAlias }).pieces;
    return {
      ...(finds ? { groupFinder: compileQuery(ids, options).pieces } : {}),
      ...(rowTests ? { searchRows: { rows: rowsAs(ROOT_ALIAS), lines: rowsAs('line') } } : {}),
      query,
      table,
      splits,
      isAggregate,
      ...(options.tagIndex ? { tagIndex: true } : {}),
      ...(options.accountOrder ? { accountOrder: options.accountOrder } : {}),
      ...(options.searchScan ? { searchScan: options.searchScan } : {}),
      ...(options.apartLines ? { apartLines: true as const } : {}),
      ...(options.notesFound ? { notesFound: options.notesFound } : {}),
      pieces: {
        select,
        from,
        alias,
        joins,
        where,
        groupBy,
        orderBy,
        limit: checkCount('limit', query.limit),
        offset: checkCount('offset', query.offset),
      },
      outputTypes: state.outputTypes,
      dependencies: state.dependencies,
      params: state.params,
    };
  } catch (err) {
    if (err instanceof CompileError) throw withExpressionStack(err, state.stack);
    throw err;
  }
}

const selectsOnlyId = (q: QueryState) =>
  q.selectExpressions.length === 1 && q.selectExpressions[0] === 'id';

export function limitOffset(limit: number | null, offset: number | null): Sql {
  if (limit == null && offset == null) return EMPTY;
  const l = limit == null ? raw(' LIMIT -1') : sql` LIMIT ${bind(limit)}`;
  return offset == null ? l : sql`${l} OFFSET ${bind(offset)}`;
}

/** The plain SELECT of a compiled query (optionally with an extra condition). */
export function buildSelect(p: SqlPieces, extraWhere?: Sql): Sql {
  const where = extraWhere ? sql`${p.where} AND ${extraWhere}` : p.where;
  const groupBy = p.groupBy ? sql` GROUP BY ${p.groupBy}` : EMPTY;
  const orderBy = p.orderBy ? sql` ORDER BY ${p.orderBy}` : EMPTY;
  const joins = p.joins.text ? sql`\n${p.joins}` : EMPTY;
  return sql`SELECT ${p.select} FROM ${raw(`${p.from} ${p.alias}`)}${joins} WHERE ${where}${groupBy}${orderBy}${limitOffset(p.limit, p.offset)}`;
}
