import Database from 'better-sqlite3';
import { type SqliteDatabase, type SqliteDriver, StatementDatabase } from '@coffer/core';

/**
 * Page cache per open file, in KiB (SQLite's default is 2 MiB). A large write (an import, a
 * script adding thousands of transactions) dirties more pages than that in one transaction;
 * once the cache is full SQLite spills them to the file mid-transaction, syncing the journal
 * first, which cost a tenth of such a write's CPU time and more of its wall time.
 */
const CACHE_KIB = 32 * 1024;

/** The Node SQLite driver, on better-sqlite3 (statement cache and savepoints come from core). */
export function createNodeSqliteDriver(): SqliteDriver {
  return {
    open(path: string): SqliteDatabase {
      const db = new Database(path);
      db.pragma(`cache_size = -${CACHE_KIB}`);
      return new StatementDatabase(db);
    },
    deserialize(bytes: Uint8Array): SqliteDatabase {
      return new StatementDatabase(new Database(Buffer.from(bytes)));
    },
  };
}
