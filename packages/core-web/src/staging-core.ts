import type { Core } from '@coffer/core';
import type { ServableCore } from '../../core/src/client/index.ts';
import { DB_FILE } from '@coffer/core';
import type { WebPlatform } from './platform.ts';

/** The same rule `Budget.open` applies: a plain folder name. */
const isSafeId = (id: unknown): id is string =>
  typeof id === 'string' && id !== '' && !/[/\\]/.test(id) && id !== '.' && id !== '..';

/**
 * The app core as served to the UI, staging a budget's folder before `load-budget` opens it:
 * SQLite opens files synchronously, while taking a folder (its Web Lock and OPFS handles, or
 * a snapshot when another tab has it) is asynchronous. No folder is let go while a request
 * runs (`busy`), so one a request claims or stages stays usable to its end.
 */
export function stagingCore(core: Core, platform: WebPlatform): ServableCore {
  const { fs, store, documentDir, log } = platform;

  const stage = async (args: unknown): Promise<(() => void) | null> => {
    const id = (args as { id?: unknown } | undefined)?.id;
    if (!isSafeId(id)) return null;
    const dir = fs.join(documentDir, id);
    // A folder that is not a budget stays unstaged; core reports it missing.
    if (!(await fs.exists(fs.join(dir, DB_FILE)))) return null;
    try {
      return await store.stage(dir);
    } catch (err) {
      log.error('Could not take the budget folder', { dir, error: String(err) });
      return null;
    }
  };

  return {
    events: core.events,
    async sendUnknown(name, args, options) {
      const done = store.busy();
      let release: (() => void) | null = null;
      try {
        if (name === 'load-budget') release = await stage(args);
        return await core.sendUnknown(name, args, options);
      } finally {
        release?.();
        done();
      }
    },
  };
}
