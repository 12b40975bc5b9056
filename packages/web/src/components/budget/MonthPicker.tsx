import { addMonths, MONTH_NAMES, monthTitle } from '@coffer/core/ui';
import { type Bounds, canMove } from './month-nav.ts';
import { Button } from '../kit/ui/Button.tsx';

/**
 * The months strip: arrows one month back and forward, the year with its twelve months (the
 * shown ones highlighted, this month marked), and a way back to this month.
 */
export function MonthPicker({
  first,
  count,
  current,
  bounds,
  onChange,
  narrow,
}: {
  first: string;
  count: number;
  current: string;
  bounds: Bounds | null;
  onChange: (first: string) => void;
  narrow: boolean;
}) {
  const last = addMonths(first, count - 1);
  const year = first.slice(0, 4);
  const inBounds = (m: string) => !bounds || (m >= bounds.start && m <= bounds.end);
  const arrows = (step: -1 | 1) => (
    <Button
      type="button"
      variant="bare"
      className="bt-arrow"
      aria-label={step === -1 ? 'Previous month' : 'Next month'}
      title={step === -1 ? 'Previous month' : 'Next month'}
      disabled={!canMove(first, count, step, bounds)}
      onClick={() => onChange(addMonths(first, step))}
    >
      {step === -1 ? '‹' : '›'}
    </Button>
  );
  const showsCurrent = current >= first && current <= last;
  return (
    <nav className="bt-picker" aria-label="Months">
      {arrows(-1)}
      {narrow ? (
        <span className="bt-picker-title" aria-live="polite">
          {monthTitle(first)}
        </span>
      ) : (
        <>
          <span className="bt-picker-year">{year}</span>
          <span className="bt-picker-months">
            {MONTH_NAMES.map((name, i) => {
              const m = `${year}-${String(i + 1).padStart(2, '0')}`;
              const shown = m >= first && m <= last;
              return (
                <Button
                  key={m}
                  type="button"
                  variant="plain"
                  className={`bt-picker-month${shown ? ' shown' : ''}${m === current ? ' current' : ''}`}
                  // The name starts with the letters shown, so a person who speaks to the
                  // computer can say them (WCAG 2.5.3); the year says which one.
                  aria-label={`${name.slice(0, 3)} ${year}${m === current ? ' (this month)' : ''}`}
                  aria-pressed={shown}
                  disabled={!inBounds(m)}
                  onClick={() => onChange(m)}
                >
                  {name.slice(0, 3)}
                </Button>
              );
            })}
          </span>
        </>
      )}
      {arrows(1)}
      {!showsCurrent && inBounds(current) && (
        <Button type="button" variant="bare" className="bt-today" onClick={() => onChange(current)}>
          This month
        </Button>
      )}
    </nav>
  );
}
