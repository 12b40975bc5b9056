import { Budget, type BudgetEnv } from '../budget-file/budget.ts';
import type { CloudSession } from '../files/session.ts';
import { BudgetSync, type SyncResult } from './budget-sync.ts';

/**
 * Bring a just-downloaded budget up to date with the server before the app opens it: the
 * budget is opened bare (no sheet, no services), synced, and closed. Opened for real
 * afterwards, it computes its budget once, from the caught-up rows, instead of first from the
 * uploaded copy and then again for every change of the tail. Events stay silent: no window
 * shows this budget yet. A failure here is only logged; the sync that runs when the budget
 * opens meets it again and reports it.
 */
export async function catchUpClosedBudget(
  session: CloudSession,
  env: BudgetEnv,
  id: string,
): Promise<SyncResult | null> {
  const opened = await Budget.open({ platform: env.platform, documentDir: env.documentDir }, id);
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
    return await sync.sync();
  } catch (err) {
    env.platform.log.warn('Catching up before the first open failed', { error: String(err) });
    return null;
  } finally {
    sync.dispose();
    await opened.close();
  }
}
