import type { Timers } from '@coffer/core';
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { DbOpener } from '../sqlite/driver.ts';
import { WasmRawDatabase, deserializeInto } from '../sqlite/wasm-database.ts';
import type { DirLocks, HeldLock } from './dir-locks.ts';
import { type DbBackend, FolderLockedError, type Mount, splitPath } from './types.ts';

interface EntryBase {
  readonly open: Set<WasmRawDatabase>;
  pins: number;
  idle: unknown;
}
interface Owned extends EntryBase {
  kind: 'owned';
  mount: Mount;
  lock: HeldLock;
}
/** Another tab owns the folder: its databases as they were, changes kept in memory only. */
interface Snapshot extends EntryBase {
  kind: 'snapshot';
  files: Map<string, Uint8Array>;
}
type Entry = Owned | Snapshot;

export interface DbStoreOptions {
  backend: DbBackend;
  sqlite3: Sqlite3Static;
  locks: DirLocks;
  timers: Timers;
  /** Called whenever this tab would write to a folder another tab owns. */
  onRefused: () => void;
  /** How long to wait for a folder's lock (a reloading tab lets go within this). */
  lockWaitMs?: number;
  /** How long a folder with nothing open stays owned (create-then-open needs no new lock). */
  graceMs?: number;
}

/**
 * The database files of every budget folder, opened synchronously by the SQLite driver once
 * their folder is staged: owned (this tab holds the folder's Web Lock and storage) or, when
 * another tab owns it, a read-only snapshot whose writes are refused with `onRefused`.
 *
 * Staging is asynchronous and the driver's `open` is not, so a folder is staged before core
 * opens a database in it: by `stage` (the worker does this for `load-budget`), by `claim`
 * (a folder `mkdir` creates), or by a write of a database file into it.
 */
export class DbStore implements DbOpener {
  private readonly entries = new Map<string, Entry>();
  private readonly staging = new Map<string, Promise<Entry>>();
  private readonly lockWaitMs: number;
  private readonly graceMs: number;
  /** Per running request, the folders used while it ran (each holds a pin on them). */
  private readonly requests = new Set<Map<string, Entry>>();

  constructor(private readonly options: DbStoreOptions) {
    this.lockWaitMs = options.lockWaitMs ?? 3000;
    this.graceMs = options.graceMs ?? 500;
  }

