import { describe, expect, it } from 'vitest';
import type { InitFailure } from '../../core/src/client/index.ts';
import { type WorkerScope, listenForInit } from './worker-main.ts';

/** A worker's global that keeps what it posts; its listeners are called by `deliver`. */
function fakeScope() {
  const posted: unknown[] = [];
  const listeners = new Set<(event: { data: unknown }) => void>();
  const scope: WorkerScope = {
    postMessage: (message) => void posted.push(message),
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  const deliver = (data: unknown) => listeners.forEach((l) => l({ data }));
  return { scope, posted, deliver };
}

const SQLITE_FAILED: InitFailure = {
  reason: 'sqlite-unavailable',
  message: 'test: no SQLite',
  fallbackAvailable: false,
};

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the worker start', () => {
  it('uses the storage probe worker.ts started for the held init message, in its mode', async () => {
    const { scope, posted } = fakeScope();
    const asked: boolean[] = [];
    const probe = async (fallbackMode: boolean) => {
      asked.push(fallbackMode);
      return null;
    };
    listenForInit(scope, [{ type: 'init', fallbackMode: true }], Promise.resolve(SQLITE_FAILED), probe); // prettier-ignore
    await settle();
    expect(asked).toEqual([true]);
    // SQLite's failure is served once the probe answered: the handshake has begun.
    expect(posted).toContainEqual({ type: 'connect' });
  });

  it("serves the probe's failure for an init message that comes later, without SQLite", async () => {
    const { scope, posted, deliver } = fakeScope();
    const failure: InitFailure = {
      reason: 'opfs-unavailable',
      message: 'test: no OPFS',
      fallbackAvailable: true,
    };
    const asked: boolean[] = [];
    const probe = async (fallbackMode: boolean) => {
      asked.push(fallbackMode);
      return failure;
    };
    // SQLite never loads: only the probe's answer can start the failed core.
    listenForInit(scope, [], new Promise(() => undefined), probe);
    await settle();
    expect(posted).toEqual([]);
    deliver({ type: 'init' });
    await settle();
    expect(asked).toEqual([false]);
    expect(posted).toContainEqual({ type: 'connect' });
  });
});
