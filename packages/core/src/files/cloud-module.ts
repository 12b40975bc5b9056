import type { Budget } from '../budget-file/budget.ts';
import {
  type BudgetService,
  type HandlerSignatures,
  type WriteGuard,
  defineModule,
} from '../handlers-core/registry.ts';
import type { Platform } from '../platform/index.ts';
import { BudgetSync } from '../sync-client/budget-sync.ts';
import { syncHandlers } from '../sync-client/handlers.ts';
import { accountHandlers } from './account-handlers.ts';
import { adminHandlers } from './admin-handlers.ts';
import { openIdHandlers } from './openid-handlers.ts';
import { demoBudgetHandlers } from './demo-budget.ts';
import { cloudError } from './errors.ts';
import { fileHandlers } from './file-handlers.ts';
import { type CloudOptions, CloudSession, DEMO_BUDGET_ID } from './session.ts';
import { uploadBudget } from './upload.ts';

/** Re-upload the whole file at most this often, so new devices start from a recent copy. */
const REUPLOAD_DAYS = 7;

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function reuploadDue(session: CloudSession, budget: Budget): boolean {
  const { cloudFileId, groupId, lastUploaded } = budget.prefs;
  if (!cloudFileId || !groupId || !session.token) return false;
  return !lastUploaded || addDays(lastUploaded, REUPLOAD_DAYS) <= session.today();
}

/**
 * While a budget is open: its sync loop (on load for cloud files, then after local changes),
 * the weekly re-upload, and the last-opened budget (and when each was opened) in global state.
 */
function syncService(session: CloudSession): BudgetService {
  return async (budget, ctx) => {
    const platform: Platform = ctx.platform;
    const state = await session.init(platform, ctx.documentDir);
    const sync = new BudgetSync(budget, session, platform, ctx.emit);
    session.current = sync;
    // The state changes at once (`state.get` sees it); its file write is not waited for here,
    // so the open answers without a file write on a phone's start. Writes keep their order
    // (the close's write queues after it) and the close waits for it.
    let recorded: Promise<void> = Promise.resolve();
    if (budget.id !== DEMO_BUDGET_ID) {
      // One write: a device that may not write (a second tab) is told once, not twice.
      const opened = new Date(platform.clock.now()).toISOString();
      recorded = state.set({
        lastBudget: budget.id,
        'last-opened': { ...state.get('last-opened'), [budget.id]: opened },
      });
    }
    // A local-only file is not synced on load: a new budget is still being uploaded, and an
    // old one would only report `file-not-found` before the user has done anything.
    if (budget.prefs.cloudFileId) {
      const caughtUp = session.caughtUp === budget;
      session.caughtUp = null;
      // Without a sync on load (the web app's start), the first run the screen asks for is
      // the one the re-upload check follows.
      const first = caughtUp
        ? sync.reportCaughtUp()
        : session.syncOnLoad
          ? sync.sync()
          : sync.firstRun();
      void first.then(
        async () => {
          if (budget.isOpen && reuploadDue(session, budget)) {
            const res = await uploadBudget(session, platform, { budget });
            if ('error' in res) platform.log.warn('Re-upload failed', { reason: res.error.reason });
          }
        },
        (err: unknown) => platform.log.error('Sync on load failed', { error: String(err) }),
      );
    }
    return async () => {
      await recorded;
      await sync.flush(5_000);
      sync.dispose();
      if (session.current === sync) session.current = null;
      await state.set({ lastBudget: '' });
    };
  };
}

/**
 * After the server rejected our token while syncing (`readOnly` in global state), a cloud
 * file takes no more edits until the user signs in again (which clears the flag): what was
 * written could not reach the other devices. The refusal is the spec's `unauthorized`
 * ('You are not logged in.'), marked `readOnly` in its meta. A local-only budget never talks
 * to the server, so it stays writable.
 */
function readOnlyGuard(session: CloudSession): WriteGuard {
  return async (_name, ctx) => {
    const state = await session.init(ctx.platform, ctx.documentDir);
    if (state.get('readOnly') !== true || !ctx.budget?.prefs.cloudFileId) return null;
    return cloudError('unauthorized', { readOnly: true });
  };
}

/**
 * The server side of the app for one core instance: server setup and sign-in, the file
 * manager (list, upload, download, delete), sync and end-to-end encryption.
 *
 *   const cloud = createCloudModule();
 *   const core = createCore({ platform, documentDir }).register(budgetFileModule).register(cloud.module);
 *
 * Each call makes a new session (global state, keys, sync loop): register it in one core only.
 */
export function createCloudModule(options: CloudOptions = {}) {
  const session = new CloudSession(options);
  const module = defineModule(
    'cloud',
    {
      ...accountHandlers(session),
      ...adminHandlers(session),
      ...openIdHandlers(session),
      ...fileHandlers(session),
      ...demoBudgetHandlers(session),
      ...syncHandlers(session),
    },
    { services: [syncService(session)], writeGuards: [readOnlyGuard(session)] },
  );
  return { module, session };
}

export type CloudModule = ReturnType<typeof createCloudModule>['module'];
/** The cloud handlers as the UI calls them: name → (args) → Promise<result | error>. */
export type CloudHandlers = HandlerSignatures<CloudModule['handlers']>;
