import { Budget, type BudgetEnv } from '../budget-file/budget.ts';
import type { CloudSession } from '../files/session.ts';
import { BudgetSync, type SyncResult } from './budget-sync.ts';

/** A just-downloaded budget after its catch-up: still open, and whether the sync succeeded. */
export interface CaughtUp {
  budget: Budget;
  /** The catch-up's result, or null when it threw (the sync on load meets it again). */
  result: SyncResult | null;
}

/**
 * Bring a just-downloaded budget up to date with the server before the app opens it: the
 * budget is opened bare (no sheet, no services) and synced, then handed back open for the app
 * to take (one open of the file, not one here and one more for the app: each opened SQLite
 * afresh, read its schema, and prepared the file again, issue 30). Opened for real afterwards,
 * it computes its budget once, from the caught-up rows, instead of first from the uploaded
 * copy and then again for every change of the tail. Sync events stay silent (no window shows
 * this budget yet); the change events go to `env.emit`, which the caller holds shut until the
 * budget is shown. A failure here is only logged; the sync that runs when the budget opens
 * meets it again and reports it. Null when the file does not open.
 */
export async function catchUpNewBudget(
  session: CloudSession,
  env: BudgetEnv,
  id: string,
): Promise<CaughtUp | null> {
  const opened = await Budget.open(env, id);
  if ('error' in opened) return null;
  if (!opened.prefs.lastSyncedTimestamp) {
    // A file uploaded without a sync point (by a script, or a client that never synced it)
    // starts from the newest message of its own log, so the server answers only what came
    // after (anything older the file lacks, the merkle comparison still finds). Without it the sync looked five minutes back and then followed the merkle diff,
    // which between tries pruned at different moments can land months back: the server then
    // sent the whole history again (bench/scale: 200,000 messages for a 200-edit tail).
    const newest = opened.sqlite.first<{ t: string | null }>(
      'SELECT max(timestamp) AS t FROM messages_crdt',
    )?.t;
    if (newest) await opened.savePrefs({ lastSyncedTimestamp: newest }, { avoidSync: true });
  }
  const sync = new BudgetSync(opened, session, env.platform, () => undefined);
  try {
    return { budget: opened, result: await sync.sync() };
  } catch (err) {
    env.platform.log.warn('Catching up before the first open failed', { error: String(err) });
    return { budget: opened, result: null };
  } finally {
    sync.dispose();
  }
}
