import { useEffect, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import { useFormat } from '../../../store/use-format.ts';
import { isFailure } from '../../../backend/backend.ts';
import { ErrorText } from '../ui/ErrorText.tsx';
import './recurrence.css';

/** The spec's preview: the next 4 dates. */
export const UPCOMING_COUNT = 4;

/**
 * The next dates of a recurrence as the core computes them (`schedule/get-upcoming-dates`),
 * or 'Invalid rule' when it cannot.
 */
export function UpcomingDates({ config }: { config: unknown }) {
  const store = useStore();
  const fmt = useFormat();
  const [dates, setDates] = useState<string[] | 'invalid' | null>(null);
  const key = JSON.stringify(config);

  useEffect(() => {
    let cancelled = false;
    void store.backend
      .send('schedule/get-upcoming-dates', {
        config: JSON.parse(key) as unknown,
        count: UPCOMING_COUNT,
      })
      .then((res) => {
        if (cancelled) return;
        setDates(Array.isArray(res) && !isFailure(res) ? res : 'invalid');
      });
    return () => {
      cancelled = true;
    };
  }, [store, key]);

  return (
    <div className="upcoming-dates" aria-live="polite">
      <div className="upcoming-title">Upcoming dates</div>
      {dates === 'invalid' ? (
        <ErrorText>Invalid rule</ErrorText>
      ) : dates?.length === 0 ? (
        <div className="subdued">No more dates</div>
      ) : (
        <ol aria-label="Upcoming dates">
          {(dates ?? []).map((d) => (
            <li key={d}>{fmt.date(d)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
