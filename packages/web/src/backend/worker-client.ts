import { type WorkerClient, createWorkerClient, fallbackModeEnabled } from '@coffer/core-web';
import type { Backend, Connection, InitFailure } from './backend.ts';

/** Starts the core worker (bundled by Vite with sqlite's wasm) and wraps the typed client. */
export async function startCore(): Promise<Connection> {
  // Vite bundles the worker (and sqlite's wasm) from this literal form. Not imported as a
  // module: the core is type-checked by the root tsconfig, not under the DOM lib.
  const worker = new Worker(new URL('../../../core-web/src/worker.ts', import.meta.url), {
    type: 'module',
    name: 'coffer-core',
  });
  const client: WorkerClient = createWorkerClient(worker, {
    fallbackMode: fallbackModeEnabled(window.localStorage),
    undoTag: () => ({ url: window.location.pathname }),
  });
  // Registered before anything awaits, so an early init failure is not missed.
  const failures: InitFailure[] = [];
  const waiting: Array<(failure: InitFailure) => void> = [];
  client.listen('app-init-failure', (failure) => {
    failures.push(failure);
    waiting.forEach((cb) => cb(failure));
  });
  // The window asks for persistent storage itself; the worker cannot.
  void navigator.storage?.persist?.().catch(() => false);

  const backend: Backend = {
    // The UI names handlers by string; the typed client checks the names it knows.
    send: (name, args) => client.send(name, args) as Promise<never>,
    listen: (event, callback) => client.listen(event, callback),
  };
  return {
    backend,
    onInitFailure(callback) {
      waiting.push(callback);
      failures.forEach(callback);
    },
  };
}
