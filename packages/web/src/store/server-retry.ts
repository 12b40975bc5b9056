import type { AppStore } from './store.ts';

/** How often a server out of reach is asked again. */
export const SERVER_RETRY_MS = 5_000;

export interface RetryEnv<H> {
  setTimeout: (fn: () => void, ms: number) => H;
  clearTimeout: (handle: H) => void;
  /** False while the browser itself is offline (its 'online' event asks then). */
  online: () => boolean;
}

/**
 * While the server is out of reach (the user's `offline`), `reconnect` asks it again every
 * SERVER_RETRY_MS, one ask at a time, until it answers. The browser's 'online' event is not
 * enough: it never comes when only the server was down and the network stayed up, and
 * Chromium 150 does not send it to a page that was loaded offline from the service worker.
 * Returns the stop.
 */
export function retryWhileServerOffline<H>(
  store: AppStore,
  reconnect: () => Promise<unknown>,
  env: RetryEnv<H>,
): () => void {
  let stopped = false;
  let pending: H | null = null;
  let asking = false;
  const offline = () => store.get().user?.offline === true;
  const schedule = () => {
    if (stopped || pending !== null || asking || !offline()) return;
    pending = env.setTimeout(() => {
      pending = null;
      if (stopped || !offline()) return;
      if (!env.online()) return schedule();
      asking = true;
      void reconnect()
        .catch(() => undefined)
        .finally(() => {
          asking = false;
          schedule();
        });
    }, SERVER_RETRY_MS);
  };
  const off = store.subscribe(schedule);
  schedule();
  return () => {
    stopped = true;
    off();
    if (pending !== null) env.clearTimeout(pending);
  };
}
