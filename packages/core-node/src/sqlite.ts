import Database from 'better-sqlite3';
import type { RunResult, SqlParams, SqliteDatabase, SqliteDriver } from '@coffer/core';

type Statement = Database.Statement<unknown[]>;

/**
 * A SqliteDatabase over one better-sqlite3 connection. Statements are prepared once per SQL
 * text; nested transactions become savepoints so an inner failure undoes only itself.
 */
class NodeSqliteDatabase implements SqliteDatabase {
  private readonly statements = new Map<string, Statement>();
  private depth = 0;

  constructor(private readonly db: Database.Database) {}

  private prepare(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  run(sql: string, params: SqlParams = []): RunResult {
    const result = this.prepare(sql).run(...params);
    return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
  }

  all<T>(sql: string, params: SqlParams = []): T[] {
    return this.prepare(sql).all(...params) as T[];
  }

  first<T>(sql: string, params: SqlParams = []): T | undefined {
    return this.prepare(sql).get(...params) as T | undefined;
  }

  exec(sql: string): void {
    // A script may drop or alter tables, which invalidates cached statements.
    this.statements.clear();
    this.db.exec(sql);
  }

  transaction<T>(fn: () => T): T {
    const name = `coffer_sp_${this.depth}`;
    const outer = this.depth === 0;
    this.db.exec(outer ? 'BEGIN' : `SAVEPOINT ${name}`);
    this.depth++;
    let result: T;
    try {
      result = fn();
      if (result instanceof Promise) {
        throw new TypeError('transaction() takes a synchronous function');
      }
    } catch (err) {
      this.depth--;
      if (outer) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
      } else {
        this.db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      }
      throw err;
    }
    this.depth--;
    this.db.exec(outer ? 'COMMIT' : `RELEASE ${name}`);
    return result;
  }

  serialize(): Uint8Array {
    const buf = this.db.serialize();
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }
}

/** The Node SQLite driver, on better-sqlite3. */
export function createNodeSqliteDriver(): SqliteDriver {
  return {
    open(path: string): SqliteDatabase {
      return new NodeSqliteDatabase(new Database(path));
    },
    deserialize(bytes: Uint8Array): SqliteDatabase {
      return new NodeSqliteDatabase(new Database(Buffer.from(bytes)));
    },
  };
}
