import { PAGE_CACHE_PRAGMA, type SqliteDatabase, type SqliteDriver } from '@coffer/core';
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { WasmDatabase, WasmRawDatabase, deserializeInto } from './wasm-database.ts';

/** Where named database files come from; the browser's is the staged OPFS/IndexedDB store. */
export interface DbOpener {
  openSync(path: string): WasmRawDatabase;
}

/**
 * The SqliteDriver on the official wasm build. Named files come from `files` (OPFS in the
 * browser); without it they live in the wasm module's own file system (Node tests).
 */
export function createWasmSqliteDriver(sqlite3: Sqlite3Static, files?: DbOpener): SqliteDriver {
  const memory = (): WasmRawDatabase =>
    new WasmRawDatabase(sqlite3, new sqlite3.oo1.DB(':memory:'));
  return {
    open(path: string): SqliteDatabase {
      if (path === ':memory:' || path === '') return new WasmDatabase(memory());
      const raw = files
        ? files.openSync(path)
        : new WasmRawDatabase(sqlite3, new sqlite3.oo1.DB(path, 'c'));
      raw.exec(`PRAGMA ${PAGE_CACHE_PRAGMA}`);
      return new WasmDatabase(raw);
    },
    deserialize(bytes: Uint8Array): SqliteDatabase {
      return new WasmDatabase(new WasmRawDatabase(sqlite3, deserializeInto(sqlite3, bytes)));
    },
  };
}
