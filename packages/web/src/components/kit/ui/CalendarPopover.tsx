import { weekdaysFrom, monthGrid, monthOfDay, monthTitle, addMonths } from '@coffer/core/ui';
import type { RefObject } from 'react';
import { useFormat } from '../../../store/use-format.ts';
import { Popover } from './Popover.tsx';

/**
 * The date input's calendar: a month with its previous and next, the days in a grid from the
 * person's first day of the week, the chosen day and today marked. It is for the mouse (no
 * tab stops): the keyboard types the date in the input, which keeps focus.
 */
export function CalendarPopover({
  anchor,
  id,
  month,
  setMonth,
  selected,
  today,
  onPick,
}: {
  anchor: RefObject<HTMLElement | null>;
  id: string;
  /** The month shown, `YYYY-MM`. */
  month: string;
  setMonth: (update: (month: string) => string) => void;
  /** The day the input reads now, if any. */
  selected: string | null | undefined;
  today: string;
  onPick: (day: string) => void;
}) {
  const fmt = useFormat();
  const weekdays = weekdaysFrom(fmt.firstDayOfWeek);
  return (
    <Popover
      anchor={anchor}
      keepFocus
      id={id}
      role="dialog"
      aria-label={`Calendar, ${monthTitle(month)}`}
      className="calendar"
      maxHeight={320}
    >
      <div className="calendar-head">
        <button
          type="button"
          tabIndex={-1}
          className="btn btn-bare"
          aria-label="Previous month"
          onClick={() => setMonth((m) => addMonths(m, -1))}
        >
          ‹
        </button>
        <span className="calendar-title">{monthTitle(month)}</span>
        <button
          type="button"
          tabIndex={-1}
          className="btn btn-bare"
          aria-label="Next month"
          onClick={() => setMonth((m) => addMonths(m, 1))}
        >
          ›
        </button>
      </div>
      <table className="calendar-grid" role="grid">
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d} scope="col" abbr={d}>
                {d.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month, fmt.firstDayOfWeek).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day}>
                  <button
                    type="button"
                    tabIndex={-1}
                    aria-label={fmt.date(day)}
                    aria-selected={day === selected}
                    className={[
                      'calendar-day',
                      monthOfDay(day) !== month ? 'outside' : '',
                      day === selected ? 'selected' : '',
                      day === today ? 'today' : '',
                    ].join(' ')}
                    onClick={() => onPick(day)}
                  >
                    {Number(day.slice(8))}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Popover>
  );
}
