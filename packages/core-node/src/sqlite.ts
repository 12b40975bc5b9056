import Database from 'better-sqlite3';
import {
  PAGE_CACHE_PRAGMA,
  type SqliteDatabase,
  type SqliteDriver,
  StatementDatabase,
} from '@coffer/core';

/** The Node SQLite driver, on better-sqlite3 (statement cache and savepoints come from core). */
export function createNodeSqliteDriver(): SqliteDriver {
  return {
    open(path: string): SqliteDatabase {
      const db = new Database(path);
      db.pragma(PAGE_CACHE_PRAGMA);
      return new StatementDatabase(db);
    },
    deserialize(bytes: Uint8Array): SqliteDatabase {
      return new StatementDatabase(new Database(Buffer.from(bytes)));
    },
  };
}
