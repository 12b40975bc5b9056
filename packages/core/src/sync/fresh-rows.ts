import { type Clock, TimestampPrinter, advance, serializeValue } from '@coffer/crdt';
import type { SqlValue, SqliteDatabase } from '../platform/index.ts';
import type { FileColumns } from '../schema/file-columns.ts';
import { addToMinute, minuteOf } from './merkle-batch.ts';
import { INSERT_MESSAGES_SQL, MESSAGE_CHUNK } from './statements.ts';
import type { SyncedTable } from '../schema/synced-tables.ts';
import type { CellValue, Message } from './types.ts';
import { type InputValue, toCellValue } from './values.ts';

/**
 * A row a local batch creates with an id nobody has (`BudgetDb.insertFresh`), kept as its
 * columns and values instead of one message object per cell: a large import creates hundreds
 * of thousands of cells, and holding each as a message (its object, its stamped wrapper and its
 * timestamp string) until the commit cost the import a good share of its time in garbage
 * collection. The cells were stamped one after another from one wall-clock reading, so they
 * share `millis` and their counters run from `counter` on: the timestamps are printed when the
 * log is written, and they are exactly the ones the clock handed out.
 */
export interface FreshRow {
  readonly dataset: string;
  readonly row: string;
  /**
   * Shared by the rows of a batch that set the same columns in the same order (an import's
   * rows do): the commit works out once per list what depends only on it (whether the file
   * takes it as is, its upsert), and the batch holds one list instead of one per row.
   */
  readonly columns: readonly string[];
  readonly values: readonly CellValue[];
  readonly millis: number;
  /** The first cell's counter; cell `i` has `counter + i`. */
  readonly counter: number;
  readonly node: string;
}

/** Prints fresh rows' timestamps, one printer per node id (there is one in practice). */
export class FreshPrinter {
  private printer: TimestampPrinter | null = null;

  text(row: FreshRow, cell: number): string {
    return this.of(row).text(row.millis, row.counter + cell);
  }

  /** `hashTimestampText(this.text(row, cell))`, worked out without the text. */
  hash(row: FreshRow, cell: number): number {
    return this.of(row).hash(row.millis, row.counter + cell);
  }

  private of(row: FreshRow): TimestampPrinter {
    if (this.printer?.node !== row.node) this.printer = new TimestampPrinter(row.node);
    return this.printer;
  }
}

/**
 * Walks the batch's messages and fresh rows in timestamp order (each list is in order, and a
 * row's cells were stamped together with nothing in between), as if the rows were messages.
 */
export function inStampOrder<S extends { readonly message: { readonly timestamp: string } }>(
  stamped: readonly S[],
  fresh: readonly FreshRow[],
  printer: FreshPrinter,
  onMessage: (entry: S) => void,
  onRow: (row: FreshRow) => void,
): void {
  let i = 0;
  let j = 0;
  let next = fresh.length > 0 ? printer.text(fresh[0]!, 0) : '';
  while (i < stamped.length || j < fresh.length) {
    if (j < fresh.length && (i >= stamped.length || next < stamped[i]!.message.timestamp)) {
      onRow(fresh[j]!);
      if (++j < fresh.length) next = printer.text(fresh[j]!, 0);
    } else {
      onMessage(stamped[i++]!);
    }
  }
}

/**
 * Whether the commit can write `row` straight from its arrays: every column is the table's own
 * in this file (none the file lacks, none it keeps on the side).
 */
export function isPlain(files: FileColumns, row: FreshRow): boolean {
  const side = files.side(row.dataset)?.columns;
  for (const column of row.columns) {
    if (!files.has(row.dataset, column)) return false;
    if (side?.includes(column)) return false;
  }
  return true;
}

/**
 * `isPlain`, asked once per column list: a batch's rows share their lists (see
 * `FreshRow.columns`), so an import asks it once rather than once per row.
 */
export function plainRows(files: FileColumns): (row: FreshRow) => boolean {
  const known = new Map<readonly string[], boolean>();
  return (row) => {
    let plain = known.get(row.columns);
    if (plain === undefined) known.set(row.columns, (plain = isPlain(files, row)));
    return plain;
  };
}

/**
 * The log rows of the batch's messages and fresh rows, in timestamp order (as the message path
 * writes them, so the log's row ids come out the same), a hundred per statement; the fresh
 * cells' hashes go into `byMinute` for the merkle.
 */
