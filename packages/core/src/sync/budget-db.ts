import {
  type Clock,
  Timestamp,
  TimestampPrinter,
  type TrieNode,
  advance,
  recv,
} from '@coffer/crdt';
import type { Logger, Random, SqliteDatabase, Clock as WallClock } from '../platform/index.ts';
import { FileColumns } from '../schema/file-columns.ts';
import {
  PREFS_DATASET,
  type SyncedTable,
  columnKind,
  hasTombstone,
} from '../schema/synced-tables.ts';
import { UndoManager, type UndoEvent } from '../undo/undo-manager.ts';
import {
  type BatchOutcome,
  type RowSnapshot,
  type Stamped,
  applyBatch,
  changeEventOf,
} from './apply.ts';
import { loadClock } from './clock-store.ts';
import { type FreshRow, freshRowOfCells, inputCells } from './fresh-rows.ts';
import { minuteOf } from './merkle-batch.ts';
import { PendingCells } from './pending-cells.ts';
import { RowShapes } from './row-shapes.ts';
import { MESSAGES_SINCE_SQL } from './statements.ts';
import type {
  ApplyResult,
  CellChange,
  CellValue,
  ChangeEvent,
  Message,
  MessageSource,
  Row,
  StoredMessage,
} from './types.ts';
import { type InputValue, type RowInput, toCellValue } from './values.ts';

export interface BudgetDbDeps {
  clock: WallClock;
  random: Random;
  log: Logger;
  /** Receives `undo-event` payloads after undo and redo. */
  emitUndo?: (event: UndoEvent) => void;
}

export interface BudgetDbOptions {
  /** This file came from another device: take a fresh node id. */
  resetClock?: boolean;
  /** Undo history depth (markers). */
  undoLimit?: number;
  /** The file's synced tables and columns, when the caller has learnt them already. */
  columns?: FileColumns;
}

export type ChangeListener = (event: ChangeEvent) => void;

const decoder = new TextDecoder();

/**
 * The write path of one open budget: every change becomes CRDT messages applied in one SQLite
 * transaction (rows, `messages_crdt`, merkle, clock). Owns the HLC clock and the undo history.
 *
 * Writes are synchronous. Inside `batch`/`batchAsync` they are buffered and applied together
 * when the outermost batch ends; reads in the meantime still see the rows as before the batch.
 * Callers must go through the single-writer queue of the handler framework so batches and
 * undo markers of two mutations never interleave.
 */
export class BudgetDb {
  readonly undo: UndoManager;
  private readonly listeners = new Set<ChangeListener>();
  /** The listeners that read `changes` (rows), not only which tables changed. */
  private readonly rowListeners = new Set<ChangeListener>();
  private pending: Stamped[] | null = null;
  /** Rows the open batch creates with ids nobody has (`insertFresh`), kept as arrays. */
  private fresh: FreshRow[] = [];
  private readonly pendingCells = new PendingCells();
  /** Rows as SQLite holds them during the open batch, noted by callers that read them. */
  private knownBefore: RowSnapshot = new Map();
  private batchDepth = 0;
  private readonly shapes: RowShapes;
  /** What remote messages may write: the file's own tables and columns, learnt on open. */
  readonly columns: FileColumns;

  private constructor(
    readonly sqlite: SqliteDatabase,
    private readonly clock: Clock,
    private readonly deps: BudgetDbDeps,
    options: BudgetDbOptions,
  ) {
    this.columns = options.columns ?? FileColumns.learn(sqlite);
    this.shapes = new RowShapes(sqlite, this.columns);
    this.undo = new UndoManager({
      limit: options.undoLimit ?? 40,
      send: (changes, kind) => this.sendAs(changes, kind),
      emit: deps.emitUndo,
    });
  }

  /** Wrap an open, migrated budget database and load its clock. */
  static open(sqlite: SqliteDatabase, deps: BudgetDbDeps, options: BudgetDbOptions = {}): BudgetDb {
    const clock = loadClock(sqlite, deps.random, options.resetClock ?? false);
    return new BudgetDb(sqlite, clock, deps, options);
  }

  /**
   * Re-read the clock from `messages_clock` after the sync client rewrote the log outside the
   * write path (sync repair rebuilds the merkle; sync reset empties the log and the clock row,
   * which gives a fresh clock with a new node id).
   */
  reloadClock(): void {
    Object.assign(this.clock, loadClock(this.sqlite, this.deps.random));
  }

  /** The merkle of every message in the log (pruned), as stored with the clock. */
  get merkle(): TrieNode {
    return this.clock.merkle;
  }

