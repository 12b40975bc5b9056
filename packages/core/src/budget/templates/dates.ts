/** Calendar arithmetic on 'YYYY-MM-DD' strings, as whole day numbers (no Date, no time zone). */
import { diffMonths, monthDateBounds, nextMonth, type Month } from '../../calendar/months.ts';
import type { PeriodUnit } from './types.ts';

/** Days since 1970-01-01 (proleptic Gregorian). */
export function dayNumber(date: string): number {
  let y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function firstDay(month: Month): number {
  const { start } = monthDateBounds(month);
  const s = String(start);
  return dayNumber(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`);
}

/** How many times a repetition starting on `starting` falls inside `month`. */
export function occurrencesInMonth(
  starting: string,
  unit: PeriodUnit,
  every: number,
  month: Month,
): number {
  if (unit === 'month' || unit === 'year') {
    const step = every * (unit === 'year' ? 12 : 1);
    const d = diffMonths(month, starting.slice(0, 7));
    return d >= 0 && d % step === 0 ? 1 : 0;
  }
  const step = every * (unit === 'week' ? 7 : 1);
  const start = dayNumber(starting);
  const from = firstDay(month);
  const to = firstDay(nextMonth(month));
  if (start >= to) return 0;
  const skip = start >= from ? 0 : Math.ceil((from - start) / step);
  const first = start + skip * step;
  return first >= to ? 0 : Math.floor((to - 1 - first) / step) + 1;
}
