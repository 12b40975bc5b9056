/**
 * The calendar's projection, pure: where each open schedule falls between two dates, and the
 * balance of the chosen accounts at the end of each day (what is booked, plus what the
 * schedules will still move from today on), so a person sees when money runs short.
 */
import { advanceAfterPayment, formatDay, parseDay, parseRecurrence } from '@coffer/core/ui';
import { isRecurring, scheduledAmount, type ScheduleRow } from './schedule-logic.ts';

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
 * The dates of a schedule from its next date through `to`. A paid one starts where the daily
 * run will move it: its first date after the one paid, and not before today.
 */
export function scheduleDates(
  row: ScheduleRow,
  paid: boolean,
  today: string,
  to: string,
): string[] {
  const next = row.next_date;
  if (!next || row.completed) return [];
  if (!isRecurring(row)) return paid || next > to ? [] : [next];
  const parsed = parseRecurrence(row._date);
  if (!parsed.ok) return [];
  const start = paid ? advanceAfterPayment(parsed.recurrence, next, today) : next;
  const from = start === null || (paid && start === next) ? null : parseDay(start);
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
  schedules: readonly ScheduleRow[];
  statuses: Readonly<Record<string, string>>;
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
    const status = input.statuses[row.id];
    if (row.completed || status === 'completed') continue;
    const amount = scheduledAmount(row._amount);
    const own = row._account !== null && input.accounts.has(row._account) ? amount : 0;
    const other = input.transferAccount(row._payee);
    // The other side of a transfer gets the opposite amount.
    const moved = own + (other !== null && input.accounts.has(other) ? -amount : 0);
    const touches =
      (row._account !== null && input.accounts.has(row._account)) ||
      (other !== null && input.accounts.has(other));
    if (!touches) continue;
    for (const date of scheduleDates(row, status === 'paid', input.today, input.to)) {
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
