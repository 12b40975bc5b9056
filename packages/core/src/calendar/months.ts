/**
 * Month arithmetic on 'YYYY-MM' strings. Months are turned into a single integer (year * 12 +
 * month index) for arithmetic, so there is no Date object and no time zone anywhere.
 */

export type Month = string;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE_RE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isMonth(value: unknown): value is Month {
  return typeof value === 'string' && MONTH_RE.test(value);
}

/** A real calendar date 'YYYY-MM-DD' (February 30th is not). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false;
  return Number(value.slice(8)) <= monthDateBounds(value.slice(0, 7)).end % 100;
}

/** Digits by char code: month strings are parsed for every cell name, so no regex here. */
function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
}

function toIndex(month: Month): number {
  if (typeof month !== 'string' || month.length !== 7 || month.charCodeAt(4) !== 45) {
    throw new Error(`not a month: ${String(month)}`);
  }
  const year =
    digit(month, 0) * 1000 + digit(month, 1) * 100 + digit(month, 2) * 10 + digit(month, 3);
  const m = digit(month, 5) * 10 + digit(month, 6);
  if (!(m >= 1 && m <= 12) || Number.isNaN(year)) throw new Error(`not a month: ${month}`);
  return year * 12 + m - 1;
}

function fromIndex(index: number): Month {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function addMonths(month: Month, n: number): Month {
  return fromIndex(toIndex(month) + n);
}

export function subMonths(month: Month, n: number): Month {
  return fromIndex(toIndex(month) - n);
}

export function prevMonth(month: Month): Month {
  return addMonths(month, -1);
}

export function nextMonth(month: Month): Month {
  return addMonths(month, 1);
}

/** Whole months from `a` to `b` (positive when b is later). */
export function diffMonths(b: Month, a: Month): number {
  return toIndex(b) - toIndex(a);
}

/** Every month from start to end, both included; empty when end is before start. */
export function monthRange(start: Month, end: Month): Month[] {
  const out: Month[] = [];
  for (let i = toIndex(start), last = toIndex(end); i <= last; i++) out.push(fromIndex(i));
  return out;
}

/** The month of a 'YYYY-MM-DD' date, or of an integer YYYYMMDD date as stored in SQLite. */
export function monthFromDate(date: string | number): Month {
  if (typeof date === 'number') {
    const ym = Math.floor(date / 100);
    return fromIndex(Math.floor(ym / 100) * 12 + (ym % 100) - 1);
  }
  if (!isDate(date)) throw new Error(`not a date: ${date}`);
  return date.slice(0, 7);
}

/** Budget rows store the month as the integer YYYYMM. */
export function toDbMonth(month: Month): number {
  const index = toIndex(month);
  return Math.floor(index / 12) * 100 + (index % 12) + 1;
}

export function fromDbMonth(value: number | string): Month {
  const s = String(value);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}`;
}

const SHEET_PREFIX = 'budget';

/** The sheet holding one month's cells: 'budget' + 'YYYYMM'. */
export function sheetForMonth(month: Month): string {
  toIndex(month);
  return SHEET_PREFIX + month.slice(0, 4) + month.slice(5, 7);
}

export function monthForSheet(sheet: string): Month | null {
  const m = /^budget(\d{4})(\d{2})$/.exec(sheet);
  if (!m) return null;
  const month = `${m[1]}-${m[2]}`;
  return isMonth(month) ? month : null;
}

export interface BudgetBounds {
  start: Month;
  end: Month;
}

/**
 * The months a budget keeps: three before the earliest transaction (or the current month when
 * there are none) through twelve after the current month.
 */
export function budgetBounds(earliest: Month | null, current: Month): BudgetBounds {
  let start = earliest ?? current;
  // A start after the end would make an empty or inverted range.
  if (start > current) start = current;
  return { start: subMonths(start, 3), end: addMonths(current, 12) };
}

/** First and last day of a month as integer YYYYMMDD, the form transaction dates are stored in. */
export function monthDateBounds(month: Month): { start: number; end: number } {
  const index = toIndex(month);
  const year = Math.floor(index / 12);
  const m = index - year * 12 + 1;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 31;
  const base = (year * 100 + m) * 100;
  return { start: base + 1, end: base + days };
}

/** Month names for headings, in English like the rest of the app. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'March', or 'Mar' with `short`. */
export function monthName(month: Month, short = false): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
  return short ? name.slice(0, 3) : name;
}

/** 'March 2024', or 'Mar 2024' with `short`. */
export function monthTitle(month: Month, short = false): string {
  return `${monthName(month, short)} ${month.slice(0, 4)}`;
}

/** The `YYYY-MM` of a `YYYY-MM-DD` date, not checked (a calendar cell, a balance day). */
export function monthOfDay(date: string): Month {
  return date.slice(0, 7);
}
