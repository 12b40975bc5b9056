/**
 * The UI side of the browser core: start the worker and get the typed client. Importing this
 * pulls in no SQLite and no core code (the worker has those); types only.
 */
import {
  type ClientOptions,
  type CofferClient,
  createClient,
} from '../../core/src/client/client.ts';
import { type WorkerLike, browser } from './browser-types.ts';
import { LEAVING_MESSAGE } from './leaving.ts';
import type { InitMessage } from './worker-main.ts';

export { createClient, CoreError } from '../../core/src/client/client.ts';
export type { ClientOptions, CofferClient } from '../../core/src/client/client.ts';
export type {
  Caught,
  ClientEvents,
  CoreEvents,
  CoreHandlers,
  InitFailure,
  InitFailureReason,
  MessagePortLike,
} from '../../core/src/client/index.ts';
export type { InitMessage } from './worker-main.ts';
export type { WorkerLike } from './browser-types.ts';

/** The localStorage key of the risk-acknowledged fallback mode. */
export const FALLBACK_MODE_KEY = 'coffer-fallback-mode';

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Whether the user turned the fallback mode on (the UI reads it before starting the worker). */
export function fallbackModeEnabled(storage: StorageLike): boolean {
  return storage.getItem(FALLBACK_MODE_KEY) === 'true';
}

/** Turn the fallback mode on or off; the UI reloads afterwards. */
export function setFallbackMode(storage: StorageLike, on: boolean): void {
  if (on) storage.setItem(FALLBACK_MODE_KEY, 'true');
  else storage.removeItem(FALLBACK_MODE_KEY);
}

/**
 * The localStorage flag a browser test sets so the worker's clock follows the page's (see
 * `InitMessage.pageClock`); people never set it.
 */
export const FOLLOW_PAGE_CLOCK_KEY = 'coffer-test-follow-page-clock';

/** The page's clock for the init message when a test asked the worker to follow it. */
export function pageClockForTest(storage: Pick<StorageLike, 'getItem'>): number | undefined {
  return storage.getItem(FOLLOW_PAGE_CLOCK_KEY) === 'true' ? Date.now() : undefined;
}

export interface WorkerClientOptions extends ClientOptions, Omit<InitMessage, 'type'> {}

export interface WorkerClient extends CofferClient {
  readonly worker: WorkerLike;
  /** Close the client and stop the worker. */
  terminate(): void;
}

/**
 * Start the core worker and connect to it. `worker` is the worker script's URL (started as a
 * module worker) or a Worker the bundler made (e.g. Vite's `import W from '…/worker?worker'`).
 * Listeners registered right after this call see every push, `app-init-failure` included.
 */
export function createWorkerClient(
  worker: string | URL | WorkerLike,
  options: WorkerClientOptions = {},
): WorkerClient {
  let target: WorkerLike;
  if (typeof worker === 'string' || worker instanceof URL) {
    if (!browser.Worker) throw new Error('Web Workers are not available');
    target = new browser.Worker(worker, { type: 'module', name: 'coffer-core' });
  } else {
    target = worker;
  }
  const init: InitMessage = {
    type: 'init',
    fallbackMode: options.fallbackMode === true,
    persistMs: options.persistMs,
    lockWaitMs: options.lockWaitMs,
    pageClock: options.pageClock,
    budget: options.budget,
  };
  target.postMessage(init);
  // The page is going away (a reload, a link out, the app closed): the worker lets go of the
  // budget now. Chromium ends a gone page's worker only later (1-2 s after the next page
  // committed, on a slowed phone), still running its background steps and holding the budget's
  // lock, which the next page's open waits for. A page kept for going back (`persisted`) keeps
  // its worker.
  browser.addEventListener?.('pagehide', (event) => {
    if (!event.persisted) target.postMessage(LEAVING_MESSAGE);
  });
  const client = createClient(target, options);
  // A worker script that fails to load never connects: fail the waiting calls instead.
  const onError = (): void => {
    if (!client.connected) client.close('The core worker failed to start');
  };
  target.addEventListener('error', onError);
  void client.ready.then(() => target.removeEventListener('error', onError));
  return {
    send: client.send,
    sendCatch: client.sendCatch,
    listen: client.listen,
    ready: client.ready,
    get connected() {
      return client.connected;
    },
    close: (reason) => client.close(reason),
    worker: target,
    terminate() {
      client.close();
      target.terminate();
    },
  };
}
