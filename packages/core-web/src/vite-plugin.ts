import type { Plugin } from 'vite';

const WORKER1 =
  /new Worker\(new URL\("sqlite3-worker1\.mjs", import\.meta\.url\), \{ type: "module" \}\)/;

/**
 * For the app's Vite config, in `worker.plugins`: sqlite-wasm's optional "Worker1" API starts
 * a worker of its own, which Vite would bundle and ship (half a megabyte, unused: the core
 * worker calls SQLite directly). This leaves it out.
 *
 *   worker: { format: 'es', plugins: () => [cofferWorkerPlugin()] }
 */
export function cofferWorkerPlugin(): Plugin {
  return {
    name: 'coffer-worker',
    transform(code, id) {
      if (!id.includes('@sqlite.org/sqlite-wasm/dist/index.mjs')) return null;
      const out = code.replace(WORKER1, 'null');
      return out === code ? null : { code: out, map: null };
    },
  };
}