export function insertLogRows(
  db: SqliteDatabase,
  stamped: readonly { readonly message: Message }[],
  fresh: readonly FreshRow[],
  byMinute: Map<number, number>,
): void {
  const full = INSERT_MESSAGES_SQL(MESSAGE_CHUNK);
  // One array, filled again from the start after each full statement (the driver binds the
  // parameters before `run` returns): pushing into a new array per statement grew it a dozen
  // times on the way to 500 places, for each of a large import's thousands of statements.
  const params: SqlValue[] = [];
  let filled = 0;
  const put = (timestamp: string, dataset: string, row: string, column: string, value: string) => {
    params[filled++] = timestamp;
    params[filled++] = dataset;
    params[filled++] = row;
    params[filled++] = column;
    params[filled++] = value;
    if (filled === MESSAGE_CHUNK * 5) {
      db.run(full, params);
      filled = 0;
    }
  };
  const printer = new FreshPrinter();
  // The previous row's values and their log text, by column, while rows share a column list:
  // an import's rows repeat most values (the account, the sort order, the cleared flag, the day
  // of the row before), and printing a number took as long as the rest of the cell.
  let last: { columns: readonly string[] | null; values: CellValue[]; texts: string[] } = {
    columns: null,
    values: [],
    texts: [],
  };
  inStampOrder(
    stamped,
    fresh,
    printer,
    ({ message: m }) => put(m.timestamp, m.dataset, m.row, m.column, serializeValue(m.value)),
    (row) => {
      const minute = minuteOf(row.millis);
      const same = row.columns === last.columns;
      if (!same) last = { columns: row.columns, values: [], texts: [] };
      for (let c = 0; c < row.columns.length; c++) {
        addToMinute(byMinute, minute, printer.hash(row, c));
        const value = row.values[c]!;
        let text = last.texts[c];
        if (!same || value !== last.values[c] || text === undefined) {
          last.values[c] = value;
          last.texts[c] = text = serializeValue(value);
        }
        put(printer.text(row, c), row.dataset, row.row, row.columns[c]!, text);
      }
    },
  );
  if (filled > 0) db.run(INSERT_MESSAGES_SQL(filled / 5), params.slice(0, filled));
}

/**
 * The applied messages of a batch with fresh rows, in timestamp order: made only when someone
 * asks (an undo of the batch; the listeners read the rows), since nearly no import is undone.
 */
export function appliedWithFresh(
  applied: readonly Message[],
  fresh: readonly FreshRow[],
  files: FileColumns,
): Message[] {
  const out: Message[] = [];
  const printer = new FreshPrinter();
  inStampOrder(
    applied.map((message) => ({ message })),
    fresh,
    printer,
    ({ message }) => void out.push(message),
    (row) => {
      for (let c = 0; c < row.columns.length; c++) {
        const column = row.columns[c]!;
        if (!files.has(row.dataset, column)) continue;
        const timestamp = printer.text(row, c);
        out.push({ timestamp, dataset: row.dataset, row: row.row, column, value: row.values[c]! });
      }
    },
  );
  return out;
}

/**
 * `appliedWithFresh`, made on the first call and kept. Its own function, so that what the
 * undo history keeps of a batch is these lists, not everything the commit's closures saw.
 */
export function lazyMessages(
  applied: readonly Message[],
  fresh: readonly FreshRow[],
  files: FileColumns,
): () => readonly Message[] {
  if (fresh.length === 0) return () => applied;
  let messages: readonly Message[] | null = null;
  return () => (messages ??= appliedWithFresh(applied, fresh, files));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The row's cells as the message path holds them. */
export function cellsOf(row: FreshRow): Map<string, CellValue> {
  const cells = new Map<string, CellValue>();
  for (let c = 0; c < row.columns.length; c++) cells.set(row.columns[c]!, row.values[c]!);
  return cells;
}

/**
 * A row for `BudgetDb.insertFresh`: its set columns and their values, stamped from `clock` with
 * one wall-clock reading (`now`, read only for a row with columns), as `sendRow` stamps a row: the cells share the millisecond and
 * their counters follow each other (an overflow throws before the row joins the batch). Null
 * when no column is set.
 */
export function freshRowOf(
  table: SyncedTable,
  row: Readonly<Record<string, InputValue | undefined>> & { id: string },
  clock: Clock,
  now: () => number,
  /** The batch's last fresh row: its column list is taken over when this row's is the same. */
  previous?: FreshRow,
): FreshRow | null {
  const { columns, values } = inputCells(table, row);
  return freshRowOfCells(table, row.id, columns, values, clock, now, previous);
}

/** A row input's set columns (`id` and undefined left out) and their cell values. */
export function inputCells(
  table: SyncedTable,
  row: Readonly<Record<string, InputValue | undefined>>,
): { columns: string[]; values: CellValue[] } {
  const columns: string[] = [];
  const values: CellValue[] = [];
  for (const column of Object.keys(row)) {
    const value = row[column];
    if (column === 'id' || value === undefined) continue;
    columns.push(column);
    values.push(toCellValue(table, column, value));
  }
  return { columns, values };
}

/**
 * `freshRowOf` for a row already laid out as its set columns and their cell values (the
 * caller's own arrays, kept by the row), with no object per row in between.
 */
export function freshRowOfCells(
  table: SyncedTable,
  id: string,
  columns: string[],
  values: CellValue[],
  clock: Clock,
  now: () => number,
  previous?: FreshRow,
): FreshRow | null {
  if (columns.length === 0) return null;
  const at = now();
  const first = advance(clock, at);
  const millis = first.millis();
  const counter = first.counter();
  for (let i = 1; i < columns.length; i++) advance(clock, at);
  return {
    dataset: table,
    row: id,
    columns:
      previous?.dataset === table && sameList(previous.columns, columns)
        ? previous.columns
        : columns,
    values,
    millis,
    counter,
    node: clock.timestamp.node(),
  };
}
