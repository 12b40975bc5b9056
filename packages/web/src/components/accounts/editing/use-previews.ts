import { q } from '@coffer/core/ui';
import { useQuery } from '../../kit/data/data.ts';
import { SCHEDULE_TABLES, useScheduleStatuses } from '../../schedules/use-schedules.ts';
import { type Preview, previewsOf, type ScheduleRow } from './previews.ts';

const OPEN_SCHEDULES = q('schedules').filter({ completed: false }).select('*').serialize();

/**
 * The view's scheduled previews, kept fresh as schedules and transactions change; read only
 * while a view shows them (`inView` null: a view without previews reads nothing).
 */
export function usePreviews(inView: ((account: string) => boolean) | null): Preview[] {
  const wanted = inView !== null;
  const schedules = useQuery<ScheduleRow[]>(wanted ? OPEN_SCHEDULES : null, SCHEDULE_TABLES);
  const statuses = useScheduleStatuses(wanted);
  return inView && schedules ? previewsOf(schedules, statuses, inView) : [];
}
