import { hasTombstone, isSyncedTable } from '../schema/synced-tables.ts';
import type { RowSnapshot } from '../sync/apply.ts';
import type { CellChange, CellValue, ChangeEvent, Message, Row } from '../sync/types.ts';

/** Pushed (as `undo-event`) after an undo or redo so the UI can refresh and navigate. */
export interface UndoEvent {
  kind: 'undo' | 'redo';
  messages: readonly Message[];
  tables: readonly string[];
  undoTag: unknown;
}

export interface UndoManagerOptions {
  /** How many markers to keep. */
  limit?: number;
  /** Stamp and apply changes as one local batch, without recording them. */
  send(changes: CellChange[], kind: 'undo' | 'redo'): ChangeEvent | null;
  emit?(event: UndoEvent): void;
}

/**
 * One committed batch of a marker: its messages (made only when asked: an import's new rows
 * are kept as arrays until then) and its rows as they were before it.
 */
interface Batch {
  messages: () => readonly Message[];
  before: RowSnapshot;
}

interface Entry {
  undoTag: unknown;
  /**
   * The marker's batches in commit order, as the write path handed them over. Recording a
   * batch copies nothing: an import's one batch holds hundreds of thousands of messages, and
   * copying them message by message (with every row into a second map) cost the import CPU
   * and garbage while nearly no import is ever undone. `merged` joins them when one is.
   */
  batches: Batch[];
}

/** The marker's messages in order, and each row as it was before the marker's first change. */
function merged(entry: Entry): {
  messages: readonly Message[];
  before: Map<string, ReadonlyMap<string, Row | null>>;
} {
  if (entry.batches.length === 1) {
    const { messages, before } = entry.batches[0]!;
    return { messages: messages(), before };
  }
  const messages: Message[] = [];
  const before = new Map<string, Map<string, Row | null>>();
  for (const batch of entry.batches) {
    // One by one: spreading a large import's messages as arguments overflows the stack.
    for (const message of batch.messages()) messages.push(message);
    for (const [table, rows] of batch.before) {
      let known = before.get(table);
      if (!known) before.set(table, (known = new Map()));
      for (const [id, row] of rows) if (!known.has(id)) known.set(id, row);
    }
  }
  return { messages, before };
}

/** Mapping rows are never undone: other rows may already point through them. */
const NEVER_UNDONE = new Set(['category_mapping', 'payee_mapping']);

/** Rows without a tombstone are "removed" by putting these columns back to their empty value. */
const RESET_VALUES: Readonly<Record<string, Readonly<Record<string, CellValue>>>> = {
  zero_budgets: { amount: 0, carryover: 0 },
  reflect_budgets: { amount: 0, carryover: 0 },
  zero_budget_months: { buffered: 0 },
  notes: { note: null },
};

const asCell = (value: unknown): CellValue =>
  typeof value === 'bigint' ? Number(value) : ((value as CellValue) ?? null);

/** Distinct cells of the marker's messages, each with the last value it was set to. */
function lastValues(messages: readonly Message[]): Map<string, CellChange> {
  const cells = new Map<string, CellChange>();
  for (const m of messages) {
    const key = `${m.dataset}\u0000${m.row}\u0000${m.column}`;
    cells.delete(key);
    cells.set(key, { dataset: m.dataset, row: m.row, column: m.column, value: m.value });
  }
  return cells;
}

/**
 * Undo and redo by new messages: undo writes each touched cell back to its old value (or
 * tombstones a row the marker created), redo writes the marker's values again. Both are
 * ordinary synced changes, so they reach other devices like any edit.
 */
export class UndoManager {
  private readonly limit: number;
  private history: Entry[] = [];
  /** Entries before this index are done; from it on they are undone (redo-able). */
  private cursor = 0;
  private open: Entry | null = null;
  private depth = 0;

  constructor(private readonly options: UndoManagerOptions) {
    this.limit = options.limit ?? 40;
  }

  /** Open a marker: local changes until the matching `end` undo together. Nested calls join. */
  begin(undoTag?: unknown): void {
    if (this.depth++ === 0) this.open = { undoTag, batches: [] };
  }

