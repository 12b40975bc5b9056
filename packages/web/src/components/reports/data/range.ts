import {
  addMonths,
  isMonth,
  type Month,
  monthDateBounds,
  monthOfDay,
  monthTitle,
} from '@coffer/core/ui';
import { localToday } from '../../kit/ui/calendar.ts';

/**
 * A report's range of whole months: a live preset (it moves with the calendar) or fixed months.
 * `months` presets end with the current month; `1m` is the current month alone.
 */
export type RangePreset = '1m' | 'last-month' | '3m' | '6m' | '1y' | '3y' | '5y' | 'ytd' | 'all';

export type ReportRange = { preset: RangePreset } | { preset: 'custom'; start: Month; end: Month };

export interface MonthSpan {
  start: Month;
  end: Month;
}

export const PRESET_LABELS: Readonly<Record<RangePreset, string>> = {
  '1m': 'This month',
  'last-month': 'Last month',
  '3m': '3 months',
  '6m': '6 months',
  '1y': '1 year',
  '3y': '3 years',
  '5y': '5 years',
  ytd: 'Year to date',
  all: 'All time',
};

const MONTHS_BACK: Partial<Record<RangePreset, number>> = {
  '1m': 0,
  '3m': 2,
  '6m': 5,
  '1y': 11,
  '3y': 35,
  '5y': 59,
};

/**
 * The months a range covers today. `earliest` is the month of the budget's first transaction
 * (null when it has none): all time starts there.
 */
export function resolveRange(
  range: ReportRange,
  current: Month,
  earliest: Month | null,
): MonthSpan {
  if (range.preset === 'custom') {
    return range.start <= range.end
      ? { start: range.start, end: range.end }
      : { start: range.end, end: range.start };
  }
  const back = MONTHS_BACK[range.preset];
  if (back !== undefined) return { start: addMonths(current, -back), end: current };
  switch (range.preset) {
    case 'last-month': {
      const last = addMonths(current, -1);
      return { start: last, end: last };
    }
    case 'ytd':
      return { start: `${current.slice(0, 4)}-01`, end: current };
    default:
      return { start: earliest && earliest < current ? earliest : current, end: current };
  }
}

/** The same number of months just before a span (what "the period before" compares with). */
export function previousSpan(span: MonthSpan): MonthSpan {
  const length = monthCount(span);
  return { start: addMonths(span.start, -length), end: addMonths(span.start, -1) };
}

export function monthCount(span: MonthSpan): number {
  let n = 0;
  for (let m = span.start; m <= span.end; m = addMonths(m, 1)) n++;
  return n;
}

/** First and last day of a span as `YYYY-MM-DD`. */
export function spanDates(span: MonthSpan): { first: string; last: string } {
  const toDate = (n: number) => {
    const s = String(n);
    return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
  };
  return {
    first: toDate(monthDateBounds(span.start).start),
    last: toDate(monthDateBounds(span.end).end),
  };
}

/**
 * Spans longer than this are filtered by month on every row rather than through the date
 * index: reading most of the table through an index costs a lookup per row (all time on
 * 100,000 transactions took about twice as long), and SQLite cannot tell without statistics.
 */
export const INDEXED_SPAN_MONTHS = 24;

/** A query filter on `date` for the span's whole months. */
export function dateFilter(span: MonthSpan): unknown[] {
  if (monthCount(span) > INDEXED_SPAN_MONTHS) {
    return [
      { $transform: '$month', $gte: span.start },
      { $transform: '$month', $lte: span.end },
    ];
  }
  const { first, last } = spanDates(span);
  return [{ $gte: first }, { $lte: last }];
}

/** The calendar month of the user's device (reports are about the user's "now"). */
export function currentMonth(now: Date = new Date()): Month {
  return monthOfDay(localToday(now));
}

/** A range from the URL's `?range=` (a preset name or `YYYY-MM..YYYY-MM`), or null. */
export function parseRange(text: string | null): ReportRange | null {
  if (!text) return null;
  if (text in PRESET_LABELS) return { preset: text as RangePreset };
  const [start, end] = text.split('..');
  return isMonth(start) && isMonth(end) ? { preset: 'custom', start, end } : null;
}

export function formatRangeParam(range: ReportRange): string {
  return range.preset === 'custom' ? `${range.start}..${range.end}` : range.preset;
}

export function spanLabel(span: MonthSpan): string {
  return span.start === span.end
    ? monthTitle(span.start)
    : `${monthTitle(span.start, true)} – ${monthTitle(span.end, true)}`;
}
