import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';

/** SQLITE_TRANSIENT: SQLite copies the bytes while binding, so one scratch buffer serves all. */
const TRANSIENT = -1;
/** The C call's result for success. */
const SQLITE_OK = 0;

const isInt32 = (n: number): boolean => (n | 0) === n;

/**
 * Binds statement parameters through the wasm build's C exports directly, a statement's strings
 * encoded into one reused scratch buffer that SQLite copies from. The oo1 `bind()` takes each value
 * through several checking and converting layers and a malloc/free of its own: on a large
 * import (a few million values) that cost more than the inserts themselves.
 *
 * Strings are bound as UTF-8 text (the same encoder oo1 uses), int32 numbers as int, other
 * safe integers as int64, and other numbers as double. oo1 binds every integral number as
 * int64, so 1e300 went in as 0; here it stays a double, as better-sqlite3 binds it. Anything
 * else (blobs, bigints, booleans) is left to oo1, as is reporting a failed bind.
 */
export class RawBinder {
  private pointer = 0;
  private size = 0;
  private readonly encoder = new TextEncoder();

  /** Whether 64-bit integers cross as bigints (the official build's are; its types omit it). */
  private readonly bigInts: boolean;

  constructor(private readonly sqlite3: Sqlite3Static) {
    this.bigInts = (sqlite3.wasm as { bigIntEnabled?: boolean }).bigIntEnabled === true;
  }

  /**
   * Bind `params` (from index 1) to a statement whose bindings were just cleared (every one is
   * NULL, so nulls need no call). False when a value is left to oo1 or a bind failed; the
   * caller then clears the bindings and binds again through oo1.
   */
  bind(statement: number, params: readonly unknown[]): boolean {
    // Every string of the statement, joined: one encode for all of them (see `encodeJoined`).
    let joined = '';
    let strings = false;
    let longest = 0;
    for (const value of params) {
      if (typeof value === 'string') {
        joined += value;
        strings = true;
        if (value.length > longest) longest = value.length;
      } else if (typeof value !== 'number' && value !== null && value !== undefined) {
        return false;
      }
    }
    const ascii = strings && this.encodeJoined(joined);
    const c = this.sqlite3.wasm.exports as RawExports;
    // Where the next string starts in the scratch buffer when all of them are ASCII.
    let offset = 0;
    let scratch: Uint8Array | null = null;
    for (let i = 0; i < params.length; i++) {
      const value = params[i];
      let rc = SQLITE_OK;
      if (typeof value === 'string') {
        if (ascii) {
          rc = c.sqlite3_bind_text(
            statement,
            i + 1,
            this.pointer + offset,
            value.length,
            TRANSIENT,
          );
          offset += value.length;
        } else {
          // One string at a time through the reused buffer; a bind may grow wasm memory (SQLite
          // copies the text), which detaches older views.
          if (scratch === null || scratch.byteLength === 0) scratch = this.scratch(longest * 3);
          const { written } = this.encoder.encodeInto(value, scratch);
          rc = c.sqlite3_bind_text(statement, i + 1, this.pointer, written, TRANSIENT);
        }
      } else if (typeof value === 'number') {
        if (isInt32(value)) rc = c.sqlite3_bind_int(statement, i + 1, value);
        else if (Number.isSafeInteger(value) && this.bigInts) {
          rc = c.sqlite3_bind_int64(statement, i + 1, BigInt(value));
        } else rc = c.sqlite3_bind_double(statement, i + 1, value);
      }
      if (rc !== SQLITE_OK) return false;
    }
    return true;
  }

  /**
   * Encode `joined` (a statement's strings end to end) into the scratch buffer in one call:
   * Chromium's `encodeInto` costs about 0.6 µs a call whatever the length, which for an import's
   * few hundred thousand short strings (ids, timestamps, column names) was a fifth of the
   * writes' CPU. True when every character was ASCII (as many bytes as UTF-16 units; any other
   * character takes more), so each string's bytes start where its characters do.
   */
  private encodeJoined(joined: string): boolean {
    // UTF-8 takes at most three bytes per UTF-16 unit. Never a buffer of none: an empty string
    // at address 0 would be bound as NULL (a null pointer is SQL NULL to sqlite3_bind_text).
    const capacity = Math.max(1, joined.length * 3);
    const { written } = this.encoder.encodeInto(joined, this.scratch(capacity));
    return written === joined.length;
  }

  /** A view of the scratch buffer, grown to at least `capacity` bytes. */
  private scratch(capacity: number): Uint8Array {
    if (capacity > this.size) this.grow(capacity);
    return this.sqlite3.wasm.heap8u().subarray(this.pointer, this.pointer + this.size);
  }

  /** Free the scratch buffer (the database is closing). */
  free(): void {
    if (this.pointer !== 0) this.sqlite3.wasm.dealloc(this.pointer);
    this.pointer = 0;
    this.size = 0;
  }

  private grow(capacity: number): void {
    this.free();
    const size = Math.max(capacity, 4096);
    this.pointer = this.sqlite3.wasm.alloc(size);
    this.size = size;
  }
}

/** The raw C exports used here (no argument conversion: pointers and lengths are numbers). */
interface RawExports {
  sqlite3_bind_text(stmt: number, index: number, text: number, bytes: number, dtor: number): number;
  sqlite3_bind_int(stmt: number, index: number, value: number): number;
  sqlite3_bind_int64(stmt: number, index: number, value: bigint): number;
  sqlite3_bind_double(stmt: number, index: number, value: number): number;
}
