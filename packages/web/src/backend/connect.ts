import type { Connection } from './backend.ts';
import { type StartOptions, startCore } from './worker-client.ts';

export type { Connection, InitFailure } from './backend.ts';

/**
 * Starts the core in its worker and returns the client; requests queue until it is ready.
 * The worker is made in this call, synchronously. boot.ts, the page's first script, calls it
 * before the app's entry (React, the router, the kit) has come back and run, so the worker's
 * script, SQLite's wasm and the budget's open start while the entry loads and renders. (It was
 * a dynamic import of worker-client.ts, whose chunk came back after the first render and its
 * paint; then main.tsx's call, after the entry had been fetched and run: 0.3 s of a phone start
 * under the bench's CPU emulation before the worker was asked for.)
 */
export function connectBackend(options: StartOptions = {}): Promise<Connection> {
  return Promise.resolve(startCore(options));
}
