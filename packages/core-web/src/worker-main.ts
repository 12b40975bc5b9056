import { createAppCore } from '@coffer/core';
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import {
  type InitFailure,
  type MessagePortLike,
  type ServableCore,
  serveCore,
} from '../../core/src/client/index.ts';
import { detectInitFailure } from './init.ts';
import { type InitMessage, isInitMessage } from './init-message.ts';
import { isLeavingMessage } from './leaving.ts';
import { createWebPlatform } from './platform.ts';
import { stagingCore } from './staging-core.ts';
import { workerMark } from './worker-mark.ts';

export { type InitMessage, isInitMessage } from './init-message.ts';

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

/** The worker's global: a port that can also end the worker. */
export interface WorkerScope extends MessagePortLike {
  close?(): void;
}

/** SQLite loading since the worker's first lines (sqlite/load.ts): the library, or why not. */
export type SqliteLoading = Promise<Sqlite3Static | InitFailure>;

/**
 * The storage probe of a mode (init.ts's `detectInitFailure`), which worker.ts starts as the
 * init message arrives, before this module has loaded: its round trips to the browser's
 * process then overlap SQLite's compile and the core's bundle instead of following them
 * (90 ms of a phone's returning start under the bench's quota, issue 29).
 */
export type StorageProbe = (fallbackMode: boolean) => Promise<InitFailure | null>;

/**
 * Build the platform and the app core for `init`, and serve it over `scope` (the worker's
 * global). A browser that cannot run it gets `app-init-failure` pushed instead.
 */
export async function startWorker(
  scope: WorkerScope,
  init: InitMessage,
  sqliteLoading: SqliteLoading,
  probe: StorageProbe = detectInitFailure,
): Promise<void> {
  // The page may go away while the core starts: what it held is let go of once it exists.
  let left = false;
  let leave = (): void => void (left = true);
  scope.addEventListener('message', (event) => {
    if (isLeavingMessage(event.data)) leave();
  });
  // Taken as the message arrives, before the slow start-up below.
  const clockOffsetMs = typeof init.pageClock === 'number' ? init.pageClock - Date.now() : 0;
  const mode = init.fallbackMode ? 'fallback' : 'opfs';
  // SQLite's wasm, asked for at the worker's start, loads while the storage is probed.
  const failure = await probe(mode === 'fallback');
  workerMark('storage-probed');
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
      mark: (name) => workerMark(name),
    });
    workerMark('platform-made');
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
  // No sync as a budget opens: the page asks for the first one once its first screen is shown
  // (use-startup-sync.ts), so a phone's start does not share its CPU with the sync's requests
  // and writes. A download's catch-up still runs before the new budget opens.
  const core = createAppCore({
    platform,
    documentDir: platform.documentDir,
    cloud: { syncOnLoad: false },
  });
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
  const served = stagingCore(core, platform);
  // The page's last budget, which it asks to load once the handshake below is answered: its
  // folder is taken now, so that round trip to the page (often a busy main thread on a phone)
  // does not come before the pool's install.
  if (init.budget !== undefined) served.stageAhead(init.budget);
  serveCore(served, scope, { timers });
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
 * module had loaded (worker.ts holds them), the init message among them. `sqlite`: SQLite's
 * load, which worker.ts started before this module loaded (sqlite/load.ts); `probe`: the
 * storage probe, started there too once the init message came.
 */
export function listenForInit(
  scope: WorkerScope,
  early: readonly unknown[],
  sqlite: SqliteLoading,
  probe: StorageProbe = detectInitFailure,
): void {
  // The page left before this module loaded: nothing is started for it.
  if (early.some(isLeavingMessage)) {
    scope.close?.();
    return;
  }
  const init = early.find(isInitMessage);
  if (init) {
    void startWorker(scope, init, sqlite, probe);
    return;
  }
  const onMessage = (event: { data: unknown }): void => {
    if (!isInitMessage(event.data)) return;
    scope.removeEventListener('message', onMessage);
    void startWorker(scope, event.data, sqlite, probe);
  };
  scope.addEventListener('message', onMessage);
}
