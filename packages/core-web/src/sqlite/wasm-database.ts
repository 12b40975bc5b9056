import { type RawDatabase, type RawStatement, StatementDatabase } from '@coffer/core';
import type { Database, PreparedStatement, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { RawBinder } from './raw-bind.ts';
import { RawReader } from './raw-read.ts';

type Bindable = string | number | bigint | null | Uint8Array;

/** SQLite's rowid as better-sqlite3 gives it: a number when it fits. */
function toRowid(value: bigint | number): number | bigint {
  if (typeof value === 'number') return value;
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
    ? Number(value)
    : value;
}

// sqlite3_step's answers.
const SQLITE_ROW = 100;
const SQLITE_DONE = 101;

/**
 * The C exports a statement's run calls directly: oo1's `step()`, `reset()` and the capi
 * functions behind them take each call through checks, a WeakMap lookup of the pointer, two
 * Sets of statement states and an argument-converting wrapper with a scoped allocation, about
 * as much JS as the bind itself for the short statements an import runs by the ten thousand.
 */
interface StatementExports {
  sqlite3_step(stmt: number): number;
  sqlite3_reset(stmt: number): number;
  sqlite3_clear_bindings(stmt: number): number;
  sqlite3_changes(db: number): number;
  sqlite3_total_changes(db: number): number;
  sqlite3_last_insert_rowid(db: number): bigint | number;
  sqlite3_get_autocommit(db: number): number;
}

/** One prepared statement of the official wasm build, in better-sqlite3's call shape. */
class WasmStatement implements RawStatement {
  /** The statement's address, read once (oo1's getter is a WeakMap lookup); 0 once finalized. */
  private pointer: number;

  constructor(
    private readonly owner: WasmRawDatabase,
    private readonly stmt: PreparedStatement,
  ) {
    this.pointer = stmt.pointer!;
  }

  private bind(params: readonly unknown[]): void {
    // As oo1 refuses it: SQLite's calls would read a freed statement's memory.
    if (this.pointer === 0) throw new Error('Stmt has been closed.');
    this.reset();
    this.owner.c.sqlite3_clear_bindings(this.pointer);
    if (params.length === 0 || this.owner.binder.bind(this.pointer, params)) return;
    // Left to oo1 (which also reports what failed), from a clean slate.
    this.stmt.clearBindings();
    this.stmt.bind(params as Bindable[]);
  }

  /** Whether a row is ready; an error throws as oo1's `step()` throws it. */
  private step(): boolean {
    const rc = this.owner.c.sqlite3_step(this.pointer);
    if (rc === SQLITE_ROW) return true;
    if (rc === SQLITE_DONE) return false;
    return this.owner.fail(rc);
  }

  /** Back to the start; after a failed step it throws that error again, as oo1's does. */
  private reset(): void {
    const rc = this.owner.c.sqlite3_reset(this.pointer);
    if (rc !== 0) this.owner.fail(rc);
  }

  run(params: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint } {
    this.bind(params);
    try {
      while (this.step()) {
        // Drain: a statement with RETURNING still runs to the end.
      }
    } finally {
      this.reset();
    }
    this.owner.noticeWrites();
    return this.owner.lastRun();
  }

  all(params: readonly unknown[]): unknown[] {
    this.bind(params);
    const rows: unknown[] = [];
    try {
      if (this.step()) {
        const { reader } = this.owner;
        const pointer = this.pointer;
        const names = reader.columns(pointer);
        do rows.push(reader.row(pointer, names));
        while (this.step());
      }
    } finally {
      this.reset();
    }
    return rows;
  }

  get(params: readonly unknown[]): unknown {
    this.bind(params);
    try {
      if (!this.step()) return undefined;
      const { reader } = this.owner;
      const pointer = this.pointer;
      return reader.row(pointer, reader.columns(pointer));
    } finally {
      this.reset();
    }
  }

  finalize(): void {
    this.pointer = 0;
    this.stmt.finalize();
  }
}

/**
 * The oo1 database handle as the `RawDatabase` core's `StatementDatabase` wraps (which adds
 * the statement cache and savepoint nesting), so both platforms share that logic.
 */
export class WasmRawDatabase implements RawDatabase {
  private statements: WasmStatement[] = [];
  private readonly beforeCloseListeners: Array<() => void> = [];
  private readonly closeListeners: Array<() => void> = [];
  private readonly writeListeners: Array<() => void> = [];
  private seenChanges = 0;
  readonly binder: RawBinder;
  readonly reader: RawReader;
  /** SQLite's C exports, called with plain pointers (see StatementExports). */
  readonly c: StatementExports;
  /** The connection's address, read once (oo1's getter is a WeakMap lookup). */
  private readonly pointer: number;

  constructor(
    private readonly sqlite3: Sqlite3Static,
    readonly db: Database,
  ) {
    this.binder = new RawBinder(sqlite3);
    this.reader = new RawReader(sqlite3);
    this.c = sqlite3.wasm.exports as unknown as StatementExports;
    this.pointer = db.pointer!;
  }

  /** Throws SQLite's error for `rc` on this connection, as oo1 reports it. */
  fail(rc: number): never {
    this.sqlite3.oo1.DB.checkRc(this.db, rc);
    throw new Error(`SQLite result code ${rc}`);
  }

  /** Run `fn` just before this connection closes (it can still read the database). */
  beforeClose(fn: () => void): void {
    this.beforeCloseListeners.push(fn);
  }

  /** Run `fn` once this connection closed. */
  onClose(fn: () => void): void {
    this.closeListeners.push(fn);
  }

  /** Run `fn` after each statement or script that may have changed the database. */
  onWrite(fn: () => void): void {
    this.writeListeners.push(fn);
  }

  noticeWrites(): void {
    if (this.writeListeners.length === 0) return;
    const total = this.totalChanges();
    if (total === this.seenChanges) return;
    this.seenChanges = total;
    for (const fn of this.writeListeners) fn();
  }

  prepare(sql: string): RawStatement {
    const statement = new WasmStatement(this, this.db.prepare(sql));
    this.statements.push(statement);
    return statement;
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** Free every statement handed out (the caller dropped its cache of them). */
  finalizeStatements(): void {
    for (const statement of this.statements) statement.finalize();
    this.statements = [];
  }

  /** A script ran: it may have changed the schema without counting as row changes. */
  noticeScript(): void {
    this.seenChanges = -1;
    this.noticeWrites();
  }

  serialize(): Uint8Array {
    return this.sqlite3.capi.sqlite3_js_db_export(this.db);
  }

  close(): void {
    this.finalizeStatements();
    try {
      for (const fn of this.beforeCloseListeners.splice(0)) fn();
    } finally {
      this.db.close();
      this.binder.free();
    }
    for (const fn of this.closeListeners.splice(0)) fn();
  }

  get inTransaction(): boolean {
    return this.db.isOpen() && this.c.sqlite3_get_autocommit(this.pointer) === 0;
  }

  get open(): boolean {
    return this.db.isOpen();
  }

  /** Rows changed by the last statement since the connection opened, and the last rowid. */
  lastRun(): { changes: number; lastInsertRowid: number | bigint } {
    return {
      changes: this.c.sqlite3_changes(this.pointer),
      lastInsertRowid: toRowid(this.c.sqlite3_last_insert_rowid(this.pointer)),
    };
  }

  /** Rows changed since the connection opened (to notice writes). */
  totalChanges(): number {
    return this.c.sqlite3_total_changes(this.pointer);
  }
}

/** Core's SqliteDatabase on the wasm build: the shared statement cache and savepoints. */
export class WasmDatabase extends StatementDatabase {
  constructor(readonly wasm: WasmRawDatabase) {
    super(wasm);
  }

  override exec(sql: string): void {
    // The base class drops its statement cache before a script; free what it dropped so
    // wasm memory does not fill with orphaned statements.
    this.wasm.finalizeStatements();
    super.exec(sql);
    this.wasm.noticeScript();
  }
}

/** A fresh in-memory database holding a copy of SQLite file bytes. */
export function deserializeInto(sqlite3: Sqlite3Static, bytes: Uint8Array): Database {
  const copy = new Uint8Array(bytes);
  // A WAL-mode header cannot be opened from memory; the content is the same in rollback mode.
  if (copy.length > 19 && copy[18] === 2 && copy[19] === 2) copy[18] = copy[19] = 1;
  const db = new sqlite3.oo1.DB(':memory:');
  const { capi, wasm } = sqlite3;
  const pointer = wasm.allocFromTypedArray(copy);
  const rc = capi.sqlite3_deserialize(
    db,
    'main',
    pointer,
    copy.byteLength,
    copy.byteLength,
    capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE,
  );
  if (rc !== 0) {
    // On failure SQLite has already freed the buffer (FREEONCLOSE).
    db.close();
    throw new Error(`Cannot load the database bytes (SQLite code ${rc})`);
  }
  return db;
}
