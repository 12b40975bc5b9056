import {
  type Clock,
  type Timestamp,
  hashTimestampText,
  merkle,
  serializeClock,
} from '@coffer/crdt';
import type { Logger, SqlValue, SqliteDatabase } from '../platform/index.ts';
import type { FileColumns } from '../schema/file-columns.ts';
import { PREFS_DATASET, SYNCED_PREFS } from '../schema/synced-tables.ts';
import { withBulkIndexes } from './bulk-indexes.ts';
import {
  FreshPrinter,
  type FreshRow,
  cellsOf,
  inStampOrder,
  insertLogRows,
  lazyMessages,
  plainRows,
} from './fresh-rows.ts';
import { addToMinute, insertByMinute } from './merkle-batch.ts';
import type { RowShapes } from './row-shapes.ts';
import { type UpsertNode, nodeOf, put, queued, runLeftovers, writeFresh } from './upsert-queue.ts';
import {
  LATEST_IN_CELLS_SQL,
  LOGGED_TIMESTAMPS_SQL,
  NEWEST_LOGGED_SQL,
  SAVE_CLOCK_SQL,
  upsertRowSql,
} from './statements.ts';
import type { CellValue, ChangeEvent, Message, MessageSource, Row, RowChange } from './types.ts';
import { upsertCells } from './write-cells.ts';

/**
 * A message with what the merkle needs: its minute number and, for a message from elsewhere,
 * its parsed timestamp (whose canonical form is hashed). A message our clock stamped has a
 * canonical timestamp string already and carries no `Timestamp` object.
 */
export interface Stamped {
  message: Message;
  minute: number;
  ts?: Timestamp;
}

export type RowSnapshot = Map<string, Map<string, Row | null>>;

export interface BatchOutcome {
  /** How many messages changed a known cell (`messages()` lists them). */
  applied: number;
  /** Those messages in timestamp order, made on first call for a batch with fresh rows. */
  messages: () => readonly Message[];
  duplicates: number;
  superseded: number;
  unknown: number;
  /**
   * Rows of known tables touched by applied messages, as they were before (a table touched by
   * a batch applied without rows maps to no rows).
   */
  before: RowSnapshot;
  /** The same rows as the batch left them (what the upserts returned). */
  after: RowSnapshot;
  prefs: Record<string, CellValue>;
}

/** A touched row's cells: by column (from messages), or a fresh row's own arrays. */
type Cells = Map<string, CellValue> | FreshRow;

const isSyncedPref = (row: string): boolean => (SYNCED_PREFS as readonly string[]).includes(row);

/**
 * Read rows by id, a few hundred per query. Missing rows map to null. Rows in `known` (what
 * the caller already read or created during the batch) are taken from there instead, and
 * rows `isNew` names are known to be missing.
 */
export function readRows(
  db: SqliteDatabase,
  files: FileColumns,
  keys: ReadonlyMap<string, Iterable<string>>,
  known?: RowSnapshot,
  isNew?: (table: string, id: string) => boolean,
): RowSnapshot {
  const snap: RowSnapshot = new Map();
  for (const [table, idSet] of keys) {
    const rows = new Map<string, Row | null>();
    const ids: string[] = [];
    const knownRows = known?.get(table);
    for (const id of idSet) {
      const row = isNew?.(table, id) ? null : knownRows?.get(id);
      rows.set(id, row === undefined ? null : row);
      if (row === undefined) ids.push(id);
    }
    const sql = `${files.rowsSql(table)} WHERE t.id IN (SELECT value FROM json_each(?))`;
    for (let i = 0; i < ids.length; i += 500) {
      for (const row of db.all<Row>(sql, [JSON.stringify(ids.slice(i, i + 500))])) {
        rows.set(String(row.id), row);
      }
    }
    snap.set(table, rows);
  }
  return snap;
}

const byTimestamp = (a: Stamped, b: Stamped): number =>
  a.message.timestamp < b.message.timestamp
    ? -1
    : a.message.timestamp > b.message.timestamp
      ? 1
      : 0;

