import { SKIP_WAITING } from '../sw/routes.ts';
import type { AppStore } from './store.ts';

/** The parts of `navigator.serviceWorker` used here (tests pass a fake). */
export interface WorkerContainer {
  readonly controller: object | null;
  register(url: string, options: { scope: string }): Promise<WorkerRegistration>;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

export interface WaitingWorker {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

export interface WorkerRegistration {
  readonly waiting: WaitingWorker | null;
  readonly installing: WaitingWorker | null;
  update(): Promise<unknown>;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

export const NEW_VERSION_ID = 'new-version-ready';

/**
 * Registers the app's service worker (production builds only: `sw.js` is written by the build)
 * and offers a newer build once it is downloaded, as a notification with a reload action:
 * the open page keeps the code it started with until the person chooses to reload. The first
 * install offers nothing (there was no older version).
 */
export async function registerServiceWorker(
  store: AppStore,
  container: WorkerContainer,
  reload: () => void,
): Promise<WorkerRegistration | null> {
  let registration: WorkerRegistration;
  try {
    registration = await container.register('/sw.js', { scope: '/' });
  } catch {
    // No service worker (a private window that refuses it, a dev build): the app runs as before.
    return null;
  }
  // Any later change of controller is the reload the person asked for.
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!reloading && store.get().newVersionReady) {
      reloading = true;
      reload();
    }
  });

  const offer = (worker: WaitingWorker) => {
    // A first install has no controller: nothing older is running.
    if (!container.controller) return;
    store.set({ newVersionReady: true });
    store.addNotification({
      id: NEW_VERSION_ID,
      type: 'message',
      sticky: true,
      title: 'A new version is ready',
      message: 'Reload to start it. Your changes are saved.',
      button: { title: 'Reload', action: () => worker.postMessage(SKIP_WAITING) },
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  return registration;
}

/**
 * Asks the server for a newer service worker, unless the browser is offline (a failed update
 * check is logged in the console even though nothing is wrong).
 */
export function checkForNewVersion(registration: WorkerRegistration | null): void {
  if (!registration || globalThis.navigator?.onLine === false) return;
  registration.update().catch(() => undefined);
}

/** What the update banner's Restart needs of `navigator.serviceWorker`. */
export interface RestartContainer extends WorkerContainer {
  getRegistration(): Promise<WorkerRegistration | undefined>;
}

/**
 * The update banner's Restart (the origin serves a newer build). Without a service worker a
 * reload starts it. Under one, a reload would start the cached older build again: the newer
 * worker is fetched, told to take over once installed, and the page reloads when it has.
 */
export async function restartIntoNewBuild(
  container: RestartContainer | undefined,
  reload: () => void,
): Promise<void> {
  const registration = container?.controller
    ? await container.getRegistration().catch(() => undefined)
    : undefined;
  if (!container || !registration) return reload();
  await registration.update().catch(() => undefined);
  const worker = registration.waiting ?? registration.installing;
  if (!worker) return reload();
  container.addEventListener('controllerchange', reload);
  const takeOver = () => {
    if (worker.state === 'installed') worker.postMessage(SKIP_WAITING);
  };
  takeOver();
  worker.addEventListener('statechange', takeOver);
}
