import {
  type WorkerClient,
  createWorkerClient,
  fallbackModeEnabled,
  pageClockForTest,
} from '@coffer/core-web';
import type { Backend, Connection, InitFailure } from './backend.ts';

export interface StartOptions {
  /** The budget the page will open first (its last one): the worker takes its folder at once. */
  lastBudget?: string;
}

/** Starts the core worker (bundled by Vite with sqlite's wasm) and wraps the typed client. */
export async function startCore(options: StartOptions = {}): Promise<Connection> {
  // Vite bundles the worker (and sqlite's wasm) from this literal `new URL` form only; an
  // import of '@coffer/core-web/worker' would run the worker's code on the main thread.
  const worker = new Worker(new URL('../../../core-web/src/worker.ts', import.meta.url), {
    type: 'module',
    name: 'coffer-core',
  });
  const client: WorkerClient = createWorkerClient(worker, {
    fallbackMode: fallbackModeEnabled(window.localStorage),
    // Browser tests that move the page's time (page.clock) move the core's with it.
    pageClock: pageClockForTest(window.localStorage),
    budget: options.lastBudget,
    // Undo goes back to where the edit happened: the page and its query (a month, a filter).
    undoTag: () => ({ url: window.location.pathname + window.location.search }),
  });
  // Registered before anything awaits, so an early init failure is not missed.
  const failures: InitFailure[] = [];
  const waiting: Array<(failure: InitFailure) => void> = [];
  client.listen('app-init-failure', (failure) => {
    failures.push(failure);
    waiting.forEach((cb) => cb(failure));
  });

  // The typed client is the Backend: names, arguments and answers checked by core's handlers.
  const backend: Backend = client;
  return {
    backend,
    onInitFailure(callback) {
      waiting.push(callback);
      failures.forEach(callback);
    },
  };
}