const LOOKUP_CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += LOOKUP_CHUNK) out.push(items.slice(i, i + LOOKUP_CHUNK));
  return out;
}

/**
 * Drop what the log already has, mark what a newer logged value of the same cell supersedes,
 * and sort. Only a message no later than the log's newest timestamp can be either, so only
 * those are looked up (a download into an empty log, or a catch-up past our own last write,
 * looks up nothing); the log is asked a few hundred timestamps or cells per query.
 */
function classifyIncoming(db: SqliteDatabase, batch: readonly Stamped[]) {
  const newest = db.first<{ latest: string | null }>(NEWEST_LOGGED_SQL)?.latest ?? null;
  const seen = new Set<string>();
  let fresh: Stamped[] = [];
  const maybeOld: Stamped[] = [];
  let duplicates = 0;
  for (const entry of batch) {
    const timestamp = entry.message.timestamp;
    if (seen.has(timestamp)) {
      duplicates++;
      continue;
    }
    seen.add(timestamp);
    fresh.push(entry);
    if (newest !== null && timestamp <= newest) maybeOld.push(entry);
  }
  if (maybeOld.length === 0) return { fresh: sortByTimestamp(fresh), old: null, duplicates };

  const logged = new Set<string>();
  for (const chunk of chunks(maybeOld.map((e) => e.message.timestamp))) {
    for (const r of db.all<{ timestamp: string }>(LOGGED_TIMESTAMPS_SQL, [JSON.stringify(chunk)])) {
      logged.add(r.timestamp);
    }
  }
  if (logged.size > 0) {
    fresh = fresh.filter((e) => !logged.has(e.message.timestamp));
    duplicates += batch.length - duplicates - fresh.length;
  }
  const unlogged = maybeOld.filter((e) => !logged.has(e.message.timestamp));

  const cellKey = (m: Message): string => JSON.stringify([m.dataset, m.row, m.column]);
  const cells = [...new Set(unlogged.map((e) => cellKey(e.message)))];
  const latest = new Map<string, string>();
  for (const chunk of chunks(cells)) {
    const rows = db.all<{ i: number; latest: string | null }>(LATEST_IN_CELLS_SQL, [
      `[${chunk.join(',')}]`,
    ]);
    for (const r of rows) if (r.latest != null) latest.set(chunk[r.i]!, r.latest);
  }
  const old = new Set<Stamped>();
  for (const entry of unlogged) {
    const newestHere = latest.get(cellKey(entry.message));
    if (newestHere !== undefined && newestHere > entry.message.timestamp) old.add(entry);
  }
  return { fresh: sortByTimestamp(fresh), old, duplicates };
}

/** Sorted in place; a batch that is already in order (the usual case) is only checked. */
function sortByTimestamp(entries: Stamped[]): Stamped[] {
  for (let i = 1; i < entries.length; i++) {
    if (entries[i - 1]!.message.timestamp > entries[i]!.message.timestamp) {
      return entries.sort(byTimestamp);
    }
  }
  return entries;
}

/**
 * Apply a batch in one SQLite transaction: last writer wins per cell, every new message goes
 * into `messages_crdt` and the merkle, and the clock is saved. The in-memory merkle is swapped
 * only after the commit, so a failure leaves memory and disk as they were.
 *
 * Messages our clock just stamped skip the log lookups: the clock is past every timestamp
 * this log has seen. Within a batch the cells of one row are written by one
 * upsert holding each cell's last value, which ends in the same state as applying the
 * messages one by one in timestamp order. The rows as written come from `shapes` (the row
 * before plus its new cells) where that is certain to be what SQLite stored, else from the
 * upsert's `RETURNING *`.
 */
