import { describe, expect, it } from 'vitest';
import type { Backend } from '../backend/backend.ts';
import { SKIP_WAITING } from '../sw/routes.ts';
import {
  NEW_VERSION_ID,
  registerServiceWorker,
  restartIntoNewBuild,
  type WaitingWorker,
  type WorkerContainer,
  type WorkerRegistration,
} from './service-worker.ts';
import { AppStore } from './store.ts';

const idle: Backend = { send: () => new Promise(() => {}), listen: () => () => {} };

/** A worker whose state the test moves; it records what the page posts to it. */
class FakeWorker extends EventTarget implements WaitingWorker {
  state = 'installing';
  readonly posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget implements WorkerRegistration {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  updates = 0;
  async update() {
    this.updates++;
  }
  /** The browser found a new sw.js and starts installing it. */
  found(): FakeWorker {
    this.installing = new FakeWorker();
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
}

class FakeContainer extends EventTarget implements WorkerContainer {
  async getRegistration() {
    return this.registration;
  }
  constructor(
    public controller: object | null,
    readonly registration = new FakeRegistration(),
  ) {
    super();
  }
  registered: string[] = [];
  async register(url: string) {
    this.registered.push(url);
    return this.registration;
  }
}

function setup(controller: object | null) {
  const store = new AppStore(idle);
  const container = new FakeContainer(controller);
  let reloads = 0;
  const started = registerServiceWorker(store, container, () => reloads++);
  return { store, container, started, reloads: () => reloads };
}

describe('the service worker seen from the page', () => {
  it('offers a newer build once it is installed, and reloads only when the person asks', async () => {
    const { store, container, started, reloads } = setup({});
    await started;
    expect(container.registered).toEqual(['/sw.js']);
    const worker = container.registration.found();
    expect(store.get().notifications).toEqual([]);
    worker.become('installed');
    const [note] = store.get().notifications;
    expect(note?.id).toBe(NEW_VERSION_ID);
    expect(note?.title).toBe('A new version is ready');
    expect(note?.sticky).toBe(true);
    expect(store.get().newVersionReady).toBe(true);
    expect(reloads()).toBe(0);

    await note?.button?.action();
    expect(worker.posted).toEqual([SKIP_WAITING]);
    // The new worker took over: now, and only once, the page reloads into it.
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloads()).toBe(1);
  });

  it('offers a build that was already waiting when the page opened', async () => {
    const store = new AppStore(idle);
    const container = new FakeContainer({});
    container.registration.waiting = new FakeWorker();
    await registerServiceWorker(store, container, () => {});
    expect(store.get().notifications.map((n) => n.id)).toEqual([NEW_VERSION_ID]);
  });

  it('offers nothing on the first install, and never reloads a page on its own', async () => {
    const { store, container, started, reloads } = setup(null);
    await started;
    container.registration.found().become('installed');
    expect(store.get().notifications).toEqual([]);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloads()).toBe(0);
  });

  it('leaves the app running as before where no service worker can be registered', async () => {
    const store = new AppStore(idle);
    const container = new FakeContainer(null);
    container.register = () => Promise.reject(new DOMException('denied', 'SecurityError'));
    expect(await registerServiceWorker(store, container, () => {})).toBeNull();
    expect(store.get().notifications).toEqual([]);
  });
});

describe('the update banner’s Restart', () => {
  it('reloads at once without a service worker', async () => {
    let reloads = 0;
    await restartIntoNewBuild(undefined, () => reloads++);
    await restartIntoNewBuild(new FakeContainer(null), () => reloads++);
    expect(reloads).toBe(2);
  });

  it('under a service worker, fetches the new one, lets it take over, then reloads', async () => {
    const container = new FakeContainer({});
    let reloads = 0;
    const worker = new FakeWorker();
    container.registration.update = async () => {
      container.registration.updates++;
      container.registration.installing = worker;
    };
    await restartIntoNewBuild(container, () => reloads++);
    expect(container.registration.updates).toBe(1);
    expect(worker.posted).toEqual([]);
    expect(reloads).toBe(0);
    worker.become('installed');
    expect(worker.posted).toEqual([SKIP_WAITING]);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloads).toBe(1);
  });

  it('reloads when the server has no newer worker after all', async () => {
    let reloads = 0;
    await restartIntoNewBuild(new FakeContainer({}), () => reloads++);
    expect(reloads).toBe(1);
  });
});
