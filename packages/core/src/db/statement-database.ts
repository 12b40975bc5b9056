import type { RunResult, SqlParams, SqliteDatabase } from '../platform/index.ts';

/**
 * `PRAGMA cache_size` for every budget file a driver opens (SQLite's default is 2 MiB). A large
 * write (an import, a script adding thousands of transactions) dirties more pages than that in
 * one transaction; once the cache is full SQLite spills them to the file mid-transaction,
 * syncing the journal first, which cost a tenth of such a write's CPU time and more of its wall
 * time. The cache only grows as far as a file uses it.
 */
export const PAGE_CACHE_PRAGMA = `cache_size = -${32 * 1024}`;

/**
 * The shape of a synchronous SQLite binding with prepared statements (better-sqlite3's, which
 * binds an array's items in order). The parameters go as one array, never spread: the write
 * path binds 500 to 1,000 values per statement, and spreading them into arguments (here and
 * again in the binding) cost a large import more CPU than building them.
 */
export interface RawStatement {
  run(params: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
  all(params: readonly unknown[]): unknown[];
  get(params: readonly unknown[]): unknown;
}

export interface RawDatabase {
  prepare(sql: string): RawStatement;
  exec(sql: string): unknown;
  serialize(): Uint8Array;
  close(): unknown;
  readonly inTransaction: boolean;
  readonly open: boolean;
}

/**
 * A SqliteDatabase over a statement-based binding: statements are prepared once per SQL
 * text; nested transactions become savepoints so an inner failure undoes only itself.
 */
export class StatementDatabase implements SqliteDatabase {
  private readonly statements = new Map<string, RawStatement>();
  private depth = 0;

  constructor(private readonly raw: RawDatabase) {}

  private prepare(sql: string): RawStatement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.raw.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  run(sql: string, params: SqlParams = []): RunResult {
    const result = this.prepare(sql).run(params);
    return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
  }

  all<T>(sql: string, params: SqlParams = []): T[] {
    return this.prepare(sql).all(params) as T[];
  }

  first<T>(sql: string, params: SqlParams = []): T | undefined {
    return this.prepare(sql).get(params) as T | undefined;
  }

  exec(sql: string): void {
    // A script may drop or alter tables; start the statement cache afresh.
    this.statements.clear();
    this.raw.exec(sql);
  }

  transaction<T>(fn: () => T): T {
    const name = `coffer_sp_${this.depth}`;
    const outer = this.depth === 0;
    this.raw.exec(outer ? 'BEGIN' : `SAVEPOINT ${name}`);
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
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
      } else {
        this.raw.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      }
      throw err;
    }
    this.depth--;
    this.raw.exec(outer ? 'COMMIT' : `RELEASE ${name}`);
    return result;
  }

  serialize(): Uint8Array {
    const bytes = this.raw.serialize();
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  close(): void {
    this.statements.clear();
    if (this.raw.open) this.raw.close();
  }
}
