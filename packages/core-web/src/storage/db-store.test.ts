import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { describe, expect, it } from 'vitest';
import type { LockManager } from '../browser-types.ts';
import { WasmDatabase, WasmRawDatabase, deserializeInto } from '../sqlite/wasm-database.ts';
import { DbStore } from './db-store.ts';
import { DirLocks } from './dir-locks.ts';
import { type DbBackend, FolderLockedError, type Mount } from './types.ts';

const sqlite3 = await sqlite3InitModule();

/** Web Locks shared by the "tabs" of one test: a queue per name, like the browser's. */
function fakeLockManager(): LockManager {
  const held = new Set<string>();
  const waiters = new Map<string, Array<() => void>>();
  const free = (name: string): void => {
    held.delete(name);
    waiters.get(name)?.shift()?.();
  };
  return {
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null);
        await new Promise<void>((resolve, reject) => {
          const list = waiters.get(name) ?? [];
          waiters.set(name, list);
          list.push(resolve);
          options.signal?.addEventListener('abort', () => {
            list.splice(list.indexOf(resolve), 1);
            reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' }));
          });
        });
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        free(name);
      }
    },
  };
}

/** One "disk" of database bytes per folder; an open database is saved when it closes. */
function fakeBackend(disk: Map<string, Map<string, Uint8Array>>): DbBackend {
  const folder = (dir: string): Map<string, Uint8Array> => {
    let files = disk.get(dir);
    if (!files) disk.set(dir, (files = new Map()));
    return files;
  };
  return {
    async mount(dir): Promise<Mount> {
      const files = folder(dir);
      return {
        open(name) {
          const bytes = files.get(name);
          const raw = new WasmRawDatabase(
            sqlite3,
            bytes ? deserializeInto(sqlite3, bytes) : new sqlite3.oo1.DB(':memory:'),
          );
          raw.beforeClose(() => files.set(name, raw.serialize()));
          return raw;
        },
        names: () => [...files.keys()],
        read: async (name) => files.get(name) ?? new Uint8Array(),
        write: async (name, bytes) => void files.set(name, bytes),
        remove: async (name) => void files.delete(name),
        release: async () => undefined,
        destroy: async () => void disk.delete(dir),
      };
    },
    snapshot: async (dir) => new Map(folder(dir)),
    names: async (dir) => [...folder(dir).keys()],
    mayHold: async (dir) => disk.has(dir),
    discard: async () => undefined,
  };
}

