/**
 * The calendar's projection, pure: where each open schedule falls between two dates, and the
 * balance of the chosen accounts at the end of each day (what is booked, plus what the
 * schedules will still move from today on), so a person sees when money runs short.
 */
import { type BetweenValue, getScheduledAmount } from '../rules/index.ts';
import { advanceAfterPayment } from '../recurrence/dates.ts';
import { addDaysTo, formatDay, parseDay } from '../calendar/days.ts';
import { parseRecurrence } from '../recurrence/recurrence.ts';
import { isSchedulePaid } from '../recurrence/status.ts';
import type { RecurConfig } from '../recurrence/types.ts';

/** What the projection reads of a schedule (a row of `v_schedules`). */
export interface ProjectedSchedule {
  id: string;
  next_date: string | null;
  completed: boolean;
  _payee: string | null;
  _account: string | null;
  _amount: number | BetweenValue | null;
  _date: string | RecurConfig | null;
  /** The date condition's operator: an approximate date is paid from two days before. */
  _dateOp: string | null;
}

const isRecurring = (row: ProjectedSchedule) => typeof row._date === 'object' && row._date !== null;

export interface Occurrence {
  scheduleId: string;
  /** The day it falls on. */
  date: string;
  /** The day its money is counted from: a missed occurrence still counts, from today. */
  countsOn: string;
  /** What it moves in the chosen accounts (a transfer between two of them moves nothing). */
  amount: number;
  /** What it shows: what it moves, or for a transfer within the chosen accounts its amount. */
  shown: number;
  /** A transfer between two of the chosen accounts. */
  internal: boolean;
  missed: boolean;
}

/** The most occurrences one schedule gets in a window (a daily one over six weeks is 42). */
const MAX_PER_SCHEDULE = 400;

/**
 * The dates a schedule still owes from its next date through `to`. `latestPaid` is the date of
 * its latest linked transaction. A paid schedule owes from where the next daily run moves it:
 * that run (tomorrow's, today's has been) steps past the paid date and today, and on while the
 * same payment still pays the date reached (an approximate date is paid from two days before).
 * So a payment made today for a missed occurrence also pays today's: counting today's again
 * would put the balance one occurrence too low.
 */
export function scheduleDates(
  row: ProjectedSchedule,
  latestPaid: string | undefined,
  today: string,
  to: string,
): string[] {
  const next = row.next_date;
  if (!next || row.completed) return [];
  const paid = isSchedulePaid(latestPaid ? [latestPaid] : [], next, row._dateOp);
  if (!isRecurring(row)) return paid || next > to ? [] : [next];
  const parsed = parseRecurrence(row._date);
  if (!parsed.ok) return [];
  let start: string | null = next;
  if (paid) {
    const runDay = addDaysTo(today, 1);
    let at = next;
    // Bounded: each step moves on by at least a day, and a payment pays at most a few days.
    for (let step = 0; step < MAX_PER_SCHEDULE; step++) {
      const moved = advanceAfterPayment(parsed.recurrence, at, runDay);
      start = moved === null || moved <= at ? null : moved;
      if (start === null || !isSchedulePaid([latestPaid!], start, row._dateOp)) break;
      at = start;
    }
  }
  const from = start === null ? null : parseDay(start);
  const until = parseDay(to);
  if (from === null || until === null) return [];
  const dates: string[] = [];
  for (const day of parsed.recurrence.upcoming(from, MAX_PER_SCHEDULE)) {
    if (day > until) break;
    dates.push(formatDay(day));
  }
  return dates;
}

export interface ProjectionInput {
  schedules: readonly ProjectedSchedule[];
  /** Schedule id → the date of its latest linked transaction. */
  latestPaid: ReadonlyMap<string, string>;
  /** The accounts whose balance is projected. */
  accounts: ReadonlySet<string>;
  /** Payee id → the account a transfer payee moves money to. */
  transferAccount: (payeeId: string | null) => string | null;
  today: string;
  /** The window shown, inclusive. */
  from: string;
  to: string;
}

/** Every occurrence in the window that moves money in the chosen accounts. */
export function occurrences(input: ProjectionInput): Occurrence[] {
  const out: Occurrence[] = [];
  for (const row of input.schedules) {
    if (row.completed) continue;
    const amount = getScheduledAmount(row._amount);
    const own = row._account !== null && input.accounts.has(row._account) ? amount : 0;
    const other = input.transferAccount(row._payee);
    // The other side of a transfer gets the opposite amount.
    const moved = own + (other !== null && input.accounts.has(other) ? -amount : 0);
    const touches =
      (row._account !== null && input.accounts.has(row._account)) ||
      (other !== null && input.accounts.has(other));
    if (!touches) continue;
    for (const date of scheduleDates(row, input.latestPaid.get(row.id), input.today, input.to)) {
      const missed = date < input.today;
      if (date < input.from && !missed) continue;
      out.push({
        scheduleId: row.id,
        date,
        countsOn: missed ? input.today : date,
        amount: moved,
        shown: moved === 0 && amount !== 0 ? amount : moved,
        internal: moved === 0 && amount !== 0,
        missed,
      });
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export interface DayBalance {
  date: string;
  /** End-of-day balance: booked transactions, plus schedules still to come from today on. */
  balance: number;
  /** True from today on, where scheduled money is counted before it is booked. */
  projected: boolean;
}

/**
 * End-of-day balances over `days` (consecutive, ascending): `before` is the booked balance at
 * the end of the day before the first, `booked` the booked net per day.
 */
export function dayBalances(
  days: readonly string[],
  before: number,
  booked: ReadonlyMap<string, number>,
  scheduled: readonly Occurrence[],
  today: string,
): DayBalance[] {
  const pending = new Map<string, number>();
  let earlier = 0;
  for (const o of scheduled) {
    if (o.countsOn < (days[0] ?? '')) earlier += o.amount;
    else pending.set(o.countsOn, (pending.get(o.countsOn) ?? 0) + o.amount);
  }
  let bookedTotal = before;
  let scheduledTotal = earlier;
  return days.map((date) => {
    bookedTotal += booked.get(date) ?? 0;
    const projected = date >= today;
    if (projected) scheduledTotal += pending.get(date) ?? 0;
    return { date, balance: bookedTotal + (projected ? scheduledTotal : 0), projected };
  });
}

/** The lowest projected balance and its first day, or null when nothing is projected. */
export function lowestProjected(balances: readonly DayBalance[]): DayBalance | null {
  let low: DayBalance | null = null;
  for (const b of balances) if (b.projected && (!low || b.balance < low.balance)) low = b;
  return low;
}
