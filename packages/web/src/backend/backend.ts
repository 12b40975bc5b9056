import type { InitFailureReason } from '@coffer/core-web';

/**
 * The UI's view of the core: named handlers and pushed events. The real implementation is the
 * typed client of packages/core (over the core-web worker); the UI depends only on this shape.
 */
export interface Backend {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  send<T = any>(name: string, args?: unknown): Promise<T>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  listen(event: string, callback: (payload: any) => void): () => void;
}

export interface HandlerErrorValue {
  error: { type?: string; reason?: string; message?: string; meta?: unknown };
}

/** Handlers return expected failures as `{ error }` values. */
export function errorOf(result: unknown): HandlerErrorValue['error'] | null {
  if (result && typeof result === 'object' && 'error' in result) {
    const error = (result as { error: unknown }).error;
    if (error && typeof error === 'object') return error as HandlerErrorValue['error'];
    if (typeof error === 'string') return { type: error, reason: error };
  }
  return null;
}

/** The error code, whichever field the handler used. */
export function errorCode(result: unknown): string | null {
  const error = errorOf(result);
  return error ? (error.reason ?? error.type ?? 'unknown') : null;
}

/** The core client's `app-init-failure` payload, plus a worker that could not start. */
export interface InitFailure {
  reason: InitFailureReason | 'no-worker';
  message: string;
  fallbackAvailable: boolean;
}

export interface Connection {
  backend: Backend;
  onInitFailure(callback: (failure: InitFailure) => void): void;
}
