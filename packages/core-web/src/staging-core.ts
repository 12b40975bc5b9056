import { type Core, DB_FILE, handlerError } from '@coffer/core';
import type { ServableCore } from '../../core/src/client/index.ts';
import type { WebPlatform } from './platform.ts';
import { workerMark } from './worker-mark.ts';

/** The same rule `Budget.open` applies: a plain folder name. */
const isSafeId = (id: unknown): id is string =>
  typeof id === 'string' && id !== '' && !/[/\\]/.test(id) && id !== '.' && id !== '..';

/**
 * How long a folder staged ahead (`stageAhead`) is held for a `load-budget` that has not come:
 * the page asks once the core's handshake is answered, well within this even on a slowed phone;
 * past it the page has opened something else or nothing, and the folder is let go.
 */
export const AHEAD_HOLD_MS = 10_000;

/** A staged folder's release, null for a folder that is not a budget, or the storage's error. */
type Staged = (() => void) | null | { error: unknown };

/** The app core as served to the UI, with the staging of a budget the page will ask for. */
export interface StagingCore extends ServableCore {
  /**
   * Stage budget `id`'s folder now, before the page asks to load it (`InitMessage.budget`):
   * its `load-budget` then finds it staged. Held until that request, another `load-budget`, or
   * `AHEAD_HOLD_MS`, whichever comes first.
   */
  stageAhead(id: string): void;
}

/**
 * The app core as served to the UI, staging a budget's folder before `load-budget` opens it:
 * SQLite opens files synchronously, while taking a folder (its Web Lock and OPFS handles, or
 * a snapshot when another tab has it) is asynchronous. A folder a request claims, stages or
 * opens stays taken until that request ends (`busy`).
 */
export function stagingCore(core: Core, platform: WebPlatform): StagingCore {
  const { fs, store, documentDir, log, timers } = platform;

  /** Stage the folder `load-budget` names; an error value when its storage fails. */
  const stage = async (id: unknown): Promise<Staged> => {
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

  /** The folder staged ahead of its request, once; taken by the first `load-budget`. */
  let ahead: { id: string; staging: Promise<Staged> } | null = null;
  let aheadUsed = false;
  const letGo = (staging: Promise<Staged>): void =>
    void staging.then((staged) => typeof staged === 'function' && staged());
  /** The staging `load-budget` of `id` takes over (null: none for it, the one held let go). */
  const takeAhead = (id: unknown): Promise<Staged> | null => {
    const held = ahead;
    ahead = null;
    aheadUsed = true;
    if (!held) return null;
    if (held.id === id) return held.staging;
    letGo(held.staging);
    return null;
  };

  return {
    events: core.events,
    isMutator: (name) => core.isMutator(name),
    foreground: (until) => core.foreground(until),
    stageAhead(id) {
      if (ahead || aheadUsed || !isSafeId(id)) return;
      workerMark('stage-ahead:asked');
      const staging = stage(id);
      void staging.then(() => workerMark('stage-ahead:staged'));
      ahead = { id, staging };
      timers.setTimeout(() => {
        if (ahead?.staging === staging) takeAhead(null);
      }, AHEAD_HOLD_MS);
    },
    async sendUnknown(name, args, options) {
      const done = store.busy();
      let release: (() => void) | null = null;
      try {
        if (name === 'load-budget') {
          workerMark('load-budget:asked');
          const id = (args as { id?: unknown } | undefined)?.id;
          const staged = await (takeAhead(id) ?? stage(id));
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