  /** The clock's latest timestamp string. */
  get timestamp(): string {
    return this.clock.timestamp.toString();
  }

  get nodeId(): string {
    return this.clock.timestamp.node();
  }

  // ---- local writes -------------------------------------------------------------------

  /** Create a row (an id is generated when absent). Returns the id. */
  insert<T extends SyncedTable>(table: T, row: RowInput<T>): string {
    const id = row.id ?? this.deps.random.uuid();
    const { columns, values } = inputCells(
      table,
      row as Readonly<Record<string, InputValue | undefined>>,
    );
    this.sendRow(table, id, columns, values);
    return id;
  }

  /**
   * `insert` for a row whose id nobody has: a fresh uuid, or one the caller checked against the
   * table and the open batch. Inside a batch its cells are kept as the row's columns and values
   * with their first timestamp (see `FreshRow`), not as one message each, and the commit knows
   * the row was not there before; the log, the merkle and the rows end as `insert` leaves them.
   */
  insertFresh<T extends SyncedTable>(table: T, row: RowInput<T> & { id: string }): void {
    const { columns, values } = inputCells(table, row);
    this.insertFreshCells(table, row.id, columns, values);
  }

  /**
   * `insertFresh` for a row laid out as its set columns and their cell values (`toCellValue`'s),
   * which the row keeps: the caller hands over both arrays and leaves them alone.
   */
  insertFreshCells(table: SyncedTable, id: string, columns: string[], values: CellValue[]): void {
    if (!this.pending) {
      this.sendRow(table, id, columns, values);
      return;
    }
    const last = this.fresh[this.fresh.length - 1];
    const fresh = freshRowOfCells(table, id, columns, values, this.clock, this.now, last);
    if (fresh) this.fresh.push(fresh);
  }

  private readonly now = (): number => this.deps.clock.now();

  /** Prints the timestamps this write path stamps (its node's; made again if the node changes). */
  private printer: TimestampPrinter | null = null;

  /**
   * `ts.toString()`, with the date printed once per millisecond instead of once per message:
   * an import's 12,620 matched rows stamp ~40,000 cells, and printing each one's date showed
   * in its CPU profile.
   */
  private textOf(ts: Timestamp): string {
    const node = ts.node();
    if (this.printer?.node !== node) this.printer = new TimestampPrinter(node);
    return this.printer.text(ts.millis(), ts.counter());
  }

  /** Set the given columns of a row. Columns whose stored value is unchanged send nothing. */
  update<T extends SyncedTable>(table: T, row: RowInput<T> & { id: string }): void {
    const current = this.sqlite.first<Row>(`${this.columns.rowsSql(table)} WHERE t.id = ?`, [
      row.id,
    ]);
    const input = row as Readonly<Record<string, InputValue | undefined>>;
    const columns: string[] = [];
    const values: CellValue[] = [];
    for (const column of Object.keys(input)) {
      const given = input[column];
      if (column === 'id' || given === undefined) continue;
      const value = toCellValue(table, column, given);
      // Only an unchanged stored value can be skipped, and only if the open batch has not
      // written the cell since (indexing the batch is the costly part, so it is asked last).
      if (current && current[column] === value && !this.isPending(table, row.id, column)) {
        continue;
      }
      columns.push(column);
      values.push(value);
    }
    this.sendRow(table, row.id, columns, values);
  }

  /** Soft-delete: `tombstone = 1`. Only for tables that have a tombstone. */
  delete(table: SyncedTable, id: string): void {
    if (!hasTombstone(table)) throw new Error(`${table} has no tombstone; it cannot be deleted`);
    this.send([{ dataset: table, row: id, column: 'tombstone', value: 1 }]);
  }

  /** Set synced prefs (`budgetName`, `budgetType`) through the `prefs` dataset. */
  setSyncedPrefs(prefs: Record<string, string>): void {
    this.send(
      Object.entries(prefs).map(([row, value]) => ({
        dataset: PREFS_DATASET,
        row,
        column: 'value',
        value,
      })),
    );
  }

  /**
   * Ids of `table`'s rows written so far in the open batch (empty outside one). A caller that
   * keeps its own view of rows it writes (the transaction store) asks once, up front, which
   * rows someone else already changed in the batch, since SQLite does not show those yet.
   */
  pendingRowIds(table: string): Set<string> {
    const ids = new Set<string>();
    for (const { message } of this.pending ?? [])
      if (message.dataset === table) ids.add(message.row);
    for (const fresh of this.fresh) if (fresh.dataset === table) ids.add(fresh.row);
    return ids;
  }