export function applyBatch(
  db: SqliteDatabase,
  clock: Clock,
  log: Logger,
  batch: readonly Stamped[],
  justStamped: boolean,
  files: FileColumns,
  shapes: RowShapes,
  knownBefore?: RowSnapshot,
  freshRows: readonly FreshRow[] = [],
  /** False: nobody reads the rows before and after (the outcome holds only their tables). */
  keepRows = true,
): BatchOutcome {
  if (freshRows.length > 0 && !justStamped) throw new Error('Fresh rows come from our own clock');
  // Just-stamped messages come from one clock in call order: sorted, new, and newest.
  const { fresh, old, duplicates } = justStamped
    ? { fresh: batch, old: null, duplicates: 0 }
    : classifyIncoming(db, batch);

  const applied: Message[] = [];
  let freshApplied = 0;
  let freshCells = 0;
  const prefs: Record<string, CellValue> = {};
  const rows = new Map<string, Map<string, Cells>>();
  const tableOf = (dataset: string) => {
    let table = rows.get(dataset);
    if (!table) rows.set(dataset, (table = new Map()));
    return table;
  };
  const unknownCells = new Set<string>();
  let unknown = 0;
  const isPlain = plainRows(files);
  // Messages and fresh rows in the order they were stamped, so that a message on a fresh row
  // (a transfer's other side, a split settled) lands over the row's own cells.
  inStampOrder(
    fresh,
    freshRows,
    new FreshPrinter(),
    (entry) => {
      if (old?.has(entry)) return;
      const { dataset, row, column, value } = entry.message;
      if (files.has(dataset, column)) {
        const table = tableOf(dataset);
        let cells = table.get(row);
        if (!cells) table.set(row, (cells = new Map()));
        else if (!(cells instanceof Map)) table.set(row, (cells = cellsOf(cells)));
        cells.set(column, value);
        applied.push(entry.message);
      } else if (dataset === PREFS_DATASET && column === 'value' && isSyncedPref(row)) {
        prefs[row] = value;
        applied.push(entry.message);
      } else {
        unknown++;
        unknownCells.add(`${dataset}.${column}`);
      }
    },
    (fr) => {
      freshCells += fr.columns.length;
      const table = tableOf(fr.dataset);
      const had = table.get(fr.row);
      if (had === undefined && isPlain(fr)) {
        table.set(fr.row, fr);
        freshApplied += fr.columns.length;
        return;
      }
      // A column on the side or missing from the file: the message path's way, cell by cell.
      const cells = had === undefined ? new Map() : had instanceof Map ? had : cellsOf(had);
      table.set(fr.row, cells);
      for (let c = 0; c < fr.columns.length; c++) {
        const column = fr.columns[c]!;
        if (files.has(fr.dataset, column)) {
          cells.set(column, fr.values[c]!);
          freshApplied++;
        } else {
          unknown++;
          unknownCells.add(`${fr.dataset}.${column}`);
        }
      }
    },
  );

  const touched = new Map<string, Iterable<string>>();
  for (const [table, byRow] of rows) touched.set(table, byRow.keys());
  const isNew = (table: string, id: string) => !(rows.get(table)!.get(id) instanceof Map);
  const before = keepRows
    ? readRows(db, files, touched, knownBefore, freshRows.length > 0 ? isNew : undefined)
    : new Map([...touched.keys()].map((table) => [table, new Map<string, Row | null>()]));
  const after: RowSnapshot = new Map();

  const adding = new Map([...rows].map(([table, byRow]) => [table, byRow.size]));
  adding.set('messages_crdt', fresh.length + freshCells);
  const nextMerkle = db.transaction(() => {
    const byMinute = new Map<number, number>();
    withBulkIndexes(db, adding, () => {
      writeRows(db, rows, before, after, files, keepRows ? shapes : null);
      insertLogRows(db, fresh, freshRows, byMinute);
    });
    for (const f of fresh) {
      const hash = f.ts ? f.ts.hash() : hashTimestampText(f.message.timestamp);
      addToMinute(byMinute, f.minute, hash);
    }
    const trie = merkle.prune(insertByMinute(clock.merkle, byMinute));
    db.run(SAVE_CLOCK_SQL, [serializeClock({ timestamp: clock.timestamp, merkle: trie })]);
    return trie;
  });
  clock.merkle = nextMerkle;
  if (unknownCells.size > 0) {
    // A newer Actual syncs tables and columns this file lacks: they stay in the log, and are
    // applied from there if a later migration adds them (see schema/catch-up.ts).
    log.warn('Kept messages for tables or columns this file lacks', { cells: [...unknownCells] });
  }
  return {
    applied: applied.length + freshApplied,
    messages: lazyMessages(applied, freshRows, files),
    duplicates,
    superseded: old?.size ?? 0,
    unknown,
    before,
    after,
    prefs,
  };
}

