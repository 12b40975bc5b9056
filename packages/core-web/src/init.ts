import type { InitFailure } from '../../core/src/client/index.ts';
import { browser, type DirectoryHandle } from './browser-types.ts';
import { isMissing } from './storage/opfs-paths.ts';
import { IdbFiles } from './storage/idb.ts';

/**
 * Made in the OPFS root once a sync access handle opened there, so later starts skip the probe:
 * it made, opened and removed a file at every start, four round trips to the browser's process
 * before the budget's own (issue 29). The SAH pool is never installed without a probe that
 * passed in this origin's storage: a failed install can leave handles open.
 */
export const CHECKED = '.coffer-sah-checked';

async function hasEntry(root: DirectoryHandle, name: string): Promise<boolean> {
  try {
    await root.getDirectoryHandle(name);
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}

/**
 * Why this browser cannot run the app in the chosen mode, or null when it can. The normal
 * mode needs OPFS with sync access handles (the SQLite SAH pool); the fallback mode needs
 * IndexedDB.
 */
export async function detectInitFailure(fallbackMode: boolean): Promise<InitFailure | null> {
  if (fallbackMode) {
    if (await IdbFiles.probe()) return null;
    return {
      reason: 'indexeddb-unavailable',
      message: 'IndexedDB cannot be opened in this browser (private browsing may block it).',
      fallbackAvailable: false,
    };
  }
  // IndexedDB is probed only when OPFS fails (to say whether the fallback can run): the probe
  // creates and deletes a database, the browser process's work on every start otherwise.
  const storage = browser.navigator?.storage;
  if (!storage?.getDirectory || !browser.FileSystemFileHandle?.prototype.createSyncAccessHandle) {
    return {
      reason: 'opfs-unavailable',
      message: 'This browser has no origin-private file system with sync access handles.',
      fallbackAvailable: await IdbFiles.probe(),
    };
  }
  try {
    const root = await storage.getDirectory();
    if (await hasEntry(root, CHECKED)) return null;
    const probe = await root.getFileHandle('.coffer-probe', { create: true });
    (await probe.createSyncAccessHandle()).close();
    await root.removeEntry('.coffer-probe');
    await root.getDirectoryHandle(CHECKED, { create: true });
  } catch (err) {
    return {
      reason: 'sah-pool-unavailable',
      message: `The browser refused file storage: ${String(err)}`,
      fallbackAvailable: await IdbFiles.probe(),
    };
  }
  return null;
}
