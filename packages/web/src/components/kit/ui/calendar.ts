/** Calendar arithmetic on `YYYY-MM-DD` strings (UTC inside, so no time zone moves a day). */

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const fromUtc = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, n: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

/** `YYYY-MM` of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return fromUtc(d).slice(0, 7);
}

/** Six weeks of dates covering `month`, each week starting on `firstDay` (0 = Sunday). */
export function monthGrid(month: string, firstDay: number): string[][] {
  const first = `${month}-01`;
  const offset = (toUtc(first).getUTCDay() - firstDay + 7) % 7;
  const start = addDays(first, -offset);
  return Array.from({ length: 6 }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)),
  );
}

/** The local calendar date now, as `YYYY-MM-DD` (the person's today, not UTC's). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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

export function monthTitle(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/**
 * A typed date in the person's format, also with the year left out (this year) or written with
 * two digits (20xx). Blank is null; undefined when the text is not a real date.
 */
export function readDateText(
  text: string,
  format: string,
  today: string,
  parse: (text: string, format: string) => string | null,
): string | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const parts = t.split(/[/.\- ]+/).filter(Boolean);
  const order = format.split(/[/.-]/);
  const sep = format.match(/[/.-]/)?.[0] ?? '/';
  if (parts.length === 2) {
    const withYear = order.map((key) => (key === 'yyyy' ? today.slice(0, 4) : parts.shift()));
    return parse(withYear.join(sep), format) ?? undefined;
  }
  if (parts.length === 3) {
    const yearAt = order.indexOf('yyyy');
    if (parts[yearAt]?.length === 2) parts[yearAt] = `20${parts[yearAt]}`;
    return parse(parts.join(sep), format) ?? undefined;
  }
  return undefined;
}