  /** Make `dir`'s databases openable until the returned function is called. */
  async stage(dir: string): Promise<() => void> {
    const entry = await this.ensure(dir, true, this.lockWaitMs);
    this.touch(dir, entry);
    entry.pins++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      entry.pins--;
      this.scheduleIdle(dir, entry);
    };
  }

  /**
   * Stage the folder of database `path` to open it, or answer null (letting the folder go
   * again) when there is no such database. The folder is taken first and its databases listed
   * from the mount: listing them beforehand read every pool file's header, 13 calls to the
   * browser's process at a phone's start, before the mount opened the same files (issue 29).
   */
  async stageDatabase(path: string): Promise<(() => void) | null> {
    const { dir, name } = splitPath(path);
    if (!this.entries.has(dir) && !(await this.options.backend.mayHold(dir))) return null;
    const release = await this.stage(dir);
    if ((await this.list(dir)).includes(name)) return release;
    release();
    return null;
  }

  /**
   * Mark a request running until the returned function is called: a folder used while it
   * runs (create-budget claims, closes and reopens one) is kept until it ends, however slow.
   * The worker wraps every request in this.
   */
  busy(): () => void {
    const used = new Map<string, Entry>();
    this.requests.add(used);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.requests.delete(used);
      for (const [dir, entry] of used) {
        entry.pins--;
        this.scheduleIdle(dir, entry);
      }
    };
  }

  /** `dir` is in use: every running request keeps it until that request ends. */
  private touch(dir: string, entry: Entry): void {
    for (const used of this.requests) {
      if (used.get(dir) === entry) continue;
      used.set(dir, entry);
      entry.pins++;
    }
    this.cancelIdle(entry);
  }

  /** A folder this tab just created: take it at once (no other tab can know it yet). */
  async claim(dir: string): Promise<void> {
    const entry = await this.ensure(dir, false, 0);
    this.touch(dir, entry);
    this.scheduleIdle(dir, entry);
  }

  /** Whether `dir` is staged as another tab's snapshot (writes there are refused). */
  isReadOnly(dir: string): boolean {
    return this.entries.get(dir)?.kind === 'snapshot';
  }

  refuse(): void {
    this.options.onRefused();
  }

  openSync(path: string): WasmRawDatabase {
    const { dir, name } = splitPath(path);
    const entry = this.entries.get(dir);
    if (!entry) throw new Error(`${path} is not staged: stage its folder before opening it`);
    let raw: WasmRawDatabase;
    if (entry.kind === 'owned') {
      raw = entry.mount.open(name);
    } else {
      const { sqlite3 } = this.options;
      const bytes = entry.files.get(name);
      raw = new WasmRawDatabase(
        sqlite3,
        bytes ? deserializeInto(sqlite3, bytes) : new sqlite3.oo1.DB(':memory:'),
      );
      raw.onWrite(() => this.refuse());
    }
    entry.open.add(raw);
    this.touch(dir, entry);
    raw.onClose(() => {
      entry.open.delete(raw);
      this.touch(dir, entry);
      this.scheduleIdle(dir, entry);
    });
    return raw;
  }

  async exists(path: string): Promise<boolean> {
    const { dir, name } = splitPath(path);
    return (await this.list(dir)).includes(name);
  }

  async list(dir: string): Promise<string[]> {
    await this.staging.get(dir)?.catch(() => undefined);
    const entry = this.entries.get(dir);
    if (entry?.kind === 'owned') return entry.mount.names();
    if (entry?.kind === 'snapshot') return [...entry.files.keys()];
    return this.options.backend.names(dir);
  }

  async read(path: string): Promise<Uint8Array> {
    const { dir, name } = splitPath(path);
    await this.staging.get(dir)?.catch(() => undefined);
    const entry = this.entries.get(dir);
    if (entry?.kind === 'owned') return entry.mount.read(name);
    const files =
      entry?.kind === 'snapshot' ? entry.files : await this.options.backend.snapshot(dir);
    const bytes = files.get(name);
    if (!bytes) throw new Error(`No database at ${path}`);
    return bytes;
  }

  async write(path: string, bytes: Uint8Array): Promise<void> {
    const { dir, name } = splitPath(path);
    await this.whileOwned(dir, (entry) => entry.mount.write(name, bytes));
  }

  async remove(path: string): Promise<void> {
    const { dir, name } = splitPath(path);
    await this.whileOwned(dir, (entry) => entry.mount.remove(name));
  }

  /**
   * Delete the databases of `dir` and the folders under it, then run `removeFolder` (the
   * plain file system's part) while this tab still owns `dir`.
   */
  async removeDir(dir: string, removeFolder: () => Promise<void>): Promise<void> {
    const inside = (key: string): boolean => key === dir || key.startsWith(`${dir}/`);
    const entries = [...this.entries].filter(([key]) => inside(key));
    for (const [, entry] of entries) {
      if (entry.kind === 'snapshot') {
        this.refuse();
        throw new FolderLockedError(dir);
      }
      if (entry.open.size > 0) throw new Error(`A database in ${dir} is still open`);
    }
    for (const [key, entry] of entries) {
      this.cancelIdle(entry);
      this.entries.delete(key);
      if (entry.kind === 'owned') {
        await entry.mount.destroy();
        entry.lock.release();
      }
    }
    if (entries.some(([key]) => key === dir)) return removeFolder();
    // Not staged: hold its lock while deleting, so no other tab is using it.
    const lock = await this.options.locks.acquire(dir, this.lockWaitMs);
    if (!lock) {
      this.refuse();
      throw new FolderLockedError(dir);
    }
    try {
      await this.options.backend.discard(dir);
      await removeFolder();
    } finally {
      lock.release();
    }
  }

  /** Let go of every folder (their files stay); used when the worker shuts down. */
  async releaseAll(): Promise<void> {
    for (const dir of [...this.entries.keys()]) await this.release(dir, true);
  }

  /**
   * The page is going away: close every database open here and let go of every folder now, so
   * the next page (a reload) takes the budget without waiting for this worker's end. A write
   * still unfinished rolls back from its journal, as it would when the browser ends the worker.
   */
  async leave(): Promise<void> {
    for (const entry of this.entries.values()) {
      for (const raw of [...entry.open]) raw.close();
    }
    await this.releaseAll();
  }

  private async whileOwned(dir: string, fn: (entry: Owned) => Promise<void>): Promise<void> {
    const entry = await this.ensure(dir, false, this.lockWaitMs);
    if (entry.kind !== 'owned') {
      this.refuse();
      throw new FolderLockedError(dir);
    }
    this.touch(dir, entry);
    entry.pins++;
    try {
      await fn(entry);
    } finally {
      entry.pins--;
      this.scheduleIdle(dir, entry);
    }
  }

  /** The folder's entry, staging it (once, however many callers ask at the same time). */
  private ensure(dir: string, snapshotIfLocked: boolean, waitMs: number): Promise<Entry> {
    const existing = this.entries.get(dir);
    if (existing) return Promise.resolve(existing);
    let staging = this.staging.get(dir);
    if (!staging) {
      staging = this.take(dir, snapshotIfLocked, waitMs).finally(() => this.staging.delete(dir));
      this.staging.set(dir, staging);
    }
    return staging;
  }

  private async take(dir: string, snapshotIfLocked: boolean, waitMs: number): Promise<Entry> {
    const { backend, locks } = this.options;
    const lock = await locks.acquire(dir, waitMs);
    let entry: Entry;
    if (lock) {
      let mount: Mount;
      try {
        mount = await backend.mount(dir);
      } catch (err) {
        lock.release();
        throw err;
      }
      entry = { kind: 'owned', mount, lock, open: new Set(), pins: 0, idle: null };
    } else {
      this.refuse();
      if (!snapshotIfLocked) throw new FolderLockedError(dir);
      const files = await backend.snapshot(dir);
      entry = { kind: 'snapshot', files, open: new Set(), pins: 0, idle: null };
    }
    this.entries.set(dir, entry);
    return entry;
  }

  private cancelIdle(entry: Entry): void {
    if (entry.idle !== null) this.options.timers.clearTimeout(entry.idle);
    entry.idle = null;
  }

  private scheduleIdle(dir: string, entry: Entry): void {
    this.cancelIdle(entry);
    if (entry.pins > 0 || entry.open.size > 0) return;
    entry.idle = this.options.timers.setTimeout(() => {
      entry.idle = null;
      void this.release(dir, false);
    }, this.graceMs);
  }

  private async release(dir: string, force: boolean): Promise<void> {
    const entry = this.entries.get(dir);
    if (!entry) return;
    if (!force && (entry.pins > 0 || entry.open.size > 0)) return;
    this.cancelIdle(entry);
    this.entries.delete(dir);
    if (entry.kind === 'owned') {
      try {
        await entry.mount.release();
      } finally {
        entry.lock.release();
      }
    }
  }
}
