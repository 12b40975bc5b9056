import { describe, expect, it } from 'vitest';
import type { Backend } from '../backend/backend.ts';
import { askToKeepStorage } from './storage-persistence.ts';
import { AppStore } from './store.ts';

const idle: Backend = { send: () => new Promise(() => {}), listen: () => () => {} };

describe('asking the browser to keep the budgets', () => {
  it('asks once it is not kept already, and records the answer', async () => {
    const asked: string[] = [];
    const store = new AppStore(idle);
    await askToKeepStorage(store, {
      persisted: async () => (asked.push('persisted'), false),
      persist: async () => (asked.push('persist'), true),
    });
    expect(asked).toEqual(['persisted', 'persist']);
    expect(store.get().storagePersisted).toBe(true);

    await askToKeepStorage(store, {
      persisted: async () => false,
      persist: async () => false,
    });
    expect(store.get().storagePersisted).toBe(false);
  });

  it('does not ask again when the storage is kept already', async () => {
    let asks = 0;
    const store = new AppStore(idle);
    await askToKeepStorage(store, { persisted: async () => true, persist: async () => !!++asks });
    expect(asks).toBe(0);
    expect(store.get().storagePersisted).toBe(true);
  });

  it('leaves the answer unknown where the browser cannot say', async () => {
    const store = new AppStore(idle);
    await askToKeepStorage(store, {});
    expect(store.get().storagePersisted).toBeNull();
    await askToKeepStorage(store, {
      persist: () => Promise.reject(new DOMException('no', 'InvalidStateError')),
    });
    expect(store.get().storagePersisted).toBeNull();
  });
});
