import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';

// SQLite's fundamental datatype codes (sqlite3_column_type).
const SQLITE_INTEGER = 1;
const SQLITE_FLOAT = 2;
const SQLITE_TEXT = 3;
const SQLITE_BLOB = 4;

/**
 * Reads result rows through the wasm build's C exports directly. oo1's `get({})` asks every
 * column's name again for every row and takes each value through its checking and converting
 * layers: reading a 50,000-row table took three to four times as long as better-sqlite3.
 *
 * Values come back as oo1 gives them: integers as numbers (as bigints past 2^53), reals as
 * numbers, text as strings, blobs as copied Uint8Arrays, NULL as null.
 */
export class RawReader {
  private readonly decoder = new TextDecoder();

  /** Whether 64-bit integers cross as bigints (the official build's are; its types omit it). */
  private readonly bigInts: boolean;

  constructor(private readonly sqlite3: Sqlite3Static) {
    this.bigInts = (sqlite3.wasm as { bigIntEnabled?: boolean }).bigIntEnabled === true;
  }

  /**
   * The result columns' names, asked once per run (a schema change may change them), through
   * the C exports too: capi's wrapped calls cost more than a one-row read by id itself.
   */
  columns(statement: number): string[] {
    const c = this.sqlite3.wasm.exports as RawExports;
    const count = c.sqlite3_column_count(statement);
    const names: string[] = [];
    for (let i = 0; i < count; i++) names.push(this.cString(c.sqlite3_column_name(statement, i)));
    return names;
  }

  /** The NUL-terminated UTF-8 text at `pointer` ('' for a null pointer, SQLite's out of memory). */
  private cString(pointer: number): string {
    if (pointer === 0) return '';
    const heap = this.sqlite3.wasm.heap8u();
    let end = pointer;
    while (heap[end] !== 0) end++;
    return (
      (end - pointer <= SHORT_TEXT ? asciiText(heap, pointer, end - pointer) : null) ??
      this.decoder.decode(heap.subarray(pointer, end))
    );
  }

  /** The statement's current row as a plain object keyed by `names`. */
  row(statement: number, names: readonly string[]): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      // Assigning `__proto__` would set the prototype instead of a column.
      if (name === '__proto__') ownValue(row, name, this.value(statement, i));
      else row[name] = this.value(statement, i);
    }
    return row;
  }

  private value(statement: number, column: number): unknown {
    const { wasm } = this.sqlite3;
    const c = wasm.exports as RawExports;
    switch (c.sqlite3_column_type(statement, column)) {
      case SQLITE_INTEGER: {
        // Exact for every integer a double holds exactly; larger ones come back as bigints.
        const value = c.sqlite3_column_double(statement, column);
        if (Number.isSafeInteger(value) || !this.bigInts) return value;
        return c.sqlite3_column_int64(statement, column);
      }
      case SQLITE_FLOAT:
        return c.sqlite3_column_double(statement, column);
      case SQLITE_TEXT: {
        // The pointer first, then its length (SQLite's documented order); the heap view last,
        // since converting a value may grow wasm memory.
        const pointer = c.sqlite3_column_text(statement, column);
        const bytes = c.sqlite3_column_bytes(statement, column);
        if (bytes === 0) return '';
        const heap = wasm.heap8u();
        return (
          (bytes <= SHORT_TEXT ? asciiText(heap, pointer, bytes) : null) ??
          this.decoder.decode(heap.subarray(pointer, pointer + bytes))
        );
      }
      case SQLITE_BLOB: {
        const pointer = c.sqlite3_column_blob(statement, column);
        const bytes = c.sqlite3_column_bytes(statement, column);
        return bytes === 0 ? new Uint8Array(0) : wasm.heap8u().slice(pointer, pointer + bytes);
      }
      default:
        return null;
    }
  }
}

/**
 * Texts up to this many bytes are read by `asciiText` first. Chromium's `TextDecoder.decode`
 * costs about 0.5 µs a call whatever the length; most texts a budget reads are short ASCII (ids,
 * dates, names), and reading 300,000 of them in JS took a third of that.
 */
const SHORT_TEXT = 64;

/** The `bytes` at `pointer` as a string when all are ASCII (each byte one character), else null. */
function asciiText(heap: Uint8Array, pointer: number, bytes: number): string | null {
  let text = '';
  for (let i = pointer; i < pointer + bytes; i++) {
    const byte = heap[i]!;
    if (byte > 0x7f) return null;
    text += String.fromCharCode(byte);
  }
  return text;
}

/** Set `name` as an ordinary own property, as a driver's row has it. */
function ownValue(row: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(row, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The raw C exports used here (no argument conversion: pointers are numbers). */
interface RawExports {
  sqlite3_column_count(stmt: number): number;
  sqlite3_column_name(stmt: number, column: number): number;
  sqlite3_column_type(stmt: number, column: number): number;
  sqlite3_column_double(stmt: number, column: number): number;
  sqlite3_column_int64(stmt: number, column: number): bigint;
  sqlite3_column_text(stmt: number, column: number): number;
  sqlite3_column_blob(stmt: number, column: number): number;
  sqlite3_column_bytes(stmt: number, column: number): number;
}
