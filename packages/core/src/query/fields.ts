import type { AccountOrderReach } from './account-order-source.ts';
import type { StackEntry } from './errors.ts';
import { CompileError } from './errors.ts';
import type { FieldDesc, Schema, SchemaConfig } from './schema.ts';
import type { ParamRef, Sql } from './sql.ts';
import { ident, raw } from './sql.ts';
import type { ExprType, SqlExpr } from './types.ts';
import { computed } from './types.ts';

/** One LEFT JOIN the query needs, to follow a path or to check that a reference is alive. */
export interface Join {
  table: string;
  alias: string;
  /** The alias and public column on the joining side. */
  parentAlias: string;
  parentField: string;
  /** Reference checks join the stored table itself; path joins go through the table's view. */
  viaView: boolean;
}

/**
 * A page's notes as read once for its query (`notes-found.ts`), by the trimmed text: their ids,
 * or 'many' past the bound a page from a date on reads. Without it, each statement of a page
 * asked the index again (three trigram matches for a first page).
 */
export type NotesFound = ReadonlyMap<string, readonly string[] | 'many'>;

/** Everything one compilation accumulates. Created per query; never shared. */
export interface CompileState {
  readonly schema: Schema;
  readonly config: SchemaConfig;
  readonly rootTable: string;
  readonly rootAlias: string;
  readonly validateRefs: boolean;
  /** Keyed by the full path (`transactions.payee.transfer_acct`), in creation order. */
  readonly joins: Map<string, Join>;
  readonly dependencies: string[];
  readonly outputTypes: Map<string, ExprType>;
  readonly params: ParamRef[];
  readonly stack: StackEntry[];
  aliasCounter: number;
  /** Tag conditions may read the tag index (the caller made it current). */
  readonly tagIndex: boolean;
  /** The search index is being built: how far (`CompileOptions.searchScan`); null: built. */
  readonly searchScan: { indexedUpTo: string | null } | null;
  /** The account-order table's reach (`CompileOptions.accountOrder`); null: none of it yet. */
  readonly accountOrder: AccountOrderReach | null;
  /** `$search` as a test of the row's columns (`CompileOptions.searchRows`). */
  readonly searchRows: boolean;
  /** A search's notes already read (`CompileOptions.notesFound`); null: asked of the index. */
  readonly notesFound: NotesFound | null;
}

/** Where an expression is compiled: `implicitField` is what `'$'` means inside `$transform`. */
export interface Ctx {
  readonly state: CompileState;
  readonly implicitField?: string;
  /** Compiles the query's order, which `$sumOver` runs along (only set inside a select). */
  readonly orderBy?: () => Sql;
}

/** Runs `fn` with an entry on the expression stack. On failure the entry stays for the error. */
export function tracked<T>(ctx: Ctx, kind: StackEntry['kind'], value: unknown, fn: () => T): T {
  ctx.state.stack.push({ kind, value });
  const result = fn();
  ctx.state.stack.pop();
  return result;
}

export function fieldDesc(state: CompileState, table: string, field: string): FieldDesc {
  const desc = state.schema[table];
  if (desc === undefined) throw new CompileError(`Table "${table}" does not exist in the schema`);
  const fd = Object.hasOwn(desc, field) ? desc[field] : undefined;
  if (fd === undefined)
    throw new CompileError(`Field "${field}" does not exist in table "${table}"`);
  return fd;
}

/** Creates the join for a full path like `transactions.payee.transfer_acct`. */
function makeJoin(state: CompileState, fullPath: string, viaView: boolean): Join {
  const parts = fullPath.split('.');
  if (parts.length < 2) throw new CompileError('Invalid path: ' + fullPath);
  const table = parts.slice(1).reduce((from, field) => {
    const desc = state.schema[from];
    if (desc === undefined) throw new CompileError(`Path error: ${from} table does not exist`);
    const ref = Object.hasOwn(desc, field) ? desc[field]?.ref : undefined;
    if (ref === undefined) {
      throw new CompileError(`Field not joinable on table ${from}: "${field}"`);
    }
    return ref;
  }, parts[0]!);
  let parentAlias = state.rootAlias;
  if (parts.length > 2) {
    const parentPath = parts.slice(0, -1).join('.');
    const parent = state.joins.get(parentPath);
    if (!parent) throw new CompileError('Path does not exist: ' + parentPath);
    parentAlias = parent.alias;
  }
  state.aliasCounter += 1;
  if (!state.dependencies.includes(table)) state.dependencies.push(table);
  return {
    table,
    alias: `${table}${state.aliasCounter}`,
    parentAlias,
    parentField: parts[parts.length - 1]!,
    viaView,
  };
}

/** Joins every step of a relative path (`payee.transfer_acct`) and returns the last one. */
function resolvePath(state: CompileState, path: string): Join {
  let full = state.rootTable;
  let join: Join | undefined;
  for (const step of path.split('.')) {
    full += '.' + step;
    join = state.joins.get(full);
    if (!join) {
      join = makeJoin(state, full, true);
      state.joins.set(full, join);
    }
  }
  return join!;
}

/**
 * A field of the root table or a dotted path into referenced tables. An id that references
 * another table is read through a join on that table (unless refs are not validated), so a
 * reference to a deleted row reads as null.
 */
export function compileField(ctx: Ctx, name: string): SqlExpr {
  const { state } = ctx;
  const dot = name.lastIndexOf('.');
  const path = dot === -1 ? '' : name.slice(0, dot);
  const field = name.slice(dot + 1);
  let table = state.rootTable;
  let alias = state.rootAlias;
  if (path !== '') {
    const join = resolvePath(state, path);
    table = join.table;
    alias = join.alias;
  }
  const desc = fieldDesc(state, table, field);
  if (state.validateRefs && desc.ref !== undefined && desc.type === 'id' && field !== 'id') {
    // Kept apart from path joins: this one reads the stored table, not its view.
    const key = `ref:${state.rootTable}.${name}`;
    let check = state.joins.get(key);
    if (!check) {
      check = makeJoin(state, `${state.rootTable}.${name}`, false);
      state.joins.set(key, check);
    }
    return computed(raw(`${check.alias}.id`), desc.type);
  }
  return computed(raw(`${alias}.${ident(field)}`), desc.type);
}

/** The fields `'*'` or `'path.*'` stands for, as names relative to the root table. */
export function expandStar(state: CompileState, expr: string): string[] {
  if (expr === '*') return Object.keys(state.schema[state.rootTable] ?? {});
  if (!expr.endsWith('.*')) throw new CompileError(`Invalid field name: ${expr}`);
  const path = expr.slice(0, -2);
  const join = resolvePath(state, path);
  return Object.keys(state.schema[join.table] ?? {}).map((field) => `${path}.${field}`);
}
