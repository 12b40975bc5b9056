import { addDaysTo, formatDay, parseDay, weekdayOf } from '../calendar/days.ts';
import { Recurrence, parseRecurrence } from './recurrence.ts';
import type { RecurConfig, WeekendSolveMode } from './types.ts';

/** How many dates the recurrence editor previews. */
export const DEFAULT_UPCOMING_COUNT = 4;
/** What the recurrence preview shows when the config cannot be turned into dates. */
export const INVALID_RULE_ERROR = 'Invalid rule';
/** An approximate date matches an occurrence this many days either side. */
export const APPROX_DATE_DAYS = 2;

export type UpcomingDatesResult =
  | { data: string[]; error?: undefined }
  | { data?: undefined; error: typeof INVALID_RULE_ERROR; reason: string };

/**
 * The next `count` (default 4) dates of a recurrence from `today` on, weekend-adjusted, in the
 * shape of `schedule/get-upcoming-dates`: `{data}` or `{error: 'Invalid rule'}`.
 */
export function getUpcomingDates(
  config: unknown,
  count: number | null | undefined,
  today: string,
): UpcomingDatesResult {
  const fromDay = parseDay(today);
  if (fromDay === null) throw new Error(`Invalid today: ${today}`);
  const parsed = parseRecurrence(config);
  if (!parsed.ok) return { error: INVALID_RULE_ERROR, reason: parsed.reason };
  const n = typeof count === 'number' && count >= 0 ? Math.trunc(count) : DEFAULT_UPCOMING_COUNT;
  return { data: parsed.recurrence.upcoming(fromDay, n).map(formatDay) };
}

/** A recurrence config, or one already parsed (cheaper when asked many times). */
export type RecurrenceLike = RecurConfig | Recurrence;

function toRecurrence(value: RecurrenceLike): Recurrence | null {
  if (value instanceof Recurrence) return value;
  const parsed = parseRecurrence(value);
  return parsed.ok ? parsed.recurrence : null;
}

/**
 * The next date of a schedule's date condition value: a plain `YYYY-MM-DD` is its own next
 * date; a recurrence gives its first occurrence on or after `onOrAfter` (see
 * `Recurrence.nextDate` for the weekend and ended-rule details). Null when the value is invalid.
 */
export function getNextDate(value: string | RecurrenceLike, onOrAfter: string): string | null {
  if (typeof value === 'string') return parseDay(value) === null ? null : value;
  const fromDay = parseDay(onOrAfter);
  if (fromDay === null) throw new Error(`Invalid date: ${onOrAfter}`);
  const next = toRecurrence(value)?.nextDate(fromDay) ?? null;
  return next === null ? null : formatDay(next);
}

/** True when the recurrence falls on `date` (raw or weekend-adjusted occurrence). */
export function occursOn(config: RecurrenceLike, date: string): boolean {
  const day = parseDay(date);
  return day !== null && (toRecurrence(config)?.occursOn(day) ?? false);
}

/** True when an occurrence falls within `radius` (default 2) days of `date`. */
export function occursNear(
  config: RecurrenceLike,
  date: string,
  radius = APPROX_DATE_DAYS,
): boolean {
  const day = parseDay(date);
  return day !== null && (toRecurrence(config)?.occursWithin(day, radius) ?? false);
}

/** True when `date` is within `radius` days of `target` (both `YYYY-MM-DD`). */
export function isNearDate(date: string, target: string, radius = APPROX_DATE_DAYS): boolean {
  const a = parseDay(date);
  const b = parseDay(target);
  return a !== null && b !== null && Math.abs(a - b) <= radius;
}

/** Moves a weekend date to the Friday before or the Monday after. */
export function getDateWithSkippedWeekend(date: string, mode: WeekendSolveMode): string {
  const day = parseDay(date);
  if (day === null) throw new Error(`Invalid date: ${date}`);
  const weekday = weekdayOf(day);
  if (weekday === 6) return formatDay(mode === 'before' ? day - 1 : day + 2);
  if (weekday === 0) return formatDay(mode === 'before' ? day - 2 : day + 1);
  return date;
}

/**
 * Where a paid recurring schedule moves next: its first date after the one just paid, and
 * never before today. Returns the same date when the recurrence has ended.
 */
export function advanceAfterPayment(
  config: RecurrenceLike,
  paidNextDate: string,
  today: string,
): string | null {
  const afterPaid = addDaysTo(paidNextDate, 1);
  return getNextDate(config, afterPaid > today ? afterPaid : today);
}
