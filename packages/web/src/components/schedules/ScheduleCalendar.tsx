import {
  dayBalances,
  lowestProjected,
  type Occurrence,
  occurrences,
  q,
  weekdaysFrom,
  monthGrid,
  monthOfDay,
  monthTitle,
  addMonths,
} from '@coffer/core/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAppState } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { localToday } from '../kit/ui/calendar.ts';
import { useQuery } from '../kit/data/data.ts';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { dateOpOf, type ScheduleRow } from './schedule-logic.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Select } from '../kit/ui/Select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';

/** How many schedules a day shows before '+N more'. */
const ITEMS_PER_DAY = 2;
const BUDGET = 'budget';

interface Props {
  rows: readonly ScheduleRow[];
}

/** The date of each schedule's latest linked transaction: what pays its next occurrence. */
const LATEST_PAID = q('transactions')
  .filter({ schedule: { $ne: null } })
  .groupBy('schedule')
  .select(['schedule', { latest: { $max: '$date' } }])
  .serialize();

/**
 * A month of upcoming schedules with the projected balance of the chosen accounts at the end
 * of each day: booked transactions, plus what the open schedules will still move from today on
 * (a missed one counts from today). Days whose balance falls below zero are marked.
 */
export function ScheduleCalendar({ rows }: Props) {
  const fmt = useFormat();
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const payeeName = usePayeeName();
  const today = localToday();
  const [month, setMonth] = useState(() => monthOfDay(today));
  const [scope, setScope] = useState(BUDGET);

  const open = accounts.filter((a) => !a.closed);
  const ids = useMemo(
    () => (scope === BUDGET ? open.filter((a) => !a.offbudget).map((a) => a.id) : [scope]),
    [scope, open.map((a) => a.id).join()],
  );
  const weeks = monthGrid(month, fmt.firstDayOfWeek);
  const days = weeks.flat();
  const from = days[0]!;
  const to = days[days.length - 1]!;

  // Without an account there is no balance to project (and nothing to ask for).
  const inAccounts = ids.length > 0 ? q('transactions').filter({ account: { $oneof: ids } }) : null;
  const before = useQuery<number>(
    inAccounts
      ?.filter({ date: { $lt: from } })
      .calculate({ $sum: '$amount' })
      .serialize() ?? null,
    ['transactions'],
  );
  const booked = useQuery<Array<{ date: string; amount: number }>>(
    inAccounts
      ?.filter({ date: { $gte: from } })
      .filter({ date: { $lte: to } })
      .groupBy('date')
      .select(['date', { amount: { $sum: '$amount' } }])
      .serialize() ?? null,
    ['transactions'],
  );

  const latestPaid = useQuery<Array<{ schedule: string; latest: string }>>(LATEST_PAID, [
    'transactions',
  ]);

  const scheduled = useMemo(() => {
    const transferOf = new Map(payees.map((p) => [p.id, p.transfer_acct ?? null]));
    return occurrences({
      schedules: rows.map((r) => ({ ...r, _dateOp: dateOpOf(r) })),
      latestPaid: new Map((latestPaid ?? []).map((p) => [p.schedule, p.latest])),
      accounts: new Set(ids),
      transferAccount: (id) => (id ? (transferOf.get(id) ?? null) : null),
      today,
      // From today when the month shown is later, so what falls before it is counted too.
      from: from < today ? from : today,
      to,
    });
  }, [rows, latestPaid, ids, payees, today, from, to]);

  const balances = useMemo(() => {
    const bookedByDay = new Map((booked ?? []).map((b) => [b.date, b.amount]));
    return dayBalances(days, before ?? 0, bookedByDay, scheduled, today);
  }, [booked, before, scheduled, today, from, to]);
  const balanceOf = new Map(balances.map((b) => [b.date, b]));
  const byDay = new Map<string, Occurrence[]>();
  for (const o of scheduled) byDay.set(o.date, [...(byDay.get(o.date) ?? []), o]);
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const inMonth = balances.filter((b) => monthOfDay(b.date) === month);
  const low = lowestProjected(inMonth);
  const end = inMonth[inMonth.length - 1];
  const ready = inAccounts !== null && before !== null && booked !== null && latestPaid !== null;
  const name = (o: Occurrence) => {
    const row = rowOf.get(o.scheduleId);
    return row?.name || payeeName(row?._payee) || 'Schedule';
  };

  return (
    <div className="schedule-calendar-view">
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
              {week.map((day) => {
                const items = byDay.get(day) ?? [];
                const balance = balanceOf.get(day);
                const short = balance !== undefined && balance.projected && balance.balance < 0;
                return (
                  <TableCell
                    key={day}
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
                          className={[o.missed ? 'missed' : '', o.internal ? 'internal' : ''].join(
                            ' ',
                          )}
                          title={o.internal ? 'A transfer between the accounts shown' : undefined}
                        >
                          <Link to={`/schedule/edit/${o.scheduleId}`} className="calendar-item">
                            <span className="calendar-item-name">{name(o)}</span>
                            <Amount cents={o.shown} colored={!o.internal} />
                          </Link>
                        </li>
                      ))}
                      {items.length > ITEMS_PER_DAY && (
                        <li className="subdued calendar-more">
                          +{items.length - ITEMS_PER_DAY} more
                        </li>
                      )}
                    </ul>
                    {ready && balance && (
                      <div className="calendar-balance">
                        <span className="sr-only">
                          {balance.projected ? 'Projected balance' : 'Balance'}{' '}
                        </span>
                        <Amount cents={balance.balance} />
                      </div>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export default ScheduleCalendar;
