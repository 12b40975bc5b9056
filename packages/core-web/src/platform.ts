import type { Logger, Platform } from '@coffer/core';
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { browser } from './browser-types.ts';
import { createIdbFileSystem } from './fs/idb-fs.ts';
import { createOpfsFileSystem } from './fs/opfs-fs.ts';
import { createRoutedFileSystem } from './fs/routed-fs.ts';
import { createWasmSqliteDriver } from './sqlite/driver.ts';
import { DbStore } from './storage/db-store.ts';
import { DirLocks } from './storage/dir-locks.ts';
import { IdbBackend } from './storage/idb-backend.ts';
import { IdbFiles } from './storage/idb.ts';
import { keepingDirs } from './storage/opfs-paths.ts';
import { PoolBackend } from './storage/pool-backend.ts';
import type { DbBackend } from './storage/types.ts';

export const DOCUMENT_DIR = '/documents';

export interface WebPlatformOptions {
  sqlite3: Sqlite3Static;
  /** 'opfs' (normal) or the advanced in-memory mode persisted to IndexedDB. */
  mode: 'opfs' | 'fallback';
  /** Called whenever a write is refused because another tab owns the budget. */
  onRefused: () => void;
  log?: Logger;
  /** Fallback mode: how long after a change the database snapshot is saved. */
  persistMs?: number;
  /** How long to wait for a budget another context holds (a reloading tab lets go). */
  lockWaitMs?: number;
  /** Added to the system clock (test only: see `InitMessage.pageClock`). */
  clockOffsetMs?: number;
  /** Marks a moment of a budget's open (the worker's `workerMark`). */
  mark?: (name: string) => void;
}

/** The browser Platform, with the budget folder and the database store behind its fs. */
export interface WebPlatform extends Platform {
  documentDir: string;
  store: DbStore;
}

const consoleLogger: Logger = {
  info: (message, data) => console.info(message, ...(data ? [data] : [])),
  warn: (message, data) => console.warn(message, ...(data ? [data] : [])),
  error: (message, data) => console.error(message, ...(data ? [data] : [])),
};

/** Everything core needs in a browser worker: wasm SQLite on OPFS (or IndexedDB), Web Crypto. */
export async function createWebPlatform(options: WebPlatformOptions): Promise<WebPlatform> {
  const { sqlite3 } = options;
  const log = options.log ?? consoleLogger;
  const offset = options.clockOffsetMs ?? 0;
  const timers: Platform['timers'] = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const crypto = globalThis.crypto;
  const uuid = (): string => crypto.randomUUID();

  let base: Platform['fs'];
  let backend: DbBackend;
  if (options.mode === 'opfs') {
    const getDirectory = browser.navigator?.storage?.getDirectory;
    if (!getDirectory) throw new Error('No origin-private file system');
    const root = keepingDirs(await getDirectory.call(browser.navigator?.storage), [
      DOCUMENT_DIR.slice(1),
    ]);
    base = createOpfsFileSystem(root, uuid);
    backend = new PoolBackend(sqlite3, root, timers);
  } else {
    const files = await IdbFiles.open();
    base = createIdbFileSystem(files);
    backend = new IdbBackend({ sqlite3, files, timers, log, persistMs: options.persistMs ?? 2000 });
  }
  const store = new DbStore({
    backend,
    sqlite3,
    timers,
    locks: new DirLocks(browser.navigator?.locks),
    onRefused: options.onRefused,
    lockWaitMs: options.lockWaitMs,
  });
  const fs = createRoutedFileSystem(base, store, DOCUMENT_DIR);
  await fs.mkdir(DOCUMENT_DIR);

  return {
    documentDir: DOCUMENT_DIR,
    store,
    sqlite: createWasmSqliteDriver(sqlite3, store),
    fs,
    clock: { now: offset === 0 ? () => Date.now() : () => Date.now() + offset },
    random: {
      uuid,
      bytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
    },
    timers,
    fetch: (input, init) => globalThis.fetch(input, init),
    crypto,
    log,
    mark: options.mark,
  };
}
