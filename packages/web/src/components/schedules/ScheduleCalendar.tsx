import { weekdaysFrom, monthOfDay, monthTitle, addMonths } from '@coffer/core/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../store/use-format.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { localToday } from '../kit/ui/calendar.ts';
import type { ScheduleRow } from './schedule-logic.ts';
import {
  BUDGET,
  type CalendarProjection,
  useCalendarProjection,
} from './use-calendar-projection.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Select } from '../kit/ui/Select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';

/** How many schedules a day shows before '+N more'. */
const ITEMS_PER_DAY = 2;

interface Props {
  rows: readonly ScheduleRow[];
}

/**
 * A month of upcoming schedules with the projected balance of the chosen accounts at the end
 * of each day: booked transactions, plus what the open schedules will still move from today on
 * (a missed one counts from today). Days whose balance falls below zero are marked.
 */
export function ScheduleCalendar({ rows }: Props) {
  const fmt = useFormat();
  const today = localToday();
  const [month, setMonth] = useState(() => monthOfDay(today));
  const [scope, setScope] = useState(BUDGET);
  const view = useCalendarProjection(rows, month, scope, today);
  const { ids, weeks, low, end, ready } = view;

  return (
    <div className="schedule-calendar-view">
      <CalendarToolbar
        month={month}
        setMonth={setMonth}
        scope={scope}
        setScope={setScope}
        view={view}
        today={today}
      />
      <div className="calendar-summary" aria-live="polite">
        {ids.length === 0 && (
          <span className="summary-item">There is no open account for budget to project.</span>
        )}
        {ready && low && (
          <span className={low.balance < 0 ? 'summary-item warning' : 'summary-item'}>
            Lowest projected balance <Amount cents={low.balance} className="summary-amount" /> on{' '}
            {fmt.date(low.date)}
          </span>
        )}
        {ready && end && (
          <span className="summary-item">
            {end.projected ? 'Projected' : 'Balance'} at the end of the month{' '}
            <Amount cents={end.balance} className="summary-amount" />
          </span>
        )}
      </div>
      <Table className="schedule-calendar" aria-label={`Schedules in ${monthTitle(month)}`}>
        <TableHead>
          <TableRow>
            {weekdaysFrom(fmt.firstDayOfWeek).map((d) => (
              <TableHeader key={d} scope="col" abbr={d}>
                {d.slice(0, 3)}
              </TableHeader>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {weeks.map((week) => (
            <TableRow key={week[0]}>
              {week.map((day) => (
                <CalendarDay key={day} day={day} month={month} today={today} view={view} />
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** The month shown and the accounts whose balance is projected. */
function CalendarToolbar({
  month,
  setMonth,
  scope,
  setScope,
  view,
  today,
}: {
  month: string;
  setMonth: (month: string | ((m: string) => string)) => void;
  scope: string;
  setScope: (scope: string) => void;
  view: CalendarProjection;
  today: string;
}) {
  const { open } = view;
  return (
    <div className="calendar-toolbar">
      <div className="calendar-nav">
        <Button
          type="button"
          variant="bare"
          aria-label="Previous month"
          onClick={() => setMonth((m) => addMonths(m, -1))}
        >
          ‹
        </Button>
        <h2 className="calendar-month">{monthTitle(month)}</h2>
        <Button
          type="button"
          variant="bare"
          aria-label="Next month"
          onClick={() => setMonth((m) => addMonths(m, 1))}
        >
          ›
        </Button>
        <Button
          type="button"
          disabled={month === monthOfDay(today)}
          onClick={() => setMonth(monthOfDay(today))}
        >
          This month
        </Button>
      </div>
      <label className="calendar-scope">
        <span>Balance of</span>
        <Select label="Balance of" value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value={BUDGET}>For budget accounts</option>
          {open.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
      </label>
    </div>
  );
}

/** One day: its date, its first schedules (a missed one marked), its balance at the end. */
function CalendarDay({
  day,
  month,
  today,
  view,
}: {
  day: string;
  month: string;
  today: string;
  view: CalendarProjection;
}) {
  const fmt = useFormat();
  const { byDay, balanceOf, ready, name } = view;
  const items = byDay.get(day) ?? [];
  const balance = balanceOf.get(day);
  const short = balance !== undefined && balance.projected && balance.balance < 0;
  return (
    <TableCell
      className={[
        'calendar-cell',
        monthOfDay(day) !== month ? 'outside' : '',
        day === today ? 'today' : '',
        short ? 'short' : '',
      ].join(' ')}
    >
      <div className="calendar-cell-head">
        <span className="calendar-date" aria-hidden="true">
          {Number(day.slice(8))}
        </span>
        <span className="sr-only">{fmt.date(day)}</span>
        {day === today && <span className="calendar-today">Today</span>}
      </div>
      <ul className="calendar-items">
        {items.slice(0, ITEMS_PER_DAY).map((o) => (
          <li
            key={o.scheduleId}
            className={[o.missed ? 'missed' : '', o.internal ? 'internal' : ''].join(' ')}
            title={o.internal ? 'A transfer between the accounts shown' : undefined}
          >
            <Link to={`/schedule/edit/${o.scheduleId}`} className="calendar-item">
              <span className="calendar-item-name">{name(o)}</span>
              <Amount cents={o.shown} colored={!o.internal} />
            </Link>
          </li>
        ))}
        {items.length > ITEMS_PER_DAY && (
          <li className="subdued calendar-more">+{items.length - ITEMS_PER_DAY} more</li>
        )}
      </ul>
      {ready && balance && (
        <div className="calendar-balance">
          <span className="sr-only">{balance.projected ? 'Projected balance' : 'Balance'} </span>
          <Amount cents={balance.balance} />
        </div>
      )}
    </TableCell>
  );
}

export default ScheduleCalendar;
