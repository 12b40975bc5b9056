import { addDaysTo } from '../calendar/days.ts';
import { APPROX_DATE_DAYS } from './dates.ts';
import type { ScheduleStatus } from './types.ts';

/** A schedule due within this many days after today is "upcoming". */
export const UPCOMING_WINDOW_DAYS = 7;

export interface ScheduleStatusInput {
  nextDate: string | null;
  completed: boolean;
  /** A transaction linked to the schedule counts as its payment (see `isSchedulePaid`). */
  hasTransaction: boolean;
}

/** Derived schedule status; the first matching case wins. */
export function getScheduleStatus(input: ScheduleStatusInput, today: string): ScheduleStatus {
  const { nextDate, completed, hasTransaction } = input;
  if (completed) return 'completed';
  if (hasTransaction) return 'paid';
  if (nextDate === null) return 'scheduled';
  if (nextDate === today) return 'due';
  if (nextDate > today && nextDate <= addDaysTo(today, UPCOMING_WINDOW_DAYS)) return 'upcoming';
  if (nextDate < today) return 'missed';
  return 'scheduled';
}

/**
 * The earliest date of a linked transaction that pays the current occurrence: the next date
 * itself for an exact date condition, two days earlier for an approximate one.
 */
export function paidFromDate(nextDate: string, dateOp: string | null | undefined): string {
  return dateOp === 'is' ? nextDate : addDaysTo(nextDate, -APPROX_DATE_DAYS);
}

/** True when any transaction linked to the schedule is dated on or after `paidFromDate`. */
export function isSchedulePaid(
  linkedTransactionDates: Iterable<string>,
  nextDate: string | null,
  dateOp: string | null | undefined,
): boolean {
  if (nextDate === null) return false;
  const from = paidFromDate(nextDate, dateOp);
  for (const date of linkedTransactionDates) if (date >= from) return true;
  return false;
}
