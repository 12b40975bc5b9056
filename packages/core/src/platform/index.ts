import type { FileSystem } from './fs.ts';
import type { SqliteDriver } from './sqlite.ts';

export type * from './sqlite.ts';
export type * from './fs.ts';

/** Wall-clock time in milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/** Randomness; tests pass a seeded implementation so runs repeat. */
export interface Random {
  uuid(): string;
  bytes(length: number): Uint8Array;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Everything with a side effect that core needs, handed in by the platform. */
export interface Platform {
  sqlite: SqliteDriver;
  fs: FileSystem;
  clock: Clock;
  random: Random;
  timers: Timers;
  fetch: typeof globalThis.fetch;
  /** Web Crypto, present in both Node 20 and browsers. */
  crypto: typeof globalThis.crypto;
  log: Logger;
  /**
   * Inflates raw deflate data in one native call (throws on a damaged stream), where the
   * platform has one: Node's zlib takes a downloaded budget in a fifth of the CPU that
   * `DecompressionStream`'s web streams spend on it. Without it, core uses the stream.
   * `size`: the size the archive declares (a hint only: the output is what the data holds).
   */
  inflateRaw?: (data: Uint8Array, size?: number) => Uint8Array;
  /**
   * Names a moment of a budget's open for the benches' traces (the browser's
   * `performance.mark`, `coffer-worker:<name>`), where the platform has one: the phone's start
   * is laid out step by step against SQLite's own start (issue 29).
   */
  mark?: (name: string) => void;
}

export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}
