import { createAppCore } from '@coffer/core';
import sqlite3InitModule, { type Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import {
  type InitFailure,
  type MessagePortLike,
  type ServableCore,
  serveCore,
} from '../../core/src/client/index.ts';
import { detectInitFailure } from './init.ts';
import { isLeavingMessage } from './leaving.ts';
import { createWebPlatform } from './platform.ts';
import { stagingCore } from './staging-core.ts';

/** The first message the UI sends the worker (see `createWorkerClient`). */
export interface InitMessage {
  type: 'init';
  /** The risk-acknowledged fallback mode: SQLite in memory, snapshots in IndexedDB. */
  fallbackMode?: boolean;
  /** Fallback mode: how long after a change a snapshot is saved (default 2000 ms). */
  persistMs?: number;
  /** How long to wait for a budget another context holds (default 3000 ms). */
  lockWaitMs?: number;
  /**
   * Test only: the page's `Date.now()` when it sent this message. The worker's clock then keeps
   * the same distance from the system clock, so a browser test that moves the page's time
   * (Playwright's `page.clock`, which does not reach workers) moves the core's as well.
   */
  pageClock?: number;
}

export function isInitMessage(value: unknown): value is InitMessage {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'init'
  );
}

const timers = {
  setTimeout: (fn: () => void, ms: number): unknown => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A core that cannot run: every call answers with the failure, which is also pushed. */
function failedCore(failure: InitFailure): ServableCore {
  return {
    sendUnknown: async () => ({ error: { type: 'app-init-failure', message: failure.message } }),
    events: { onAny: () => () => undefined },
  };
}

/**
 * By default sqlite-wasm also sets up its "opfs" and "opfs-wl" VFSes, each starting a proxy
 * worker (a script fetched twice) before init resolves, and its "kvvfs" (databases in
 * localStorage), whose set-up wraps 11 JS methods as wasm functions, a small module compiled
 * for each (3.9-4.1 ms of Node's CPU of a 30-34 ms init, 3.53.4). Budgets use SAH
 * pools only, so start-up skips all three; the library reads this option from a global, once,
 * then deletes it.
 */
const SQLITE_CONFIG = { disable: { vfs: { opfs: true, 'opfs-wl': true, kvvfs: true } } };

async function loadSqlite(): Promise<Sqlite3Static | InitFailure> {
  try {
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

/** The worker's global: a port that can also end the worker. */
export interface WorkerScope extends MessagePortLike {
  close?(): void;
}

/**
 * Build the platform and the app core for `init`, and serve it over `scope` (the worker's
 * global). A browser that cannot run it gets `app-init-failure` pushed instead.
 */
export async function startWorker(scope: WorkerScope, init: InitMessage): Promise<void> {
  // The page may go away while the core starts: what it held is let go of once it exists.
  let left = false;
  let leave = (): void => void (left = true);
  scope.addEventListener('message', (event) => {
    if (isLeavingMessage(event.data)) leave();
  });
  // Taken as the message arrives, before the slow start-up below.
  const clockOffsetMs = typeof init.pageClock === 'number' ? init.pageClock - Date.now() : 0;
  const mode = init.fallbackMode ? 'fallback' : 'opfs';
  // SQLite's wasm is fetched and compiled while the storage is probed, not after: on a phone
  // each is a few hundred ms. (`loadSqlite` never rejects: a failure is its answer.)
  const sqliteLoading = loadSqlite();
  const failure = await detectInitFailure(mode === 'fallback');
  const sqlite3 = failure ?? (await sqliteLoading);
  if ('reason' in sqlite3) {
    serveCore(failedCore(sqlite3), scope, { timers }).push('app-init-failure', sqlite3);
    return;
  }
  // The core exists only after the platform, but the platform reports refused writes to it.
  let refused: () => void = () => undefined;
  let platform;
  try {
    platform = await createWebPlatform({
      sqlite3,
      mode,
      onRefused: () => refused(),
      persistMs: init.persistMs,
      lockWaitMs: init.lockWaitMs,
      clockOffsetMs,
    });
  } catch (err) {
    const storageFailure: InitFailure = {
      reason: mode === 'fallback' ? 'indexeddb-unavailable' : 'sah-pool-unavailable',
      message: String(err),
      fallbackAvailable: mode === 'opfs',
    };
    serveCore(failedCore(storageFailure), scope, { timers }).push(
      'app-init-failure',
      storageFailure,
    );
    return;
  }
  // The cloud module through the app core, so backups read the session's global state (the
  // last opened budget) instead of loading a second copy of the state file.
  const core = createAppCore({ platform, documentDir: platform.documentDir, cloud: {} });
  // One push per burst: a refused batch of writes shows one notification, not hundreds.
  let pushQueued = false;
  refused = () => {
    if (pushQueued) return;
    pushQueued = true;
    queueMicrotask(() => {
      pushQueued = false;
      core.events.emit('fallback-write-error', {});
    });
  };
  serveCore(stagingCore(core, platform), scope, { timers });
  // OPFS only: the fallback mode's budgets live in this worker's memory until saved, and its
  // save on close is not done here.
  if (mode === 'opfs') {
    const store = platform.store;
    leave = () => void store.leave().finally(() => scope.close?.());
    if (left) leave();
  }
}

/**
 * Wait for the UI's init message, then start. `early`: the messages that arrived before this
 * module had loaded (worker.ts holds them), the init message among them.
 */
export function listenForInit(scope: WorkerScope, early: readonly unknown[] = []): void {
  // The page left before this module loaded: nothing is started for it.
  if (early.some(isLeavingMessage)) {
    scope.close?.();
    return;
  }
  const init = early.find(isInitMessage);
  if (init) {
    void startWorker(scope, init);
    return;
  }
  const onMessage = (event: { data: unknown }): void => {
    if (!isInitMessage(event.data)) return;
    scope.removeEventListener('message', onMessage);
    void startWorker(scope, event.data);
  };
  scope.addEventListener('message', onMessage);
}
