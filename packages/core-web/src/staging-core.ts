import { type Core, DB_FILE, handlerError } from '@coffer/core';
import type { ServableCore } from '../../core/src/client/index.ts';
import type { WebPlatform } from './platform.ts';
import { workerMark } from './worker-mark.ts';

/** The same rule `Budget.open` applies: a plain folder name. */
const isSafeId = (id: unknown): id is string =>
  typeof id === 'string' && id !== '' && !/[/\\]/.test(id) && id !== '.' && id !== '..';

/**
 * The app core as served to the UI, staging a budget's folder before `load-budget` opens it:
 * SQLite opens files synchronously, while taking a folder (its Web Lock and OPFS handles, or
 * a snapshot when another tab has it) is asynchronous. A folder a request claims, stages or
 * opens stays taken until that request ends (`busy`).
 */
export function stagingCore(core: Core, platform: WebPlatform): ServableCore {
  const { fs, store, documentDir, log } = platform;

  /** Stage the folder `load-budget` names; an error value when its storage fails. */
  const stage = async (args: unknown): Promise<(() => void) | null | { error: unknown }> => {
    const id = (args as { id?: unknown } | undefined)?.id;
    if (!isSafeId(id)) return null;
    const dir = fs.join(documentDir, id);
    // A folder that is not a budget stays unstaged; core reports it missing.
    try {
      return await store.stageDatabase(fs.join(dir, DB_FILE));
    } catch (err) {
      log.error('Could not take the budget folder', { dir, error: String(err) });
      return handlerError('opening-budget', `The budget's storage would not open: ${String(err)}`);
    }
  };

  return {
    events: core.events,
    isMutator: (name) => core.isMutator(name),
    foreground: (until) => core.foreground(until),
    async sendUnknown(name, args, options) {
      const done = store.busy();
      let release: (() => void) | null = null;
      try {
        if (name === 'load-budget') {
          workerMark('load-budget:asked');
          const staged = await stage(args);
          workerMark('load-budget:staged');
          if (staged && typeof staged === 'object') return staged;
          release = staged;
        }
        const answer = await core.sendUnknown(name, args, options);
        if (name === 'load-budget') workerMark('load-budget:answered');
        return answer;
      } finally {
        release?.();
        done();
      }
    },
  };
}
