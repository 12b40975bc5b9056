import type { CellValue } from '@coffer/crdt';
import type { SqlValue } from '../platform/index.ts';

export type { CellValue };

/**
 * One CRDT message: set cell (dataset = table, row = id, column) to `value` at HLC time
 * `timestamp` (the 46-character string). `column` is the stored column name (`acct`, not
 * `account`). Deleting is `tombstone = 1`; there is no insert or delete message.
 */
export interface Message {
  timestamp: string;
  dataset: string;
  row: string;
  column: string;
  value: CellValue;
}

/** A message as the log stores and the server relays it: the value in its `N:`/`S:`/`0:` form. */
export interface StoredMessage {
  timestamp: string;
  dataset: string;
  row: string;
  column: string;
  value: string;
}

/** A cell change before it gets a timestamp. */
export type CellChange = Omit<Message, 'timestamp'>;

/** A stored row, as SQLite returns it. */
export type Row = Record<string, SqlValue>;

export type MessageSource = 'local' | 'remote';

/** One row touched by an apply: how it looked before and after (null = no such row). */
export interface RowChange {
  id: string;
  old: Row | null;
  new: Row | null;
}

/** What listeners receive after a batch of messages is committed. */
export interface ChangeEvent {
  source: MessageSource;
  /** Set when the batch was an undo or redo. */
  undo: 'undo' | 'redo' | null;
  /** The messages that changed a known cell (not the ignored or superseded ones). */
  messages: readonly Message[];
  /** Known tables that had at least one row change. */
  tables: readonly string[];
  /** Per table, each touched row before and after. Raw stored rows, ids not mapped. */
  changes: ReadonlyMap<string, readonly RowChange[]>;
  /** Synced prefs (`budgetName`, `budgetType`) set by this batch. */
  prefs: Readonly<Record<string, CellValue>>;
}

/** Summary returned by `applyMessages`. */
export interface ApplyResult {
  /** Messages applied to a row or pref. */
  applied: number;
  /** Already in the log (same timestamp): dropped entirely. */
  duplicates: number;
  /** Older than what the cell already holds: logged and hashed, not applied. */
  superseded: number;
  /** For an unknown table or column: logged and hashed, not applied. */
  unknown: number;
  event: ChangeEvent | null;
}
