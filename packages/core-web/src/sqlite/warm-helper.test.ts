import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { describe, expect, it } from 'vitest';
import type { WasmModule } from '../browser-types.ts';
import { WARM_HELPER_NAME, serveWarmHelper, startWarmHelper } from './warm-helper.ts';
import { WARM_STEPS } from './warm.ts';

const sqlite3 = await sqlite3InitModule();
const module = {} as WasmModule;

describe('startWarmHelper', () => {
  interface Made {
    url: string;
    name: string;
    sent: unknown[];
    ended: boolean;
    onError?: (event: { preventDefault(): void }) => void;
  }
  const made: Made[] = [];
  class FakeWorker {
    private readonly made: Made;
    constructor(url: string, options: { type: 'module'; name: string }) {
      this.made = { url, name: options.name, sent: [], ended: false };
      made.push(this.made);
    }
    addEventListener(_type: 'error', listener: (event: { preventDefault(): void }) => void) {
      this.made.onError = listener;
    }
    postMessage(message: unknown): void {
      this.made.sent.push(message);
    }
    terminate(): void {
      this.made.ended = true;
    }
  }

  it("starts the worker's own script under the helper's name, then hands it the module", () => {
    made.length = 0;
    const helper = startWarmHelper('https://app/worker.js', FakeWorker);
    expect(made).toMatchObject([
      { url: 'https://app/worker.js', name: WARM_HELPER_NAME, sent: [], ended: false },
    ]);
    helper?.give(module);
    expect(made[0]!.sent).toEqual([{ type: 'warm-sqlite', module }]);
  });

  it("keeps the helper's errors from being reported as the core worker's own", () => {
    made.length = 0;
    startWarmHelper('https://app/worker.js', FakeWorker);
    let cancelled = false;
    made[0]!.onError?.({ preventDefault: () => void (cancelled = true) });
    expect(cancelled).toBe(true);
  });

  it('ends the helper when there is no module to give it', () => {
    made.length = 0;
    startWarmHelper('https://app/worker.js', FakeWorker)?.give(null);
    expect(made[0]).toMatchObject({ sent: [], ended: true });
  });

  it('does nothing without nested workers, and a failing one is not an error', () => {
    expect(startWarmHelper('https://app/worker.js', undefined)).toBeNull();
    class Refused {
      constructor() {
        throw new Error('SecurityError');
      }
      postMessage(): void {}
      terminate(): void {}
      addEventListener(): void {}
    }
    expect(startWarmHelper('https://app/worker.js', Refused)).toBeNull();
  });
});

/** A helper's global: the test sends its messages; `closed` once it has ended itself. */
function fakeScope() {
  const listeners: Array<(event: { data: unknown }) => void> = [];
  const scope = {
    closed: 0,
    addEventListener: (_type: 'message', listener: (event: { data: unknown }) => void) =>
      void listeners.push(listener),
    close() {
      scope.closed++;
    },
    send: (data: unknown) => listeners.forEach((listener) => listener({ data })),
  };
  return scope;
}

describe('serveWarmHelper', () => {
  it('loads SQLite on the module it is given, runs every step once, then ends', async () => {
    const scope = fakeScope();
    const loaded: unknown[] = [];
    const ran = serveWarmHelper(scope, async (given) => {
      loaded.push(await given);
      return sqlite3;
    });
    scope.send({ type: 'other' });
    expect(loaded).toEqual([]);
    scope.send({ type: 'warm-sqlite', module });
    scope.send({ type: 'warm-sqlite', module });
    expect(await ran).toBe(WARM_STEPS);
    expect(loaded).toEqual([module]);
    expect(scope.closed).toBe(1);
  });

  it('ends without warming when SQLite cannot load', async () => {
    const scope = fakeScope();
    const ran = serveWarmHelper(scope, async () => ({
      reason: 'sqlite-unavailable',
      message: 'no',
      fallbackAvailable: false,
    }));
    scope.send({ type: 'warm-sqlite', module });
    expect(await ran).toBe(0);
    expect(scope.closed).toBe(1);
  });
});
