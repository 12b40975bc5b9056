import type { Backend } from './backend.ts';

/** Mirrors the core client's `app-init-failure` payload (packages/core/src/client/types.ts). */
export interface InitFailure {
  reason: 'opfs-unavailable' | 'sah-pool-unavailable' | 'indexeddb-unavailable' | 'no-worker';
  message: string;
  fallbackAvailable: boolean;
}

export interface Connection {
  backend: Backend;
  onInitFailure(callback: (failure: InitFailure) => void): void;
}

/** Starts the core in its worker and returns the client; requests queue until it is ready. */
export async function connectBackend(): Promise<Connection> {
  const { startCore } = await import('./worker-client.ts');
  return startCore();
}
