import Database from 'better-sqlite3';
import { type SqliteDatabase, type SqliteDriver, StatementDatabase } from '@coffer/core';

/** The Node SQLite driver, on better-sqlite3 (statement cache and savepoints come from core). */
export function createNodeSqliteDriver(): SqliteDriver {
  return {
    open(path: string): SqliteDatabase {
      return new StatementDatabase(new Database(path));
    },
    deserialize(bytes: Uint8Array): SqliteDatabase {
      return new StatementDatabase(new Database(Buffer.from(bytes)));
    },
  };
}
