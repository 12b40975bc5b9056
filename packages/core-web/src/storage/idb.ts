import {
  type IdbDatabase,
  type IdbFactory,
  type IdbRequest,
  type IdbTransaction,
  browser,
} from '../browser-types.ts';

const STORE = 'files';

function done<T>(request: IdbRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function finished(tx: IdbTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** A path-keyed store of file contents in IndexedDB (the fallback mode's disk). */
export class IdbFiles {
  private constructor(private readonly db: IdbDatabase) {}

  /** Open (creating) the database; rejects where IndexedDB is missing or refused. */
  static async open(name = 'coffer-files', factory = browser.indexedDB): Promise<IdbFiles> {
    if (!factory) throw new Error('IndexedDB is not available');
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    return new IdbFiles(await done(request));
  }

  /** Whether IndexedDB can be opened here at all (private modes may refuse it). */
  static async probe(factory: IdbFactory | undefined = browser.indexedDB): Promise<boolean> {
    try {
      const files = await IdbFiles.open('coffer-probe', factory);
      files.close();
      factory?.deleteDatabase('coffer-probe');
      return true;
    } catch {
      return false;
    }
  }

  async get(key: string): Promise<Uint8Array | string | undefined> {
    const tx = this.db.transaction([STORE], 'readonly');
    return (await done(tx.objectStore(STORE).get(key))) as Uint8Array | string | undefined;
  }

  async has(key: string): Promise<boolean> {
    const tx = this.db.transaction([STORE], 'readonly');
    return (await done(tx.objectStore(STORE).count(key))) > 0;
  }

  async put(key: string, value: Uint8Array | string): Promise<void> {
    const tx = this.db.transaction([STORE], 'readwrite');
    tx.objectStore(STORE).put(value, key);
    await finished(tx);
  }

  async delete(key: string): Promise<void> {
    const tx = this.db.transaction([STORE], 'readwrite');
    tx.objectStore(STORE).delete(key);
    await finished(tx);
  }

  /** Every key under `prefix` (a folder path ending in '/'). */
  async keys(prefix: string): Promise<string[]> {
    const range = browser.IDBKeyRange?.bound(prefix, `${prefix}\uffff`);
    const tx = this.db.transaction([STORE], 'readonly');
    return done(tx.objectStore(STORE).getAllKeys(range));
  }

  /** Delete `key` and every key under `key/`, in one transaction. */
  async deleteTree(key: string): Promise<void> {
    const range = browser.IDBKeyRange?.bound(`${key}/`, `${key}/\uffff`);
    const tx = this.db.transaction([STORE], 'readwrite');
    const store = tx.objectStore(STORE);
    store.delete(key);
    if (range) store.delete(range);
    await finished(tx);
  }

  close(): void {
    this.db.close();
  }
}
