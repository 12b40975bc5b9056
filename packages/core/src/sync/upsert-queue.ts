import type { SqlValue, SqliteDatabase } from '../platform/index.ts';
import type { FileColumns } from '../schema/file-columns.ts';
import type { FreshRow } from './fresh-rows.ts';
import type { RowShapes } from './row-shapes.ts';
import { UPSERT_CHUNK, upsertRowSql } from './statements.ts';
import type { Row } from './types.ts';

/**
 * The upsert statements of one table, by the column names a row sets, in their order, and
 * the parameters of rows waiting to go in by one multi-row statement.
 */
export interface UpsertNode {
  next: Map<string, UpsertNode>;
  upsert?: ReturnType<typeof upsertRowSql>;
  /** For a fresh row reaching this node: where each of the upsert's columns is in its arrays. */
  order?: number[];
  /**
   * The parameters of `rows` rows, one after another (no array per row, no flattening), in
   * its first `filled` places. A full chunk is written and the array filled again from the
   * start: it grows once, to a chunk's size, instead of once per chunk.
   */
  pending: SqlValue[];
  filled: number;
  rows: number;
}

const newNode = (): UpsertNode => ({ next: new Map(), pending: [], filled: 0, rows: 0 });

/** One more parameter of the row being queued at `node`. */
export function put(node: UpsertNode, value: SqlValue): void {
  node.pending[node.filled++] = value;
}

/** The node of a table's column set, found by walking the column names (no key string). */
export function nodeOf(
  upserts: Map<string, UpsertNode>,
  table: string,
  columns: Iterable<string>,
): UpsertNode {
  let node = upserts.get(table);
  if (!node) upserts.set(table, (node = newNode()));
  let at: UpsertNode = node;
  for (const column of columns) at = step(at, column);
  return at;
}

/** `nodeOf` for a list (an indexed loop: `for…of` made an iterator result per column). */
export function nodeOfList(
  upserts: Map<string, UpsertNode>,
  table: string,
  columns: readonly string[],
): UpsertNode {
  let node = upserts.get(table);
  if (!node) upserts.set(table, (node = newNode()));
  for (let i = 0; i < columns.length; i++) node = step(node, columns[i]!);
  return node;
}

function step(at: UpsertNode, column: string): UpsertNode {
  let next = at.next.get(column);
  if (!next) at.next.set(column, (next = newNode()));
  return next;
}

/** One more row's parameters are in `node.pending`: a full chunk goes in by one statement. */
export function queued(db: SqliteDatabase, node: UpsertNode, waiting: Set<UpsertNode>): void {
  waiting.add(node);
  if (++node.rows < UPSERT_CHUNK) return;
  // The driver binds the parameters before `run` returns: the array can be filled again.
  db.run(node.upsert!.chunk, node.pending);
  node.filled = 0;
  node.rows = 0;
}

/**
 * What is left of each column set goes row by row (one more statement per leftover size would
 * fill the statement cache).
 */
export function runLeftovers(db: SqliteDatabase, waiting: ReadonlySet<UpsertNode>): void {
  for (const node of waiting) {
    const width = node.upsert!.columns.length + 1;
    for (let k = 0; k < node.rows; k++) {
      db.run(node.upsert!.sql, node.pending.slice(k * width, (k + 1) * width));
    }
  }
}

/**
 * A fresh row (all its columns the table's own) by the same statements as the message path,
 * its parameters taken from its arrays, and the same row as written.
 */
export function writeFresh(
  db: SqliteDatabase,
  fresh: FreshRow,
  upserts: Map<string, UpsertNode>,
  /** The node of each column list met so far (rows of a batch share their lists). */
  byList: Map<readonly string[], UpsertNode>,
  waiting: Set<UpsertNode>,
  files: FileColumns,
  /** Null: the row as written is not wanted. */
  shapes: RowShapes | null,
  written: Map<string, Row | null>,
): void {
  const table = fresh.dataset;
  let node = byList.get(fresh.columns);
  if (!node) byList.set(fresh.columns, (node = nodeOfList(upserts, table, fresh.columns)));
  const upsert = (node.upsert ??= upsertRowSql(
    files.tableName(table),
    files.present(table, new Set(fresh.columns)),
  ));
  // The node is reached by this very column order, so the mapping holds for every row here.
  const order = (node.order ??= upsert.columns.map((c) => fresh.columns.indexOf(c)));
  const predicted = shapes
    ? shapes.writtenNew(table, fresh.row, fresh.columns, fresh.values)
    : null;
  if (predicted !== undefined) {
    put(node, fresh.row);
    for (let i = 0; i < order.length; i++) put(node, fresh.values[order[i]!] as SqlValue);
    queued(db, node, waiting);
    if (predicted) written.set(fresh.row, predicted);
  } else {
    const params: SqlValue[] = [fresh.row];
    for (let i = 0; i < order.length; i++) params.push(fresh.values[order[i]!] as SqlValue);
    written.set(fresh.row, db.first<Row>(upsert.returning, params) ?? null);
  }
}
