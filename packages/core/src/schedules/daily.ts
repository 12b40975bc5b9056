import type { Budget } from '../budget-file/budget.ts';
import type { EventBus } from '../handlers-core/events.ts';
import { dayOf } from '../transactions/model.ts';
import { advanceSchedules } from './service.ts';

/**
 * Where the daily service learns that a sync attempt finished and whether it worked. The
 * default listens to the core's `sync-event` pushes (the sync client sends them); a host or a
 * test may give another source.
 */
export interface SyncStatusSource {
  onSyncFinished(listener: (succeeded: boolean) => void): () => void;
}

export function syncEventsSource(events: EventBus): SyncStatusSource {
  return {
    onSyncFinished: (listener) =>
      events.on('sync-event', (event) => {
        if (event.type === 'success') listener(true);
        else if (event.type === 'error' || event.type === 'unauthorized') listener(false);
      }),
  };
}

/** How long to wait before retrying while another change holds an undo step open. */
const RETRY_MS = 50;

/**
 * Runs the schedules service at most once per day (`lastScheduleRun` in the budget's prefs):
 * after the first sync attempt of the day finishes, or when the budget opens if it is local
 * only (it has nothing to sync, so nothing can have been posted elsewhere). Returns the stop
 * function.
 */
export function startDailyService(budget: Budget, source: SyncStatusSource): () => void {
  const { platform } = budget.env;
  let timer: unknown = null;
  let stopped = false;

  const runIfDue = (syncSuccess: boolean): void => {
    if (stopped || !budget.isOpen) return;
    const today = dayOf(platform.clock.now());
    if (budget.prefs.lastScheduleRun === today) return;
    // The service's writes must not join an undoable change that is still running.
    if (budget.db.undo.recording) {
      timer ??= platform.timers.setTimeout(() => {
        timer = null;
        runIfDue(syncSuccess);
      }, RETRY_MS);
      return;
    }
    // Recorded first (prefs change at once, the file is written later): the service's own
    // `sync-event` must not run it again.
    budget
      .savePrefs({ lastScheduleRun: today })
      .catch((err: unknown) => platform.log.error('Saving lastScheduleRun failed', { err }));
    try {
      advanceSchedules(budget, { syncSuccess, today, emit: budget.env.emit });
    } catch (err) {
      platform.log.error('The schedules service failed', { error: String(err) });
    }
  };

  const off = source.onSyncFinished(runIfDue);
  if (!budget.prefs.cloudFileId) runIfDue(true);
  return () => {
    stopped = true;
    off();
    if (timer !== null) platform.timers.clearTimeout(timer);
  };
}
