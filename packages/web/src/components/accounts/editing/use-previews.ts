import { q } from '@coffer/core/ui';
import { useEffect, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import { runQuery, useTablesChanged } from '../../kit/data/data.ts';
import { type Preview, previewsOf, type ScheduleRow } from './previews.ts';

const TABLES = ['schedules', 'schedules_next_date', 'rules', 'transactions'];

/** The view's scheduled previews, kept fresh as schedules and transactions change. */
export function usePreviews(inView: ((account: string) => boolean) | null): Preview[] {
  const store = useStore();
  const [data, setData] = useState<{ schedules: ScheduleRow[]; statuses: Record<string, string> }>({
    schedules: [],
    statuses: {},
  });
  const [tick, setTick] = useState(0);
  const wanted = inView !== null;
  useTablesChanged(TABLES, () => wanted && setTick((t) => t + 1));
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    const query = q('schedules').filter({ completed: false }).select('*').serialize();
    void Promise.all([
      runQuery<ScheduleRow[]>(store, query),
      store.backend.send('schedule/get-statuses'),
    ])
      .catch(() => [[], {}] as [ScheduleRow[], Record<string, string>])
      .then(([schedules, statuses]) => {
        if (cancelled) return;
        setData({
          schedules: Array.isArray(schedules) ? schedules : [],
          statuses:
            statuses && typeof statuses === 'object' && !('error' in statuses) ? statuses : {},
        });
      });
    return () => {
      cancelled = true;
    };
  }, [store, tick, wanted]);
  return inView ? previewsOf(data.schedules, data.statuses, inView) : [];
}
