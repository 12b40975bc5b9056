/**
 * The core's Web Worker entry. The UI starts it with `createWorkerClient` (or
 * `new Worker(url, { type: 'module' })` and an init message), then talks to it through the
 * typed client only.
 *
 * This script only imports the core's bundle, with a dynamic `import()`. Chromium keeps V8's
 * compiled code of a module a worker imports that way (from the service worker's cache, or the
 * HTTP cache) between starts, but never that of a worker's own script nor of its static imports:
 * it compiled the 760 KB core again at every start (0.6 s and more on a phone). The init message
 * may arrive before the bundle has loaded, so it is held here and handed over.
 *
 * SQLite's library is imported the same way, at once and beside the core's bundle: its wasm is
 * then fetched and compiled while the core's bundle loads and runs, where it waited for the
 * core's bundle before (both come through the service worker, one after the other); the wasm
 * itself is fetched and compiled from here too, beside the library's chunk, not once that
 * chunk has run (sqlite/load.ts). The storage probe starts as the init message arrives (it too
 * waited for the core's bundle).
 *
 * Started under the name WARM_HELPER_NAME, the same script is the core worker's helper that
 * compiles SQLite's functions on its own thread (sqlite/warm-helper.ts), and loads no core.
 */
import type { InitFailure } from '../../core/src/client/index.ts';
import { browser } from './browser-types.ts';
import { detectInitFailure } from './init.ts';
import { isInitMessage } from './init-message.ts';
import { compileSqliteWasm, loadSqlite } from './sqlite/load.ts';
import { WARM_HELPER_NAME, serveWarmHelper, startWarmHelper } from './sqlite/warm-helper.ts';
import sqliteWasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';
import type { WorkerScope } from './worker-main.ts';
import { workerMark } from './worker-mark.ts';

const scope = globalThis as unknown as WorkerScope & {
  name?: string;
  location?: { href: string };
};

/** The core's worker: SQLite, the storage probe and the core's bundle, all started at once. */
function startCoreWorker(): void {
  const early: unknown[] = [];
  /** Each mode's storage probe, started once (the init message's mode is the one asked for). */
  const probes = new Map<boolean, Promise<InitFailure | null>>();
  const probe = (fallbackMode: boolean): Promise<InitFailure | null> => {
    let probing = probes.get(fallbackMode);
    if (!probing) {
      probing = detectInitFailure(fallbackMode);
      // Awaited by the core's start; a failure meanwhile is not an unhandled rejection.
      probing.catch(() => undefined);
      probes.set(fallbackMode, probing);
    }
    return probing;
  };
  const hold = (event: { data: unknown }): void => {
    early.push(event.data);
    if (isInitMessage(event.data)) void probe(event.data.fallbackMode === true);
  };
  scope.addEventListener('message', hold);
  workerMark('script');
  // SQLite's functions are compiled on the helper's thread, not in the budget's open here
  // (sqlite/warm-helper.ts); it starts now, so its script loads while the module compiles.
  const helper = startWarmHelper(scope.location?.href, browser.Worker);
  const wasm = compileSqliteWasm(sqliteWasmUrl);
  if (helper) void wasm.then((module) => helper.give(module));
  const sqlite = loadSqlite(wasm);
  void sqlite.then(() => workerMark('sqlite-ready'));

  import('./worker-main.ts').then(
    ({ listenForInit }) => {
      workerMark('core-bundle-ready');
      scope.removeEventListener('message', hold);
      listenForInit(scope, early, sqlite, probe);
    },
    (err: unknown) => {
      // Thrown from a task, not a promise: the page's `error` listener then ends the waiting
      // calls ('The core worker failed to start'), as when the worker's script cannot load.
      setTimeout(() => {
        throw err;
      });
    },
  );
}

if (scope.name === WARM_HELPER_NAME) {
  workerMark('warm-helper:script');
  void serveWarmHelper(scope, loadSqlite).then((ran) => workerMark(`warm-helper:done ${ran}`));
} else startCoreWorker();