  /**
   * Inside a batch: `row` is how SQLite holds `table`'s row `id` (null: there is none), read or
   * known by the caller. SQLite does not change until the batch commits, so the commit takes
   * the row from here for its before-image instead of reading it again; an import notes the
   * rows it matched and the ones it creates. Outside a batch this does nothing.
   */
  noteRowBefore(table: SyncedTable, id: string, row: Row | null): void {
    if (!this.pending) return;
    let rows = this.knownBefore.get(table);
    if (!rows) this.knownBefore.set(table, (rows = new Map()));
    if (!rows.has(id)) rows.set(id, row);
  }

  /** Stamp cell changes with the clock and apply them (or buffer them inside a batch). */
  send(changes: readonly CellChange[]): ChangeEvent | null {
    for (const { dataset, column } of changes) {
      const known = dataset === PREFS_DATASET ? column === 'value' : columnKind(dataset, column);
      if (!known) throw new Error(`Unknown column ${dataset}.${column}`);
    }
    return this.sendAs(changes, null);
  }

  /** Buffer every write made by `fn` and apply them as one batch when it returns. */
  batch<T>(fn: () => T): T {
    this.openBatch();
    let result: T;
    try {
      result = fn();
      if (result instanceof Promise)
        throw new TypeError('batch() takes a synchronous function; use batchAsync');
    } catch (err) {
      this.abortBatch();
      throw err;
    }
    this.closeBatch();
    return result;
  }

  async batchAsync<T>(fn: () => Promise<T>): Promise<T> {
    this.openBatch();
    let result: T;
    try {
      result = await fn();
    } catch (err) {
      this.abortBatch();
      throw err;
    }
    this.closeBatch();
    return result;
  }

  // ---- applying messages ----------------------------------------------------------------

  /**
   * Apply messages stamped elsewhere (the server, another device, a log replay). Their
   * timestamps first advance our clock (`recv`), so anything we stamp later sorts after them;
   * a timestamp that does not parse, or runs more than five minutes ahead, throws before
   * anything changes. `source` labels the change event; only 'local' batches can be undone.
   */
  applyMessages(
    messages: readonly Message[],
    options: {
      source: MessageSource;
      /** Each message's timestamp already parsed (same order), when the caller has them. */
      timestamps?: readonly Timestamp[];
      /**
       * The caller reads only the tables and prefs of the answer's event: with no listener
       * reading rows either, the event carries none (`changes` is empty).
       */
      tablesOnly?: boolean;
    },
  ): ApplyResult {
    const parsed = options.timestamps?.length === messages.length ? options.timestamps : null;
    const stamped: Stamped[] = messages.map((message, i) => {
      const ts = parsed ? parsed[i] : Timestamp.parse(message.timestamp);
      if (!ts) throw new TypeError(`Invalid message timestamp: ${message.timestamp}`);
      return { message, minute: minuteOf(ts.millis()), ts };
    });
    // Whatever their source, our clock must end up past every timestamp in the log. Receiving
    // the latest one is enough (and checks drift for all): one counter step, not one per message.
    let latest: Stamped | undefined;
    for (const entry of stamped) {
      if (!latest || entry.message.timestamp > latest.message.timestamp) latest = entry;
    }
    if (latest?.ts) recv(this.clock, latest.ts, this.deps.clock.now());
    const rows = !options.tablesOnly || this.rowListeners.size > 0;
    return this.applyStamped(stamped, options.source, null, false, undefined, undefined, rows);
  }

  /** Every logged message after `since` (a timestamp string), oldest first, values serialized. */
  getMessagesSince(since: string): StoredMessage[] {
    return this.sqlite.all<StoredMessage>(MESSAGES_SINCE_SQL, [since]).map((m) => ({
      ...m,
      value: typeof m.value === 'string' ? m.value : decoder.decode(m.value as Uint8Array),
    }));
  }

