import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { InitFailure } from '../../../core/src/client/index.ts';
import type { WasmModule } from '../browser-types.ts';
import { warmSqlite } from './warm.ts';

/**
 * SQLite's functions compiled on another thread than the core's (issue 29). V8 compiles a wasm
 * module's functions at their first call, and keeps that code in the module, which every
 * instance of it shares, in any worker of the page's process: a worker given the compiled
 * module that runs the open's path once (warm.ts) has compiled those functions for the core
 * worker, whose budget's open then finds them ready (~450 compiles, 14–15 ms of its CPU in the
 * file's open and first read, 100–340 ms of it under the phone bench's quota). Done on the
 * core's own thread, the same warm-up cost it more CPU than it saved and held its start back.
 *
 * The helper is the core worker's own script under another name, so no other file is fetched
 * but SQLite's library chunk; it loads no core, compiles nothing itself and ends once done.
 */
export const WARM_HELPER_NAME = 'coffer-sqlite-warm';

interface WarmMessage {
  type: 'warm-sqlite';
  module: WasmModule;
}

const isWarmMessage = (data: unknown): data is WarmMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'warm-sqlite';

interface HelperWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'error', listener: (event: { preventDefault(): void }) => void): void;
}
type HelperWorkerCtor = new (
  url: string,
  options: { type: 'module'; name: string },
) => HelperWorker;

/** A started helper: `give` hands it SQLite's compiled module (null: none, and it ends). */
export interface WarmHelper {
  give(module: WasmModule | null): void;
}

/**
 * Start the helper from the script at `url`, at once: its script and SQLite's library chunk
 * load while the module compiles. Null without nested workers or when the worker cannot start;
 * nothing depends on it, SQLite then compiles as it did.
 */
export function startWarmHelper(
  url: string | undefined,
  WorkerCtor: HelperWorkerCtor | undefined,
): WarmHelper | null {
  if (!WorkerCtor || !url) return null;
  let worker: HelperWorker;
  try {
    worker = new WorkerCtor(url, { type: 'module', name: WARM_HELPER_NAME });
  } catch {
    return null;
  }
  // A nested worker's error not cancelled is reported again in its parent, as the core
  // worker's own, which the page takes for the core failing to start (a script that cannot
  // load offline, say): the helper's failures stay its own.
  worker.addEventListener('error', (event) => event.preventDefault());
  return {
    give(module) {
      if (!module) {
        worker.terminate();
        return;
      }
      const message: WarmMessage = { type: 'warm-sqlite', module };
      worker.postMessage(message);
    },
  };
}

/** The helper's global: where its message comes, and its end. */
export interface HelperScope {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close?(): void;
}

/**
 * The helper's side: wait for the module, load SQLite's library on it (`load`: sqlite/load.ts's
 * `loadSqlite`), run the warm-up's steps one after another (this thread has nothing else to
 * do), and end. Answers how many steps ran.
 */
export function serveWarmHelper(
  scope: HelperScope,
  load: (module: Promise<WasmModule | null>) => Promise<Sqlite3Static | InitFailure>,
): Promise<number> {
  return new Promise((resolve) => {
    let started = false;
    scope.addEventListener('message', (event) => {
      if (started || !isWarmMessage(event.data)) return;
      started = true;
      void load(Promise.resolve(event.data.module))
        .then((sqlite3) => ('reason' in sqlite3 ? 0 : warmSqlite(sqlite3, (next) => next())))
        .catch(() => 0)
        .then((ran) => {
          scope.close?.();
          resolve(ran);
        });
    });
  });
}
