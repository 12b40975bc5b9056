/**
 * Reading schedules from a page: every live schedule (`v_schedules` through AQL) and the
 * core's derived statuses, both kept fresh after every write that touches them (an edit here,
 * the daily run, a sync, an undo), and the list's row actions.
 */
import { q } from '@coffer/core/ui';
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '../../store/context.ts';
import type { AppStore } from '../../store/store.ts';
import { failureOf, isFailure } from '../../backend/backend.ts';
import { useQuery, useTablesChanged } from '../kit/data/data.ts';
import type { RowAction, ScheduleRow } from './schedule-logic.ts';

/** The tables a schedule's row or status is read from. */
export const SCHEDULE_TABLES = [
  'schedules',
  'schedules_next_date',
  'rules',
  'transactions',
  'payees',
  'accounts',
] as const;

const ALL_SCHEDULES = q('schedules').select('*').serialize();

/** Every live schedule (open first, by next date), or null while loading. */
export function useScheduleRows(): ScheduleRow[] | null {
  return useQuery<ScheduleRow[]>(ALL_SCHEDULES, SCHEDULE_TABLES);
}

/**
 * Schedule id → derived status (completed, paid, due, upcoming, missed, scheduled); read only
 * while `enabled` (a register view without previews needs none).
 */
export function useScheduleStatuses(enabled = true): Record<string, string> {
  const store = useStore();
  const [statuses, setStatuses] = useState<Record<string, string>>({});
  const read = useCallback(() => {
    if (!enabled) return;
    void store.backend.send('schedule/get-statuses').then((res) => {
      if (!isFailure(res)) setStatuses(res);
    });
  }, [store, enabled]);
  useEffect(read, [read]);
  useTablesChanged(SCHEDULE_TABLES, read);
  return statuses;
}

/**
 * Runs a row's action. Each is one undoable step in the core; an expected failure comes back
 * as its message.
 */
export async function runRowAction(
  store: AppStore,
  action: RowAction,
  row: ScheduleRow,
): Promise<string | null> {
  let result: unknown;
  switch (action) {
    case 'post':
      result = await store.backend.send('schedule/post-transaction', { id: row.id });
      break;
    case 'post-today':
      result = await store.backend.send('schedule/post-transaction', { id: row.id, today: true });
      break;
    case 'skip':
      result = await store.backend.send('schedule/skip-next-date', { id: row.id });
      break;
    case 'complete':
      result = await store.backend.send('schedule/update', {
        schedule: { id: row.id, completed: true },
      });
      break;
    case 'restart':
      // A restarted schedule picks up from today, not from where it stopped.
      result = await store.backend.send('schedule/update', {
        schedule: { id: row.id, completed: false },
        resetNextDate: true,
      });
      break;
    case 'delete':
      result = await store.backend.send('schedule/delete', { id: row.id });
      break;
  }
  const error = failureOf(result);
  return error ? (error.message ?? error.type ?? 'Something went wrong') : null;
}
