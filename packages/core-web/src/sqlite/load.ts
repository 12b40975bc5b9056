import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { InitFailure } from '../../../core/src/client/index.ts';
import { workerMark } from '../worker-mark.ts';

/**
 * By default sqlite-wasm also sets up its "opfs" and "opfs-wl" VFSes, each starting a proxy
 * worker (a script fetched twice) before init resolves, and its "kvvfs" (databases in
 * localStorage), whose set-up wraps 11 JS methods as wasm functions, a small module compiled
 * for each (3.9-4.1 ms of Node's CPU of a 30-34 ms init, 3.53.4). Budgets use SAH
 * pools only, so start-up skips all three; the library reads this option from a global, once,
 * then deletes it.
 */
const SQLITE_CONFIG = { disable: { vfs: { opfs: true, 'opfs-wl': true, kvvfs: true } } };

/**
 * SQLite's library, its wasm and its init, from the worker's first lines (worker.ts): the
 * library is a chunk of its own, so its wasm is fetched and compiled while the core's bundle
 * loads and runs, not after it (on a phone each is a few hundred ms through the service
 * worker). Never rejects: a failure, the chunk's fetch included, is its answer.
 */
export async function loadSqlite(): Promise<Sqlite3Static | InitFailure> {
  try {
    const { default: sqlite3InitModule } = await import('@sqlite.org/sqlite-wasm');
    workerMark('sqlite-chunk-ready');
    (globalThis as { sqlite3ApiConfig?: unknown }).sqlite3ApiConfig = SQLITE_CONFIG;
    return await sqlite3InitModule();
  } catch (err) {
    return {
      reason: 'sqlite-unavailable',
      message: `SQLite could not start: ${String(err)}`,
      fallbackAvailable: false,
    };
  }
}
