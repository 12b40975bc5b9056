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
  /** The parameters of `rows` rows, one after another (no array per row, no flattening). */
  pending: SqlValue[];
  rows: number;
}

const newNode = (): UpsertNode => ({ next: new Map(), pending: [], rows: 0 });

/** The node of a table's column set, found by walking the column names (no key string). */
export function nodeOf(
  upserts: Map<string, UpsertNode>,
  table: string,
  columns: Iterable<string>,
): UpsertNode {
  let node = upserts.get(table);
  if (!node) upserts.set(table, (node = newNode()));
  let at: UpsertNode = node;
  for (const column of columns) {
    let next: UpsertNode | undefined = at.next.get(column);
    if (!next) at.next.set(column, (next = newNode()));
    at = next;
  }
  return at;
}

/** One more row's parameters are in `node.pending`: a full chunk goes in by one statement. */
export function queued(db: SqliteDatabase, node: UpsertNode, waiting: Set<UpsertNode>): void {
  waiting.add(node);
  if (++node.rows < UPSERT_CHUNK) return;
  db.run(node.upsert!.chunk, node.pending);
  node.pending = [];
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
  waiting: Set<UpsertNode>,
  files: FileColumns,
  /** Null: the row as written is not wanted. */
  shapes: RowShapes | null,
  written: Map<string, Row | null>,
): void {
  const table = fresh.dataset;
  const node = nodeOf(upserts, table, fresh.columns);
  const upsert = (node.upsert ??= upsertRowSql(
    files.tableName(table),
    files.present(table, new Set(fresh.columns)),
  ));
  // The node is reached by this very column order, so the mapping holds for every row here.
  const order = (node.order ??= upsert.columns.map((c) => fresh.columns.indexOf(c)));
  const predicted = shapes
    ? shapes.writtenNew(table, fresh.row, fresh.columns, fresh.values)
    : null;
  const params: SqlValue[] = predicted !== undefined ? node.pending : [];
  params.push(fresh.row);
  for (let i = 0; i < order.length; i++) params.push(fresh.values[order[i]!] as SqlValue);
  if (predicted !== undefined) {
    queued(db, node, waiting);
    if (predicted) written.set(fresh.row, predicted);
  } else {
    written.set(fresh.row, db.first<Row>(upsert.returning, params) ?? null);
  }
}