  end(): void {
    if (this.depth === 0) throw new Error('UndoManager.end without begin');
    if (--this.depth > 0) return;
    const entry = this.open!;
    this.open = null;
    if (entry.batches.length === 0) return;
    this.history = this.history.slice(0, this.cursor);
    this.history.push(entry);
    if (this.history.length > this.limit) this.history.shift();
    this.cursor = this.history.length;
  }

  /** Run `fn` inside a marker (sync or async). */
  withUndo<T>(fn: () => T, undoTag?: unknown): T {
    this.begin(undoTag);
    let result: T;
    try {
      result = fn();
    } catch (err) {
      this.end();
      throw err;
    }
    if (result instanceof Promise) {
      return result.finally(() => this.end()) as T;
    }
    this.end();
    return result;
  }

  get recording(): boolean {
    return this.open !== null;
  }

  /** Called by the write path after a local batch that applied messages commits. */
  record(messages: () => readonly Message[], before: RowSnapshot): void {
    const entry = this.open;
    if (!entry) return;
    // Both are the batch's own and nothing writes to them after its commit.
    entry.batches.push({ messages, before });
  }

  canUndo(): boolean {
    return this.cursor > 0;
  }

  canRedo(): boolean {
    return this.cursor < this.history.length;
  }

  clear(): void {
    this.history = [];
    this.cursor = 0;
  }

  undo(): UndoEvent | null {
    if (!this.canUndo()) return null;
    const entry = this.history[this.cursor - 1]!;
    const event = this.options.send(this.inverse(entry), 'undo');
    this.cursor--;
    return this.finish('undo', entry, event);
  }

  redo(): UndoEvent | null {
    if (!this.canRedo()) return null;
    const entry = this.history[this.cursor]!;
    const event = this.options.send(this.forward(entry), 'redo');
    this.cursor++;
    return this.finish('redo', entry, event);
  }

  private finish(kind: 'undo' | 'redo', entry: Entry, event: ChangeEvent | null): UndoEvent {
    const out: UndoEvent = {
      kind,
      messages: event?.messages ?? [],
      tables: event?.tables ?? [],
      undoTag: entry.undoTag,
    };
    this.options.emit?.(out);
    return out;
  }

  private inverse(entry: Entry): CellChange[] {
    const out: CellChange[] = [];
    const tombstoned = new Set<string>();
    const { messages, before } = merged(entry);
    for (const cell of lastValues(messages).values()) {
      const { dataset: table, row, column } = cell;
      if (!isSyncedTable(table) || NEVER_UNDONE.has(table)) continue;
      const old = before.get(table)?.get(row);
      if (old === undefined) continue;
      if (old !== null) {
        out.push({ dataset: table, row, column, value: asCell(old[column]) });
      } else if (hasTombstone(table)) {
        if (!tombstoned.has(`${table}\u0000${row}`)) {
          tombstoned.add(`${table}\u0000${row}`);
          out.push({ dataset: table, row, column: 'tombstone', value: 1 });
        }
      } else {
        const reset = RESET_VALUES[table];
        if (reset && Object.hasOwn(reset, column)) {
          out.push({ dataset: table, row, column, value: reset[column]! });
        }
      }
    }
    return out;
  }

  private forward(entry: Entry): CellChange[] {
    const { messages, before } = merged(entry);
    const cells = lastValues(messages);
    const out: CellChange[] = [];
    for (const cell of cells.values()) {
      if (isSyncedTable(cell.dataset) && !NEVER_UNDONE.has(cell.dataset)) out.push(cell);
    }
    // Rows the marker created were tombstoned by undo; bring them back.
    for (const [table, rows] of before) {
      if (NEVER_UNDONE.has(table) || !hasTombstone(table)) continue;
      for (const [row, old] of rows) {
        if (old === null && !cells.has(`${table}\u0000${row}\u0000tombstone`)) {
          out.push({ dataset: table, row, column: 'tombstone', value: 0 });
        }
      }
    }
    return out;
  }
}
