import { readPrefs, writePrefs } from '../budget-file/prefs.ts';
import { GLOBAL_STATE_FILE, GlobalState } from '../global-state/global-state.ts';
import { handlerError } from '../handlers-core/errors.ts';
import {
  type BudgetService,
  type HandlerContext,
  defineModule,
  handler,
} from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import {
  BACKUP_INTERVAL_MS,
  type BackupInfo,
  budgetDirOf,
  listBackups,
  makeBackup,
  restoreBackup,
} from './store.ts';

function validId(id: string): boolean {
  return Boolean(id) && !id.includes('/') && !id.includes('\\') && id !== '.' && id !== '..';
}

/** Back up the budget `id` (open or not); null when it has no database. */
export async function backupBudget(ctx: HandlerContext, id: string): Promise<string | null> {
  const { fs, clock } = ctx.platform;
  const open = ctx.budget?.id === id && ctx.budget.dir !== null ? ctx.budget : null;
  return makeBackup(fs, budgetDirOf(fs, ctx.documentDir, id), clock.now(), open);
}

/** While a budget is open: a backup every 15 minutes (timers come from the platform). */
export const backupService: BudgetService = (budget, ctx) => {
  const { timers, clock, fs, log } = ctx.platform;
  const dir = budget.dir;
  if (dir === null) return undefined;
  let handle: unknown = null;
  let stopped = false;
  const tick = () => {
    if (stopped || !budget.isOpen) return;
    makeBackup(fs, dir, clock.now(), budget)
      .catch((err: unknown) => log.warn('Backup failed', { id: budget.id, error: String(err) }))
      .finally(() => {
        if (!stopped) handle = timers.setTimeout(tick, BACKUP_INTERVAL_MS);
      });
  };
  handle = timers.setTimeout(tick, BACKUP_INTERVAL_MS);
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
};

/** Where the backups find global state (the last opened budget). */
export type GlobalStateSource = (ctx: HandlerContext) => Promise<GlobalState>;

/** Without a cloud session: the state file in the document folder, read on each call. */
export const stateFileIn: GlobalStateSource = (ctx) => {
  const { fs, log } = ctx.platform;
  return GlobalState.load(fs, fs.join(ctx.documentDir, GLOBAL_STATE_FILE), log);
};

const backupHandlers = (globalState: GlobalStateSource) => ({
  'backups-get': handler({
    args: v.object({ id: v.string() }),
    async run({ id }, ctx): Promise<BackupInfo[]> {
      if (!validId(id)) return [];
      return listBackups(ctx.platform.fs, budgetDirOf(ctx.platform.fs, ctx.documentDir, id));
    },
  }),

  'backup-make': handler({
    args: v.object({ id: v.string() }),
    mutator: true,
    async run({ id }, ctx) {
      if (!validId(id)) return handlerError('budget-not-found', `No budget with id ${id}`);
      const backupId = await backupBudget(ctx, id);
      if (backupId === null) return handlerError('budget-not-found', `No budget with id ${id}`);
      return { backupId };
    },
  }),

  // The restored database starts a new sync history: it is re-uploaded as a new group (when
  // a server is set up), and the next open takes a new node id.
  'backup-load': handler({
    args: v.object({ id: v.string(), backupId: v.string() }),
    mutator: true,
    async run({ id, backupId }, ctx) {
      const { fs } = ctx.platform;
      if (!validId(id)) return handlerError('budget-not-found', `No budget with id ${id}`);
      const dir = budgetDirOf(fs, ctx.documentDir, id);
      const wasOpen = ctx.budget?.id === id;
      if (wasOpen) await ctx.closeBudget();
      if (!(await restoreBackup(fs, dir, backupId))) {
        return handlerError('backup-not-found', `No backup ${backupId} for budget ${id}`);
      }
      const prefs = await readPrefs(fs, dir, id);
      delete prefs.groupId;
      delete prefs.lastSyncedTimestamp;
      delete prefs.lastUploaded;
      await writePrefs(fs, dir, { ...prefs, resetClock: true });
      const loaded = await ctx.call('load-budget', { id });
      if (loaded && typeof loaded === 'object' && 'error' in loaded) return loaded;
      if (prefs.cloudFileId) await ctx.call('upload-budget');
      return {};
    },
  }),

  // The budget that was open when the app last ran, if its folder is still there.
  'get-last-opened-backup': handler({
    async run(_args: undefined, ctx): Promise<string | null> {
      const { fs } = ctx.platform;
      const id = (await globalState(ctx)).get('lastBudget');
      if (!id || !validId(id)) return null;
      return (await fs.exists(budgetDirOf(fs, ctx.documentDir, id))) ? id : null;
    },
  }),
});

/**
 * `backups-get`, `backup-make`, `backup-load`, `get-last-opened-backup` and the 15-minute
 * schedule. `globalState` is the core's own global state (the cloud session's, when the core
 * has one), so the last opened budget is read where it was written.
 */
export function createBackupsModule(options: { globalState?: GlobalStateSource } = {}) {
  return defineModule('backups', backupHandlers(options.globalState ?? stateFileIn), {
    services: [backupService],
  });
}
