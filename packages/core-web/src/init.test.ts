import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKED, detectInitFailure } from './init.ts';

/**
 * The browser's storage as far as `detectInitFailure` reaches: an OPFS root whose sync access
 * handles open or are refused, and an IndexedDB that opens (answering on a timer, as a browser
 * does) or throws; every IndexedDB open is counted.
 */
function fakeStorage(opts: { sahWorks: boolean; idbWorks: boolean }) {
  const idbOpens: string[] = [];
  const handlesOpened: string[] = [];
  const dirs = new Set<string>();
  const handle = (name: string) => ({
    createSyncAccessHandle: async () => {
      handlesOpened.push(name);
      if (!opts.sahWorks) throw new Error('NoModificationAllowedError');
      return { close: () => undefined };
    },
  });
  const root = {
    getFileHandle: async (name: string) => handle(name),
    getDirectoryHandle: async (name: string, options?: { create?: boolean }) => {
      if (options?.create) dirs.add(name);
      else if (!dirs.has(name)) throw Object.assign(new Error(name), { name: 'NotFoundError' });
      return {};
    },
    removeEntry: async () => undefined,
  };
  const indexedDB = {
    open(name: string) {
      idbOpens.push(name);
      if (!opts.idbWorks) throw new Error('SecurityError');
      const db = { close: () => undefined, objectStoreNames: { contains: () => true } };
      const request: Record<string, unknown> = { result: db };
      setTimeout(() => (request.onsuccess as () => void)(), 0);
      return request;
    },
    deleteDatabase: () => ({}),
  };
  vi.stubGlobal('navigator', { storage: { getDirectory: async () => root } });
  vi.stubGlobal('FileSystemFileHandle', { prototype: { createSyncAccessHandle() {} } });
  vi.stubGlobal('indexedDB', indexedDB);
  return { idbOpens, handlesOpened, dirs };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('detectInitFailure', () => {
  it('starts on OPFS without opening IndexedDB when the sync access handle opens', async () => {
    const { idbOpens } = fakeStorage({ sahWorks: true, idbWorks: true });
    expect(await detectInitFailure(false)).toBeNull();
    expect(idbOpens).toEqual([]);
  });

  it('probes once: a start after one that passed opens no handle', async () => {
    const { handlesOpened, dirs } = fakeStorage({ sahWorks: true, idbWorks: true });
    expect(await detectInitFailure(false)).toBeNull();
    expect(handlesOpened).toEqual(['.coffer-probe']);
    expect([...dirs]).toEqual([CHECKED]);
    expect(await detectInitFailure(false)).toBeNull();
    expect(handlesOpened).toEqual(['.coffer-probe']);
  });

  it('probes again at every start while the handles are refused', async () => {
    const { handlesOpened, dirs } = fakeStorage({ sahWorks: false, idbWorks: true });
    expect(await detectInitFailure(false)).toMatchObject({ reason: 'sah-pool-unavailable' });
    expect(await detectInitFailure(false)).toMatchObject({ reason: 'sah-pool-unavailable' });
    expect(handlesOpened).toEqual(['.coffer-probe', '.coffer-probe']);
    expect(dirs.size).toBe(0);
  });

  it('says whether the fallback can run when OPFS refuses its handles', async () => {
    fakeStorage({ sahWorks: false, idbWorks: true });
    expect(await detectInitFailure(false)).toMatchObject({
      reason: 'sah-pool-unavailable',
      fallbackAvailable: true,
    });
    fakeStorage({ sahWorks: false, idbWorks: false });
    expect(await detectInitFailure(false)).toMatchObject({
      reason: 'sah-pool-unavailable',
      fallbackAvailable: false,
    });
  });

  it('probes IndexedDB in the fallback mode', async () => {
    const { idbOpens } = fakeStorage({ sahWorks: false, idbWorks: true });
    expect(await detectInitFailure(true)).toBeNull();
    expect(idbOpens).toEqual(['coffer-probe']);
    fakeStorage({ sahWorks: true, idbWorks: false });
    expect(await detectInitFailure(true)).toMatchObject({ reason: 'indexeddb-unavailable' });
  });
});
