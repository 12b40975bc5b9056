import Database from 'better-sqlite3';
import {
  PAGE_CACHE_PRAGMA,
  type RawDatabase,
  type RawStatement,
  type SqliteDatabase,
  type SqliteDriver,
  StatementDatabase,
} from '@coffer/core';

/**
 * A better-sqlite3 statement whose `all` reads rows as arrays and builds the objects here:
 * better-sqlite3 builds each row object through V8's API, property by property, and that cost
 * about half again as long for a table of transactions (50,000 rows: 1.0–1.3 s against
 * 0.7 s). The objects are the same: one key per result column, in order, a later column of
 * the same name winning.
 */
/** An object with these keys (each once, in order) in fast mode: JSON's parser builds it so. */
function fastTemplate(names: readonly string[]): Record<string, unknown> {
  const keys: Record<string, null> = {};
  for (const name of names) keys[name] = null;
  return JSON.parse(JSON.stringify(keys)) as Record<string, unknown>;
}

class NodeStatement implements RawStatement {
  constructor(private readonly stmt: Database.Statement) {}

  run(params: readonly unknown[]): Database.RunResult {
    return this.stmt.run(params);
  }

  get(params: readonly unknown[]): unknown {
    return this.stmt.get(params);
  }

  all(params: readonly unknown[]): unknown[] {
    // A statement that returns no data keeps better-sqlite3's own error.
    if (!this.stmt.reader) return this.stmt.all(params);
    let rows: unknown[][];
    try {
      rows = this.stmt.raw(true).all(params) as unknown[][];
    } finally {
      this.stmt.raw(false);
    }
    // Asked per run: a schema change can change what `SELECT *` returns.
    const names = this.stmt.columns().map((column) => column.name);
    const objects: Record<string, unknown>[] = new Array(rows.length);
    // Assigning `__proto__` would set the prototype instead of a column.
    const define = names.includes('__proto__');
    // Many rows start as copies of one row in V8's fast mode, then take their values over
    // keys that exist: built key by key from `{}`, a row wider than a dozen columns drops to
    // dictionary mode (kilobytes each, slower to read; see core's RowShapes).
    const template = !define && rows.length > 8 ? fastTemplate(names) : null;
    for (let i = 0; i < rows.length; i++) {
      const values = rows[i]!;
      const row: Record<string, unknown> = template ? { ...template } : {};
      for (let j = 0; j < names.length; j++) {
        if (define) {
          Object.defineProperty(row, names[j]!, {
            value: values[j],
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else row[names[j]!] = values[j];
      }
      objects[i] = row;
    }
    return objects;
  }
}

/** better-sqlite3 as core's `StatementDatabase` wraps it, its statements as above. */
function rawDatabase(db: Database.Database): RawDatabase {
  return {
    prepare: (sql) => new NodeStatement(db.prepare(sql)),
    exec: (sql) => db.exec(sql),
    serialize: () => db.serialize(),
    close: () => db.close(),
    get inTransaction() {
      return db.inTransaction;
    },
    get open() {
      return db.open;
    },
  };
}

/** The Node SQLite driver, on better-sqlite3 (statement cache and savepoints come from core). */
export function createNodeSqliteDriver(): SqliteDriver {
  return {
    open(path: string): SqliteDatabase {
      const db = new Database(path);
      db.pragma(PAGE_CACHE_PRAGMA);
      return new StatementDatabase(rawDatabase(db));
    },
    deserialize(bytes: Uint8Array): SqliteDatabase {
      return new StatementDatabase(rawDatabase(new Database(Buffer.from(bytes))));
    },
  };
}