/**
 * Upsert each touched row once with its cells' last values (recording the rows as written in
 * `after`), then log the messages.
 */
function writeRows(
  db: SqliteDatabase,
  rows: ReadonlyMap<string, ReadonlyMap<string, Cells>>,
  before: RowSnapshot,
  after: RowSnapshot,
  files: FileColumns,
  /** Null: the rows as written are not wanted (`after` stays empty). */
  shapes: RowShapes | null,
): void {
  // One statement per column set; an import's rows all share one.
  const upserts = new Map<string, UpsertNode>();
  const byList = new Map<readonly string[], UpsertNode>();
  const waiting = new Set<UpsertNode>();
  for (const [table, byRow] of rows) {
    const written = new Map<string, Row | null>();
    after.set(table, written);
    const rowsBefore = before.get(table)!;
    const side = files.side(table);
    // forEach, not for…of with [row, cells]: that made an entry array per row.
    byRow.forEach((cells, row) => {
      if (!(cells instanceof Map)) {
        writeFresh(db, cells, upserts, byList, waiting, files, shapes, written);
        return;
      }
      if (side && hasAny(cells, side.columns)) {
        // Extension columns of a 23.8.1 file: rare enough to write row by row.
        const old = rowsBefore.get(row) ?? null;
        upsertCells(db, files, table, row, cells);
        if (!shapes) return;
        const predicted = shapes.written(table, row, old, cells);
        written.set(
          row,
          predicted ??
            readRows(db, files, new Map([[table, [row]]]))
              .get(table)!
              .get(row)!,
        );
        return;
      }
      const node = nodeOf(upserts, table, cells.keys());
      const upsert = (node.upsert ??= upsertRowSql(
        files.tableName(table),
        files.present(table, cells),
      ));
      const predicted = shapes
        ? shapes.written(table, row, rowsBefore.get(row) ?? null, cells)
        : null;
      if (predicted !== undefined) {
        // Rows are distinct, so the order they go in does not matter.
        put(node, row);
        for (const column of upsert.columns) put(node, cells.get(column) as SqlValue);
        queued(db, node, waiting);
        if (predicted) written.set(row, predicted);
      } else {
        const params: SqlValue[] = [row];
        for (const column of upsert.columns) params.push(cells.get(column) as SqlValue);
        written.set(row, db.first<Row>(upsert.returning, params) ?? null);
      }
    });
  }
  runLeftovers(db, waiting);
}

/** Whether `cells` sets any of `columns` (a loop: no closure made per row). */
function hasAny(cells: ReadonlyMap<string, CellValue>, columns: readonly string[]): boolean {
  for (let i = 0; i < columns.length; i++) if (cells.has(columns[i]!)) return true;
  return false;
}

/** The change event listeners get for an applied batch: each touched row, before and after. */
export function changeEventOf(
  outcome: BatchOutcome,
  source: MessageSource,
  undo: 'undo' | 'redo' | null,
): ChangeEvent {
  const changes = new Map<string, RowChange[]>();
  for (const [table, rows] of outcome.before) {
    const list: RowChange[] = [];
    const now = outcome.after.get(table)!;
    for (const [id, old] of rows) list.push({ id, old, new: now.get(id) ?? null });
    if (list.length > 0) changes.set(table, list);
  }
  // The messages are made when a listener first reads them (see `FreshRow`).
  return {
    source,
    undo,
    get messages() {
      return outcome.messages();
    },
    // Every table `before` holds had a row changed (with no rows kept, it holds them bare).
    tables: [...outcome.before.keys()],
    changes,
    prefs: outcome.prefs,
  };
}
