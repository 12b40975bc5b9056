import Database from 'better-sqlite3';
import type { FileSystem, Platform, SqliteDriver } from '../../platform/index.ts';
import { StatementDatabase } from '../statement-database.ts';

/** better-sqlite3 for core's own tests (the real platform driver lives in core-node). */
export function testSqliteDriver(): SqliteDriver {
  return {
    open: (path) => new StatementDatabase(new Database(path)),
    deserialize: (bytes) => new StatementDatabase(new Database(Buffer.from(bytes))),
  };
}

/** A wall clock that only moves when told to. */
export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2023, 7, 6, 10, 0, 0)): TestClock {
  let t = start;
  return {
    now: () => t,
    set: (ms) => (t = ms),
    advance: (ms) => (t += ms),
  };
}

/** Deterministic uuids (v4-shaped) and bytes from a seed. */
export function seededRandom(seed = 1): Platform['random'] {
  let s = seed >>> 0 || 1;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
  const hex = (n: number): string =>
    Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  return {
    uuid: () =>
      `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(next() * 4)]}${hex(3)}-${hex(12)}`,
    bytes: (length) => Uint8Array.from({ length }, () => Math.floor(next() * 256)),
  };
}

/** Files are out of scope for core's unit tests; core-node tests budget folders on disk. */
function noFileSystem(): FileSystem {
  const fail = (): never => {
    throw new Error('no file system in core unit tests');
  };
  return {
    join: (...parts) => parts.join('/'),
    exists: async () => false,
    mkdir: fail,
    readFile: fail,
    readText: fail,
    writeFile: fail,
    remove: fail,
    removeDir: fail,
    listDir: fail,
    copyFile: fail,
  };
}

export interface TestPlatform extends Platform {
  clock: TestClock;
  warnings: string[];
}

/** A whole Platform for tests: real SQLite, no files, fixed clock, seeded randomness. */
export function createTestPlatform(options: { seed?: number; now?: number } = {}): TestPlatform {
  const warnings: string[] = [];
  return {
    sqlite: testSqliteDriver(),
    fs: noFileSystem(),
    clock: testClock(options.now),
    random: seededRandom(options.seed),
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    fetch: () => Promise.reject(new Error('no network in tests')),
    crypto: globalThis.crypto,
    warnings,
    log: {
      info: () => undefined,
      warn: (message) => void warnings.push(message),
      error: (message) => void warnings.push(message),
    },
  };
}