  /**
   * Subscribe to committed changes (old and new rows per table). Returns the unsubscribe. A
   * listener that reads only `tables`, `prefs`, `source` and `undo` says so (`'tables'`): while
   * only such listeners hear a remote batch whose caller asked for no rows (a new device's
   * catch-up, before its budget shows), the rows are neither read before nor worked out after.
   */
  onChange(listener: ChangeListener, reads: 'rows' | 'tables' = 'rows'): () => void {
    this.listeners.add(listener);
    if (reads === 'rows') this.rowListeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.rowListeners.delete(listener);
    };
  }

  close(): void {
    this.listeners.clear();
    this.rowListeners.clear();
    this.undo.clear();
    this.sqlite.close();
  }

  // ---- internals ------------------------------------------------------------------------

  private sendAs(
    changes: readonly CellChange[],
    undoKind: 'undo' | 'redo' | null,
  ): ChangeEvent | null {
    if (changes.length === 0) return null;
    // Straight into the open batch (undo and redo apply at once); all of it or none of it.
    const into = this.pending && undoKind === null ? this.pending : [];
    const start = into.length;
    try {
      for (const { dataset, row, column, value } of changes) {
        // The wall clock is read per message: an undo of a large import stamps more messages
        // than one millisecond's counter holds.
        const ts = advance(this.clock, this.deps.clock.now());
        const timestamp = this.textOf(ts);
        into.push({
          message: { timestamp, dataset, row, column, value },
          minute: minuteOf(ts.millis()),
        });
      }
    } catch (err) {
      into.length = start;
      throw err;
    }
    if (into === this.pending) return null;
    return this.applyStamped(into, 'local', undoKind, true).event;
  }

  /**
   * Stamp checked cells of one row straight into the open batch (or apply them): the hot path
   * of inserts and updates, with no intermediate change objects. All of the row or none of it
   * joins the batch.
   */
  private sendRow(dataset: string, row: string, columns: string[], values: CellValue[]): void {
    if (columns.length === 0) return;
    const into = this.pending ?? [];
    const start = into.length;
    const now = this.deps.clock.now();
    try {
      for (let i = 0; i < columns.length; i++) {
        const ts = advance(this.clock, now);
        const timestamp = ts.toString();
        into.push({
          message: { timestamp, dataset, row, column: columns[i]!, value: values[i]! },
          minute: minuteOf(ts.millis()),
        });
      }
    } catch (err) {
      into.length = start;
      throw err;
    }
    if (into !== this.pending) this.applyStamped(into, 'local', null, true);
  }

  private isPending(table: string, row: string, column: string): boolean {
    return !!this.pending && this.pendingCells.has(this.pending, this.fresh, table, row, column);
  }

  private openBatch(): void {
    if (this.batchDepth++ === 0) this.pending = [];
  }

  private abortBatch(): void {
    if (--this.batchDepth === 0) this.endBatch();
  }

  private closeBatch(): void {
    if (--this.batchDepth > 0) return;
    const batch = this.pending ?? [];
    const known = this.knownBefore;
    const fresh = this.fresh;
    this.endBatch();
    if (batch.length > 0 || fresh.length > 0)
      this.applyStamped(batch, 'local', null, true, known, fresh);
  }

  private endBatch(): void {
    this.pending = null;
    this.fresh = [];
    this.pendingCells.clear();
    this.knownBefore = new Map();
  }

  private applyStamped(
    stamped: readonly Stamped[],
    source: MessageSource,
    undoKind: 'undo' | 'redo' | null,
    justStamped: boolean,
    knownBefore?: RowSnapshot,
    fresh?: readonly FreshRow[],
    rows = true,
  ): ApplyResult {
    // The write and what its listeners keep in step with it (derived tables, their stamps)
    // commit as one SQLite transaction: in the browser each commit opens, syncs and deletes a
    // journal on OPFS, which cost a phone save more than all of its SQL.
    let failure: unknown = null;
    let result: { outcome: BatchOutcome; event: ChangeEvent };
    try {
      result = this.sqlite.transaction(() => {
        const outcome = applyBatch(
          this.sqlite,
          this.clock,
          this.deps.log,
          stamped,
          justStamped,
          this.columns,
          this.shapes,
          knownBefore,
          fresh,
          rows,
        );
        const event = changeEventOf(outcome, source, undoKind);
        failure = outcome.applied > 0 ? this.notify(event) : null;
        return { outcome, event };
      });
    } catch (err) {
      // Nothing was committed: the clock and merkle in memory go back to the stored ones.
      this.reloadClock();
      throw err;
    }
    const { outcome, event } = result;
    if (source === 'local' && undoKind === null && this.undo.recording && outcome.applied > 0) {
      this.undo.record(outcome.messages, outcome.before);
    }
    // The batch is committed; every listener has seen it: now the first bug surfaces.
    if (failure !== null) throw failure;
    return {
      applied: outcome.applied,
      duplicates: outcome.duplicates,
      superseded: outcome.superseded,
      unknown: outcome.unknown,
      event,
    };
  }

  /**
   * Tells every listener, each in its own savepoint (a listener that throws leaves none of
   * its writes, the others still see the change); answers the first error.
   */
  private notify(event: ChangeEvent): unknown {
    let failure: unknown = null;
    for (const listener of [...this.listeners]) {
      try {
        this.sqlite.transaction(() => listener(event));
      } catch (err) {
        failure ??= err;
      }
    }
    return failure;
  }
}
