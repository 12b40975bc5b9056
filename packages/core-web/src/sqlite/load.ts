import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { InitFailure } from '../../../core/src/client/index.ts';
import { browser, type WasmModule } from '../browser-types.ts';
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

/** Emscripten's hook for a module made elsewhere (sqlite-wasm passes its init's argument on). */
interface InitArgs {
  instantiateWasm(imports: object, done: (instance: object, module: WasmModule) => void): object;
}

/**
 * SQLite's wasm, fetched and compiled from the worker's first line (worker.ts), beside the
 * library's chunk: the library asked for it only once its chunk had loaded and run, 200 ms
 * later on a phone's start under the bench's quota (issue 29). A streaming compile of the same
 * URL reads V8's cached code of the module as the library's own did. Null when it fails: the
 * library then fetches and compiles it itself.
 */
export function compileSqliteWasm(url: string): Promise<WasmModule | null> {
  const wasm = browser.WebAssembly;
  if (!wasm?.compileStreaming) return Promise.resolve(null);
  try {
    return wasm.compileStreaming(fetch(url, { credentials: 'same-origin' })).catch(() => null);
  } catch {
    return Promise.resolve(null);
  }
}

/**
 * SQLite's library, its wasm and its init, from the worker's first lines (worker.ts): the
 * library is a chunk of its own, so its wasm is fetched and compiled while the core's bundle
 * loads and runs, not after it (on a phone each is a few hundred ms through the service
 * worker). `wasm`: the module compileSqliteWasm is making. Never rejects: a failure, the
 * chunk's fetch included, is its answer.
 */
export async function loadSqlite(
  wasm: Promise<WasmModule | null> = Promise.resolve(null),
): Promise<Sqlite3Static | InitFailure> {
  try {
    const [{ default: sqlite3InitModule }, module] = await Promise.all([
      import('@sqlite.org/sqlite-wasm'),
      wasm,
    ]);
    workerMark('sqlite-chunk-ready');
    (globalThis as { sqlite3ApiConfig?: unknown }).sqlite3ApiConfig = SQLITE_CONFIG;
    const Instance = browser.WebAssembly?.Instance;
    if (!module || !Instance) return await sqlite3InitModule();
    // Typed without arguments, but the init hands its first one to Emscripten as its Module.
    const init = sqlite3InitModule as (args: InitArgs) => Promise<Sqlite3Static>;
    return await init({
      // Instantiated at once, so a failure throws into the init (Emscripten's promise for this
      // hook settles only through `done`).
      instantiateWasm: (imports, done) => {
        done(new Instance(module, imports), module);
        return {};
      },
    });
  } catch (err) {
    return {
      reason: 'sqlite-unavailable',
      message: `SQLite could not start: ${String(err)}`,
      fallbackAvailable: false,
    };
  }
}
