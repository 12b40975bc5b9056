import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';

/** SQLite copies the bytes while binding, so one scratch buffer serves every value. */
const SQLITE_TRANSIENT = -1;
/** The C call's result for success. */
const SQLITE_OK = 0;

const isInt32 = (n: number): boolean => (n | 0) === n;

/**
 * Binds statement parameters through the wasm build's C exports directly, each string encoded
 * into one reused scratch buffer that SQLite copies from. The oo1 `bind()` takes each value
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
    let longest = 0;
    for (const value of params) {
      if (typeof value === 'string') {
        if (value.length > longest) longest = value.length;
      } else if (typeof value !== 'number' && value !== null && value !== undefined) {
        return false;
      }
    }
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const capacity = longest * 3;
    if (capacity > this.size) this.grow(capacity);
    const { wasm } = this.sqlite3;
    const c = wasm.exports as RawExports;
    let scratch = this.view();
    for (let i = 0; i < params.length; i++) {
      const value = params[i];
      let rc = SQLITE_OK;
      if (typeof value === 'string') {
        // A bind may grow wasm memory (SQLite copies the text), which detaches older views.
        if (scratch.byteLength === 0) scratch = this.view();
        const { written } = this.encoder.encodeInto(value, scratch);
        rc = c.sqlite3_bind_text(statement, i + 1, this.pointer, written, SQLITE_TRANSIENT);
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

  /** Free the scratch buffer (the database is closing). */
  free(): void {
    if (this.pointer !== 0) this.sqlite3.wasm.dealloc(this.pointer);
    this.pointer = 0;
    this.size = 0;
  }

  private view(): Uint8Array {
    return this.sqlite3.wasm.heap8u().subarray(this.pointer, this.pointer + this.size);
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
