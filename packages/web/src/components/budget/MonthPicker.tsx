import { addMonths } from '@coffer/core/ui';
import { type Bounds, canMove, MONTH_NAMES, monthTitle } from './month-nav.ts';

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
    <button
      type="button"
      className="btn btn-bare bt-arrow"
      aria-label={step === -1 ? 'Previous month' : 'Next month'}
      title={step === -1 ? 'Previous month' : 'Next month'}
      disabled={!canMove(first, count, step, bounds)}
      onClick={() => onChange(addMonths(first, step))}
    >
      {step === -1 ? '‹' : '›'}
    </button>
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
                <button
                  key={m}
                  type="button"
                  className={`bt-picker-month${shown ? ' shown' : ''}${m === current ? ' current' : ''}`}
                  aria-label={`${monthTitle(m)}${m === current ? ' (this month)' : ''}`}
                  aria-pressed={shown}
                  disabled={!inBounds(m)}
                  onClick={() => onChange(m)}
                >
                  {name.slice(0, 3)}
                </button>
              );
            })}
          </span>
        </>
      )}
      {arrows(1)}
      {!showsCurrent && inBounds(current) && (
        <button type="button" className="btn btn-bare bt-today" onClick={() => onChange(current)}>
          This month
        </button>
      )}
    </nav>
  );
}
