import type { Logger, Timers } from '@coffer/core';
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { WasmRawDatabase, deserializeInto } from '../sqlite/wasm-database.ts';
import type { IdbFiles } from './idb.ts';
import { type DbBackend, type Mount, isDatabasePath } from './types.ts';

/** The database files directly in `dir`, by name, as IndexedDB holds them. */
async function storedDatabases(files: IdbFiles, dir: string): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const prefix = `${dir}/`;
  for (const key of await files.keys(prefix)) {
    const name = key.slice(prefix.length);
    if (name.includes('/') || !isDatabasePath(name)) continue;
    const value = await files.get(key);
    if (value instanceof Uint8Array) out.set(name, value);
  }
  return out;
}

/**
 * The advanced fallback mode's database files: SQLite runs in memory and a snapshot of each
 * open database goes to IndexedDB a while after it changes and when it closes. A crash loses
 * at most the last `persistMs` of changes.
 */
export interface IdbBackendDeps {
  sqlite3: Sqlite3Static;
  files: IdbFiles;
  timers: Timers;
  log: Logger;
  /** How long after a change the snapshot is written. */
  persistMs: number;
}

export class IdbBackend implements DbBackend {
  constructor(private readonly deps: IdbBackendDeps) {}

  async mount(dir: string): Promise<Mount> {
    const saved = await storedDatabases(this.deps.files, dir);
    return new IdbMount(this.deps, dir, saved);
  }

  snapshot(dir: string): Promise<Map<string, Uint8Array>> {
    return storedDatabases(this.deps.files, dir);
  }

  async names(dir: string): Promise<string[]> {
    const prefix = `${dir}/`;
    return (await this.deps.files.keys(prefix))
      .map((key) => key.slice(prefix.length))
      .filter((name) => !name.includes('/') && isDatabasePath(name));
  }

  async mayHold(dir: string): Promise<boolean> {
    return (await this.names(dir)).length > 0;
  }

  async discard(): Promise<void> {
    // Nothing is kept for a folder this tab does not own.
  }
}

class IdbMount implements Mount {
  private readonly openDbs = new Map<string, WasmRawDatabase>();
  private readonly dirty = new Set<string>();
  private timer: unknown = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: IdbBackendDeps,
    private readonly dir: string,
    /** The last bytes written (or read) per database name. */
    private readonly saved: Map<string, Uint8Array>,
  ) {}

  open(name: string): WasmRawDatabase {
    if (this.openDbs.has(name)) throw new Error(`${this.dir}/${name} is already open`);
    const { sqlite3 } = this.deps;
    const bytes = this.saved.get(name);
    const raw = new WasmRawDatabase(
      sqlite3,
      bytes ? deserializeInto(sqlite3, bytes) : new sqlite3.oo1.DB(':memory:'),
    );
    // A new database exists as soon as it is opened, like a file on disk.
    if (!bytes) this.dirty.add(name);
    raw.onWrite(() => {
      this.dirty.add(name);
      this.schedule();
    });
    raw.beforeClose(() => {
      this.snapshot(name, raw);
      this.openDbs.delete(name);
    });
    this.openDbs.set(name, raw);
    return raw;
  }

  names(): string[] {
    return [...new Set([...this.saved.keys(), ...this.openDbs.keys()])];
  }

  async read(name: string): Promise<Uint8Array> {
    const raw = this.openDbs.get(name);
    if (raw) return raw.serialize();
    const bytes = this.saved.get(name);
    if (!bytes) throw new Error(`No database at ${this.dir}/${name}`);
    return bytes;
  }

  async write(name: string, bytes: Uint8Array): Promise<void> {
    if (this.openDbs.has(name)) throw new Error(`${this.dir}/${name} is open`);
    this.saved.set(name, bytes);
    this.persist(name, bytes);
    await this.writes;
  }

  async remove(name: string): Promise<void> {
    if (this.openDbs.has(name)) throw new Error(`${this.dir}/${name} is open`);
    this.saved.delete(name);
    const { files } = this.deps;
    this.writes = this.writes.then(() => files.delete(`${this.dir}/${name}`));
    await this.writes;
  }

  async release(): Promise<void> {
    this.flush();
    await this.writes;
  }

  async destroy(): Promise<void> {
    this.cancel();
    this.dirty.clear();
    await this.writes;
  }

  private schedule(): void {
    if (this.timer !== null) return;
    const { timers, persistMs } = this.deps;
    this.timer = timers.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, persistMs);
  }

  private cancel(): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    this.cancel();
    for (const [name, raw] of this.openDbs) this.snapshot(name, raw);
  }

  private snapshot(name: string, raw: WasmRawDatabase): void {
    if (!this.dirty.delete(name)) return;
    const bytes = raw.serialize();
    this.saved.set(name, bytes);
    this.persist(name, bytes);
  }

  private persist(name: string, bytes: Uint8Array): void {
    const { files, log } = this.deps;
    const key = `${this.dir}/${name}`;
    this.writes = this.writes
      .then(() => files.put(key, bytes))
      .catch((err: unknown) =>
        log.error('Saving a database to IndexedDB failed', { key, error: String(err) }),
      );
  }
}
