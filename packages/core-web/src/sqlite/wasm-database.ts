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

/** One prepared statement of the official wasm build, in better-sqlite3's call shape. */
class WasmStatement implements RawStatement {
  constructor(
    private readonly owner: WasmRawDatabase,
    private readonly stmt: PreparedStatement,
  ) {}

  private bind(params: readonly unknown[]): void {
    this.stmt.reset(true);
    if (params.length === 0 || this.owner.binder.bind(this.stmt.pointer!, params)) return;
    // Left to oo1 (which also reports what failed), from a clean slate.
    this.stmt.clearBindings();
    this.stmt.bind(params as Bindable[]);
  }

  run(params: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint } {
    this.bind(params);
    try {
      while (this.stmt.step()) {
        // Drain: a statement with RETURNING still runs to the end.
      }
    } finally {
      this.stmt.reset();
    }
    this.owner.noticeWrites();
    return this.owner.lastRun();
  }

  all(params: readonly unknown[]): unknown[] {
    this.bind(params);
    const rows: unknown[] = [];
    try {
      if (this.stmt.step()) {
        const { reader } = this.owner;
        const pointer = this.stmt.pointer!;
        const names = reader.columns(pointer);
        do rows.push(reader.row(pointer, names));
        while (this.stmt.step());
      }
    } finally {
      this.stmt.reset();
    }
    return rows;
  }

  get(params: readonly unknown[]): unknown {
    this.bind(params);
    try {
      if (!this.stmt.step()) return undefined;
      const { reader } = this.owner;
      const pointer = this.stmt.pointer!;
      return reader.row(pointer, reader.columns(pointer));
    } finally {
      this.stmt.reset();
    }
  }

  finalize(): void {
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

  constructor(
    private readonly sqlite3: Sqlite3Static,
    readonly db: Database,
  ) {
    this.binder = new RawBinder(sqlite3);
    this.reader = new RawReader(sqlite3);
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
    return this.db.isOpen() && this.sqlite3.capi.sqlite3_get_autocommit(this.db) === 0;
  }

  get open(): boolean {
    return this.db.isOpen();
  }

  /** Rows changed by the last statement since the connection opened, and the last rowid. */
  lastRun(): { changes: number; lastInsertRowid: number | bigint } {
    const { capi } = this.sqlite3;
    return {
      changes: capi.sqlite3_changes(this.db),
      lastInsertRowid: toRowid(capi.sqlite3_last_insert_rowid(this.db)),
    };
  }

  /** Rows changed since the connection opened (to notice writes). */
  totalChanges(): number {
    return Number(this.db.changes(true));
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
