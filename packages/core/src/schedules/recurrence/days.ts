/**
 * Calendar days as integers (days since 1970-01-01, UTC). Working in whole UTC days keeps
 * recurrence maths independent of the host time zone and daylight-saving shifts.
 */
const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a strict `YYYY-MM-DD` calendar date; returns null for malformed or impossible dates. */
export function parseDay(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = DAY_PATTERN.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  // Date.UTC maps years 0-99 onto 1900-1999; such dates never occur in a budget.
  if (year < 100 || month < 1 || month > 12 || day < 1) return null;
  const ms = Date.UTC(year, month - 1, day);
  const probe = new Date(ms);
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return Math.floor(ms / MS_PER_DAY);
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
