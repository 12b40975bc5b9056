/**
 * The part of `@coffer/core-web` the UI uses, as web's tsconfig sees it (the `paths` entry
 * points here; Vite still bundles the real package). Importing the real types would make tsc
 * check all of core under the DOM lib, where core's node-typed crypto and fetch bodies fail
 * (Uint8Array<ArrayBufferLike> vs BufferSource). Keep in step with packages/core-web/src/index.ts.
 */
declare module '@coffer/core-web' {
  export type InitFailureReason =
    'opfs-unavailable' | 'sah-pool-unavailable' | 'indexeddb-unavailable' | 'sqlite-unavailable';

  export interface InitFailure {
    reason: InitFailureReason;
    message: string;
    fallbackAvailable: boolean;
  }

  export interface WorkerClientOptions {
    fallbackMode?: boolean;
    persistMs?: number;
    lockWaitMs?: number;
    undoTag?: () => unknown;
    onMutated?: (undoTag: unknown) => void;
  }

  export interface WorkerClient {
    /** Resolves to the handler's result (`{ error }` values included); rejects when it threw. */
    send(name: string, args?: unknown): Promise<unknown>;
    sendCatch(name: string, args?: unknown): Promise<unknown>;
    listen(name: 'app-init-failure', listener: (payload: InitFailure) => void): () => void;
    listen(name: string, listener: (payload: unknown) => void): () => void;
    readonly ready: Promise<void>;
    readonly connected: boolean;
    close(reason?: string): void;
    terminate(): void;
  }

  export const FALLBACK_MODE_KEY: string;
  export function fallbackModeEnabled(storage: Pick<Storage, 'getItem'>): boolean;
  export function setFallbackMode(storage: Storage, on: boolean): void;
  export function createWorkerClient(
    worker: string | URL | Worker,
    options?: WorkerClientOptions,
  ): WorkerClient;
}
