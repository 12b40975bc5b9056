/**
 * The small SQLite driver interface every platform implements (better-sqlite3 in Node,
 * the official wasm build in the browser). Core code talks only to this.
 *
 * All calls are synchronous: both real drivers are, and a synchronous driver lets one
 * write (rows, message log, clock) sit inside one transaction without interleaving.
 */
export type SqlValue = string | number | bigint | null | Uint8Array;
export type SqlParams = readonly SqlValue[];
export type SqlRow = Record<string, SqlValue>;

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqliteDatabase {
  /** Run one statement that returns no rows. Prepared statements are cached by SQL text. */
  run(sql: string, params?: SqlParams): RunResult;
  /** Run one query and return every row. */
  all<T = SqlRow>(sql: string, params?: SqlParams): T[];
  /** Run one query and return its first row, or undefined. */
  first<T = SqlRow>(sql: string, params?: SqlParams): T | undefined;
  /** Run a script of several statements (no parameters). */
  exec(sql: string): void;
  /**
   * Run `fn` in a transaction: commit when it returns, roll back when it throws.
   * Nested calls become savepoints, so a failing inner step rolls back only itself.
   */
  transaction<T>(fn: () => T): T;
  /** The whole database as SQLite file bytes. */
  serialize(): Uint8Array;
  close(): void;
}

export interface SqliteDriver {
  /** Open (creating if missing) the database file at `path`; ':memory:' gives a fresh one. */
  open(path: string): SqliteDatabase;
  /** Open an in-memory database holding a copy of the given SQLite file bytes. */
  deserialize(bytes: Uint8Array): SqliteDatabase;
}
