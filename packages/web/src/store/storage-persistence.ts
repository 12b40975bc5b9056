import type { AppStore } from './store.ts';

/** The parts of `navigator.storage` used here (tests pass a fake; some browsers lack both). */
export interface StorageManagerLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
}

/**
 * Asks the browser to keep this origin's storage, where the budgets live, through storage
 * pressure (and, in Safari, past seven days unused). Asked when a budget is created or opened:
 * that is when there is something to lose, and a browser grants it more readily to a page in
 * use. The answer is kept for Settings; a browser that cannot say leaves it unknown (null).
 */
export async function askToKeepStorage(
  store: AppStore,
  storage: StorageManagerLike | undefined = globalThis.navigator?.storage,
): Promise<void> {
  if (!storage?.persist) return;
  try {
    const kept = (await storage.persisted?.()) || (await storage.persist());
    store.set({ storagePersisted: kept });
  } catch {
    store.set({ storagePersisted: null });
  }
}
