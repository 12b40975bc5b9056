import type { Connection } from './backend.ts';
import { type StartOptions, startCore } from './worker-client.ts';

export type { Connection, InitFailure } from './backend.ts';

/**
 * Starts the core in its worker and returns the client; requests queue until it is ready.
 * The worker is made in this call, synchronously: main.tsx calls it before React's first render,
 * so the worker's script, SQLite's wasm and the budget's open start while the page renders. (It
 * was a dynamic import of worker-client.ts: its chunk then came back after the first render and
 * its paint, 0.3 s of a phone start under the bench's CPU quota before the worker was asked for.)
 */
export function connectBackend(options: StartOptions = {}): Promise<Connection> {
  return Promise.resolve(startCore(options));
}
