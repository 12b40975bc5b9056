import {
  dayBalances,
  lowestProjected,
  type Occurrence,
  occurrences,
  q,
  monthGrid,
  monthOfDay,
} from '@coffer/core/ui';
import { useMemo } from 'react';
import { useAppState } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { useQuery } from '../kit/data/data.ts';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { dateOpOf, type ScheduleRow } from './schedule-logic.ts';

/** The scope that means every open account for budget. */
export const BUDGET = 'budget';

/** The date of each schedule's latest linked transaction: what pays its next occurrence. */
const LATEST_PAID = q('transactions')
  .filter({ schedule: { $ne: null } })
  .groupBy('schedule')
  .select(['schedule', { latest: { $max: '$date' } }])
  .serialize();

/**
 * A month of the calendar with what it shows: its weeks, the schedules of each day and the
 * projected balance of the accounts in scope at the end of each day (booked transactions, plus
 * what the open schedules will still move from today on), the month's lowest and last balance.
 */
export function useCalendarProjection(
  rows: readonly ScheduleRow[],
  month: string,
  scope: string,
  today: string,
) {
  const fmt = useFormat();
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const payeeName = usePayeeName();

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

  return { open, ids, weeks, byDay, balanceOf, low, end, ready, name };
}

export type CalendarProjection = ReturnType<typeof useCalendarProjection>;
