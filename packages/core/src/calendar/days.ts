/**
 * Calendar days as integers (days since 1970-01-01, UTC). Working in whole UTC days keeps
 * recurrence maths independent of the host time zone and daylight-saving shifts.
 */
const MS_PER_DAY = 86_400_000;
const ZERO = 48;

function digits(text: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days from 1970-01-01 to a proleptic Gregorian date (Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Parses a strict `YYYY-MM-DD` calendar date; null for malformed or impossible dates. Hand
 * parsed because rules call it for every transaction they look at.
 */
export function parseDay(text: unknown): number | null {
  if (typeof text !== 'string' || text.length !== 10) return null;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return null;
  const max = month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] as number);
  if (day > max) return null;
  return daysFromCivil(year, month, day);
}

export function formatDay(day: number): string {
  const d = new Date(day * MS_PER_DAY);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth() + 1;
  const da = d.getUTCDate();
  return `${String(y).padStart(4, '0')}-${mo < 10 ? '0' : ''}${mo}-${da < 10 ? '0' : ''}${da}`;
}

export function dateOfDay(day: number): Date {
  return new Date(day * MS_PER_DAY);
}

export function dayOfDate(date: Date): number {
  return Math.floor(date.getTime() / MS_PER_DAY);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((day + 4) % 7) + 7) % 7;
}

export function isWeekendDay(day: number): boolean {
  const w = weekdayOf(day);
  return w === 0 || w === 6;
}

/** Adds days to a `YYYY-MM-DD` date. Throws on malformed input (a bug in the caller). */
export function addDaysTo(date: string, days: number): string {
  const day = parseDay(date);
  if (day === null) throw new Error(`Invalid date: ${date}`);
  return formatDay(day + days);
}

/** `addDaysTo` under the name the screens use. */
export const addDays = addDaysTo;

/** Weekday names, Sunday first (0 = Sunday, like `weekdayOf`), in English like the rest of the app. */
export const DAYS_OF_WEEK = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The seven weekday names starting from the chosen first day (0 = Sunday). */
export function weekdaysFrom(firstDay: number): string[] {
  const start = ((firstDay % 7) + 7) % 7;
  return Array.from({ length: 7 }, (_, i) => DAYS_OF_WEEK[(start + i) % 7] as string);
}

/** The first day of the week holding `date` (a `YYYY-MM-DD`), weeks starting on `firstDay`. */
export function startOfWeek(date: string, firstDay: number): string {
  const day = parseDay(date);
  if (day === null) throw new Error(`Invalid date: ${date}`);
  return formatDay(day - ((weekdayOf(day) - firstDay + 7) % 7));
}

/** Six weeks of dates covering `month` (`YYYY-MM`), each week starting on `firstDay`. */
export function monthGrid(month: string, firstDay: number): string[][] {
  const start = startOfWeek(`${month}-01`, firstDay);
  return Array.from({ length: 6 }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => addDaysTo(start, w * 7 + d)),
  );
}
