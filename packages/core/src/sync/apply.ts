import { type Clock, type Timestamp, merkle, serializeClock, serializeValue } from '@coffer/crdt';
import type { Logger, SqliteDatabase } from '../platform/index.ts';
import { PREFS_DATASET, SYNCED_PREFS } from '../schema/synced-tables.ts';
import { insertMany } from './merkle-batch.ts';
import {
  HAS_TIMESTAMP_SQL,
  INSERT_MESSAGE_SQL,
  NEWER_IN_CELL_SQL,
  SAVE_CLOCK_SQL,
  selectRowSql,
  upsertSql,
} from './statements.ts';
import type { CellValue, Message, MessageSource, Row } from './types.ts';

/** A message with its parsed timestamp (the merkle needs the hash). */
export interface Stamped {
  message: Message;
  ts: Timestamp;
}

export type RowSnapshot = Map<string, Map<string, Row | null>>;

export interface BatchOutcome {
  applied: Message[];
  duplicates: number;
  superseded: number;
  unknown: number;
  /** Rows of known tables touched by applied messages, as they were before. */
  before: RowSnapshot;
  prefs: Record<string, CellValue>;
}

const isSyncedPref = (row: string): boolean => (SYNCED_PREFS as readonly string[]).includes(row);

function snapshotRows(db: SqliteDatabase, keys: Map<string, Set<string>>): RowSnapshot {
  const snap: RowSnapshot = new Map();
  for (const [table, ids] of keys) {
    const sql = selectRowSql(table)!;
    const rows = new Map<string, Row | null>();
    for (const id of ids) rows.set(id, db.first<Row>(sql, [id]) ?? null);
    snap.set(table, rows);
  }
  return snap;
}

/** The rows named by `before`, read again now. */
export function readRowsLike(db: SqliteDatabase, before: RowSnapshot): RowSnapshot {
  const keys = new Map<string, Set<string>>();
  for (const [table, rows] of before) keys.set(table, new Set(rows.keys()));
  return snapshotRows(db, keys);
}

/**
 * Apply a batch in one SQLite transaction: last writer wins per cell, every new message goes
 * into `messages_crdt` and the merkle, and the clock is saved. The in-memory merkle is swapped
 * only after the commit, so a failure leaves memory and disk as they were.
 *
 * Local messages skip the per-cell comparison: they were just stamped by our clock, which is
 * past every timestamp this log has seen.
 */
export function applyBatch(
  db: SqliteDatabase,
  clock: Clock,
  log: Logger,
  batch: readonly Stamped[],
  source: MessageSource,
): BatchOutcome {
  const seen = new Set<string>();
  const fresh: Array<Stamped & { old: boolean }> = [];
  let duplicates = 0;
  let superseded = 0;
  for (const entry of batch) {
    const { timestamp, dataset, row, column } = entry.message;
    if (seen.has(timestamp) || (source === 'remote' && db.first(HAS_TIMESTAMP_SQL, [timestamp]))) {
      duplicates++;
      continue;
    }
    seen.add(timestamp);
    const old =
      source === 'remote' && db.first(NEWER_IN_CELL_SQL, [dataset, row, column, timestamp]) != null;
    if (old) superseded++;
    fresh.push({ ...entry, old });
  }
  fresh.sort((a, b) =>
    a.message.timestamp < b.message.timestamp
      ? -1
      : a.message.timestamp > b.message.timestamp
        ? 1
        : 0,
  );

  const touched = new Map<string, Set<string>>();
  for (const { message, old } of fresh) {
    if (old || !upsertSql(message.dataset, message.column)) continue;
    let ids = touched.get(message.dataset);
    if (!ids) touched.set(message.dataset, (ids = new Set()));
    ids.add(message.row);
  }
  const before = snapshotRows(db, touched);

  const applied: Message[] = [];
  const prefs: Record<string, CellValue> = {};
  const unknownCells = new Set<string>();
  let unknown = 0;
  const nextMerkle = db.transaction(() => {
    for (const { message, old } of fresh) {
      const { timestamp, dataset, row, column, value } = message;
      if (!old) {
        const sql = upsertSql(dataset, column);
        if (sql) {
          db.run(sql, [row, value]);
          applied.push(message);
        } else if (dataset === PREFS_DATASET && column === 'value' && isSyncedPref(row)) {
          prefs[row] = value;
          applied.push(message);
        } else {
          unknown++;
          unknownCells.add(`${dataset}.${column}`);
        }
      }
      db.run(INSERT_MESSAGE_SQL, [timestamp, dataset, row, column, serializeValue(value)]);
    }
    const trie = merkle.prune(
      insertMany(
        clock.merkle,
        fresh.map((f) => f.ts),
      ),
    );
    db.run(SAVE_CLOCK_SQL, [serializeClock({ timestamp: clock.timestamp, merkle: trie })]);
    return trie;
  });
  clock.merkle = nextMerkle;
  if (unknownCells.size > 0) {
    // A newer Actual may sync tables or columns we do not know: keep them in the log only.
    log.warn('Ignored messages for unknown tables or columns', { cells: [...unknownCells] });
  }
  return { applied, duplicates, superseded, unknown, before, prefs };
}
