import type { Timers } from '@coffer/core';
import type { SAHPoolUtil, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { DirectoryHandle } from '../browser-types.ts';
import { WasmRawDatabase } from '../sqlite/wasm-database.ts';
import { POOL_DIR, poolDatabaseNames, readPoolSnapshot, waitForPoolHandles } from './pool-files.ts';
import { findDir } from './opfs-paths.ts';
import { openRecovering } from './pool-recovery.ts';
import { type DbBackend, type Mount, isDatabasePath } from './types.ts';
import { workerMark } from '../worker-mark.ts';

/** Slots per budget folder: its database and journal, plus room for a replacement. */
const CAPACITY = 6;
/** What a kept journal may keep of its size after a commit (`journal_size_limit`). */
const JOURNAL_KEPT_BYTES = 1024 * 1024;

/**
 * Database files on OPFS, one SQLite SAH-pool VFS per budget folder (in
 * `<folder>/.sqlite-pool`). A pool holds its files' access handles while mounted, which is
 * also what keeps a second tab out; it needs no SharedArrayBuffer.
 */
export class PoolBackend implements DbBackend {
  /** Pools let go of but still registered: they come back with `unpauseVfs`. */
  private readonly paused = new Map<string, SAHPoolUtil>();
  /** A pool's VFS name cannot be reused once removed, so every install gets a new one. */
  private installs = 0;
  /** VFS names are global to the wasm module; two backends in one worker must not clash. */
  private readonly prefix = `coffer-${Math.floor(Math.random() * 1e9).toString(36)}`;

  constructor(
    private readonly sqlite3: Sqlite3Static,
    private readonly root: DirectoryHandle,
    private readonly timers: Timers,
  ) {}

  async mount(dir: string): Promise<Mount> {
    let pool = this.paused.get(dir);
    if (pool) {
      this.paused.delete(dir);
      await pool.unpauseVfs();
    } else {
      await waitForPoolHandles(this.root, dir, this.timers);
      workerMark('pool:handles-free');
      pool = await this.sqlite3.installOpfsSAHPoolVfs({
        name: `${this.prefix}-${++this.installs}`,
        directory: `${dir}/${POOL_DIR}`,
        initialCapacity: CAPACITY,
      });
      await pool.reserveMinimumCapacity(CAPACITY);
      workerMark('pool:installed');
    }
    return new PoolMount(this.sqlite3, pool, () => this.paused.set(dir, pool));
  }

  snapshot(dir: string): Promise<Map<string, Uint8Array>> {
    return readPoolSnapshot(this.root, dir, this.timers);
  }

  names(dir: string): Promise<string[]> {
    return poolDatabaseNames(this.root, dir);
  }

  async mayHold(dir: string): Promise<boolean> {
    return (await findDir(this.root, `${dir}/${POOL_DIR}`)) !== null;
  }

  async discard(dir: string): Promise<void> {
    const pool = this.paused.get(dir);
    this.paused.delete(dir);
    // A paused pool holds no handles; removing it also unregisters its VFS.
    if (pool) await pool.removeVfs();
  }
}

class PoolMount implements Mount {
  constructor(
    private readonly sqlite3: Sqlite3Static,
    private readonly pool: SAHPoolUtil,
    private readonly onPaused: () => void,
  ) {}

  open(name: string): WasmRawDatabase {
    const db = openRecovering(this.sqlite3, this.pool, name);
    // The journal is kept between transactions (its header zeroed at each commit) rather than
    // made and deleted by each: on the pool every create and delete writes and flushes the
    // slot's header and the delete truncates it, a phone save's largest file work after its
    // own pages. A crash mid-write stays safe: a journal with a header is hot, and the next
    // open plays it back (openRecovering). Only the journal's first MiB is kept after a
    // large write.
    db.exec(`PRAGMA journal_mode = PERSIST; PRAGMA journal_size_limit = ${JOURNAL_KEPT_BYTES}`);
    return new WasmRawDatabase(this.sqlite3, db);
  }

  names(): string[] {
    return this.pool
      .getFileNames()
      .filter(isDatabasePath)
      .map((path) => path.replace(/^\//, ''));
  }

  async read(name: string): Promise<Uint8Array> {
    return this.pool.exportFile(`/${name}`);
  }

  async write(name: string, bytes: Uint8Array): Promise<void> {
    this.pool.unlink(`/${name}-journal`);
    await this.pool.importDb(`/${name}`, bytes);
  }

  async remove(name: string): Promise<void> {
    this.pool.unlink(`/${name}`);
    this.pool.unlink(`/${name}-journal`);
  }

  async release(): Promise<void> {
    this.pool.pauseVfs();
    this.onPaused();
  }

  async destroy(): Promise<void> {
    await this.pool.removeVfs();
  }
}