/** Timers that run only when the test says so. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    setTimeout: (fn: () => void) => (pending.set(++next, fn), next),
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    runAll() {
      const fns = [...pending.values()];
      pending.clear();
      for (const fn of fns) fn();
    },
    get count() {
      return pending.size;
    },
  };
}

function twoTabs() {
  const disk = new Map<string, Map<string, Uint8Array>>();
  const locks = fakeLockManager();
  const tab = () => {
    const timers = manualTimers();
    const refused: number[] = [];
    const store = new DbStore({
      backend: fakeBackend(disk),
      sqlite3,
      locks: new DirLocks(locks),
      timers,
      onRefused: () => refused.push(1),
      lockWaitMs: 30,
    });
    const open = (path: string) => new WasmDatabase(store.openSync(path));
    return { store, timers, refused, open };
  };
  return { a: tab(), b: tab(), disk };
}

const DIR = '/documents/home';
const DB = `${DIR}/db.sqlite`;

describe('DbStore', () => {
  it('opens only staged folders', async () => {
    const { a } = twoTabs();
    expect(() => a.store.openSync(DB)).toThrow(/not staged/);
    await a.store.claim(DIR);
    const db = a.open(DB);
    db.exec('CREATE TABLE t (v TEXT)');
    db.close();
    expect(await a.store.exists(DB)).toBe(true);
    expect(await a.store.list(DIR)).toEqual(['db.sqlite']);
  });

  it('stages a database to open it: its folder taken, or let go when it holds no such file', async () => {
    const { a, b, disk } = twoTabs();
    expect(await a.store.stageDatabase(DB)).toBeNull();
    expect(disk.has(DIR)).toBe(false);
    await a.store.claim(DIR);
    const created = a.open(DB);
    created.exec('CREATE TABLE t (v TEXT)');
    created.close();
    a.timers.runAll();

    const release = await b.store.stageDatabase(DB);
    expect(release).not.toBeNull();
    const db = b.open(DB);
    expect(db.all('SELECT * FROM t')).toEqual([]);
    db.close();
    release?.();
    // A folder without that database is let go once idle, as any staged folder.
    expect(await b.store.stageDatabase(`${DIR}/other.sqlite`)).toBeNull();
    b.timers.runAll();
    expect(await a.store.stageDatabase(DB)).not.toBeNull();
    expect(a.refused).toEqual([]);
  });

  it('gives a second tab a snapshot whose writes are refused, never saved', async () => {
    const { a, b, disk } = twoTabs();
    await a.store.claim(DIR);
    const first = a.open(DB);
    first.exec('CREATE TABLE t (v TEXT)');
    first.run("INSERT INTO t VALUES ('saved')");
    first.close();
    const unpin = await a.store.stage(DIR);
    const kept = a.open(DB);

    const release = await b.store.stage(DIR);
    expect(b.refused).toHaveLength(1);
    expect(b.store.isReadOnly(DIR)).toBe(true);
    const copy = b.open(DB);
    expect(copy.all('SELECT v FROM t')).toEqual([{ v: 'saved' }]);
    copy.run("INSERT INTO t VALUES ('lost')");
    expect(b.refused).toHaveLength(2);
    await expect(b.store.write(DB, new Uint8Array())).rejects.toBeInstanceOf(FolderLockedError);
    await expect(b.store.removeDir(DIR, async () => undefined)).rejects.toBeInstanceOf(
      FolderLockedError,
    );
    copy.close();
    release();

    kept.run("INSERT INTO t VALUES ('second')");
    kept.close();
    unpin();
    const saved = deserializeInto(sqlite3, disk.get(DIR)!.get('db.sqlite')!);
    expect(saved.selectValues('SELECT v FROM t ORDER BY v')).toEqual(['saved', 'second']);
    saved.close();
    expect(a.refused).toEqual([]);
  });

  it('lets go of a folder once nothing uses it, not while a request that used it runs', async () => {
    const { a, b } = twoTabs();
    const other = '/documents/other';
    await a.store.claim(other);
    const done = a.store.busy();
    await a.store.claim(DIR);
    a.open(DB).close();
    // Only the folder this request used is kept; the other goes after its grace time.
    expect(a.timers.count).toBe(1);
    a.timers.runAll();
    done();
    expect(a.timers.count).toBe(1);
    a.timers.runAll();
    await new Promise((resolve) => setImmediate(resolve));

    for (const dir of [DIR, other]) {
      const release = await b.store.stage(dir);
      expect(b.store.isReadOnly(dir)).toBe(false);
      release();
    }
    expect(b.refused).toEqual([]);
  });

  it('leaving closes what is open and lets go at once, though a request still holds the folder', async () => {
    const { a, b } = twoTabs();
    await a.store.claim(DIR);
    const created = a.open(DB);
    created.exec('CREATE TABLE t (v TEXT)');
    created.close();
    a.store.busy();
    await a.store.stage(DIR);
    const open = a.open(DB);
    open.run("INSERT INTO t VALUES ('written')");

    await a.store.leave();
    expect(() => open.all('SELECT v FROM t')).toThrow();
    const release = await b.store.stage(DIR);
    expect(b.store.isReadOnly(DIR)).toBe(false);
    const next = b.open(DB);
    expect(next.all('SELECT v FROM t')).toEqual([{ v: 'written' }]);
    next.run("INSERT INTO t VALUES ('next')");
    next.close();
    release();
    expect(b.refused).toEqual([]);
  });

  it('deletes a folder it owns, with its databases', async () => {
    const { a, disk } = twoTabs();
    await a.store.claim(DIR);
    a.open(DB).close();
    let removed = false;
    await a.store.removeDir(DIR, async () => void (removed = true));
    expect(removed).toBe(true);
    expect(disk.has(DIR)).toBe(false);
    expect(() => a.store.openSync(DB)).toThrow(/not staged/);
  });

  it('refuses to delete a folder with an open database', async () => {
    const { a } = twoTabs();
    await a.store.claim(DIR);
    const db = a.open(DB);
    await expect(a.store.removeDir(DIR, async () => undefined)).rejects.toThrow(/still open/);
    db.close();
  });
});
