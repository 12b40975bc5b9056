import type { Connection } from './backend.ts';

export type { Connection, InitFailure } from './backend.ts';

/** Starts the core in its worker and returns the client; requests queue until it is ready. */
export async function connectBackend(): Promise<Connection> {
  const { startCore } = await import('./worker-client.ts');
  return startCore();
}
