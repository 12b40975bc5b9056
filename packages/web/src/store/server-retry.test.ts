import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../test-helpers/fake-backend.ts';
import { retryWhileServerOffline, SERVER_RETRY_MS } from './server-retry.ts';
import { AppStore } from './store.ts';

/** Timers run by hand: `fire()` runs what is due, as the browser's would. */
function handTimers() {
  const due = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  return {
    due,
    setTimeout: (fn: () => void, ms: number) => (due.set(++next, { fn, ms }), next),
    clearTimeout: (handle: number) => void due.delete(handle),
    fire() {
      const now = [...due];
      due.clear();
      for (const [, t] of now) t.fn();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a server out of reach is asked again', () => {
  it('asks every few seconds while the user is offline, and stops once the server answers', async () => {
    const store = new AppStore(fakeBackend(), { user: { offline: true } as never });
    const timers = handTimers();
    let asked = 0;
    let serverBack = false;
    const reconnect = async () => {
      asked++;
      store.set({ user: { offline: !serverBack, userName: 'ana' } as never });
    };
    const stop = retryWhileServerOffline(store, reconnect, { ...timers, online: () => true });
    expect([...timers.due.values()].map((t) => t.ms)).toEqual([SERVER_RETRY_MS]);
    timers.fire();
    await settle();
    expect(asked).toBe(1);
    // Still out of reach: one more ask is set, never two at once.
    expect(timers.due.size).toBe(1);
    serverBack = true;
    timers.fire();
    await settle();
    expect(asked).toBe(2);
    expect(store.get().user?.offline).toBe(false);
    expect(timers.due.size).toBe(0);
    // Out of reach again later (a sync found it gone): the asking starts again.
    store.set({ user: { offline: true } as never });
    expect(timers.due.size).toBe(1);
    stop();
    expect(timers.due.size).toBe(0);
  });

  it('asks nothing while the browser is offline, nor while the server is reachable', async () => {
    const store = new AppStore(fakeBackend(), { user: { offline: false } as never });
    const timers = handTimers();
    let asked = 0;
    let online = false;
    const stop = retryWhileServerOffline(store, async () => void asked++, {
      ...timers,
      online: () => online,
    });
    expect(timers.due.size).toBe(0);
    store.set({ user: { offline: true } as never });
    timers.fire();
    await settle();
    expect(asked).toBe(0);
    online = true;
    timers.fire();
    await settle();
    expect(asked).toBe(1);
    stop();
  });
});
