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
