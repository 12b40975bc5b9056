/**
 * Which months the budget page shows: the first one (kept in the URL as `?month=YYYY-MM`, so
 * undo returns to it), how many fit beside each other, and the bounds the budget has. Pure.
 */
import { addMonths, diffMonths, isMonth, type Month, monthOfDay } from '@coffer/core/ui';
import { localToday } from '../kit/ui/calendar.ts';

export type { Month };

/** The month of a local date. */
export function monthOf(date: Date): Month {
  return monthOfDay(localToday(date));
}

export interface Bounds {
  start: Month;
  end: Month;
}

/** The most months the budget shows side by side, whatever the width. */
export const MAX_MONTHS = 12;
/** The category column and the width one month's three columns need. */
export const CATEGORY_COLUMN = 220;
export const MONTH_COLUMN = 300;

/** How many months fit in `width` pixels of page (at least one). */
export function monthsThatFit(width: number): number {
  return Math.max(1, Math.min(MAX_MONTHS, Math.floor((width - CATEGORY_COLUMN) / MONTH_COLUMN)));
}

/** The number shown: the saved choice (global `maxMonths`, default 1) capped by what fits. */
export function shownMonthCount(saved: number | null | undefined, fit: number): number {
  const wanted = typeof saved === 'number' && saved >= 1 ? Math.floor(saved) : 1;
  return Math.max(1, Math.min(wanted, fit));
}

/**
 * The first month shown: the URL's when it is a month, else the current month; then moved so
 * that all `count` months lie within the bounds when the bounds are known.
 */
export function firstShownMonth(
  fromUrl: string | null,
  current: Month,
  count: number,
  bounds: Bounds | null,
): Month {
  let first = isMonth(fromUrl) ? fromUrl : current;
  if (!bounds) return first;
  const last = addMonths(bounds.end, -(count - 1));
  if (first > last) first = last;
  if (first < bounds.start) first = bounds.start;
  return first;
}

/** The `count` months from `first`. */
export function monthsFrom(first: Month, count: number): Month[] {
  return Array.from({ length: count }, (_, i) => addMonths(first, i));
}

/** Whether moving the first month by `step` keeps every shown month within the bounds. */
export function canMove(first: Month, count: number, step: number, bounds: Bounds | null): boolean {
  if (!bounds) return false;
  const next = addMonths(first, step);
  return next >= bounds.start && diffMonths(bounds.end, addMonths(next, count - 1)) >= 0;
}

/**
 * A month chosen on the page whose write to the URL is still on its way: React Router applies
 * a URL change in a transition, which React renders only after the browser has painted a frame
 * and then in 5 ms slices (about 20 ms of a month change). The page shows the chosen month in
 * the click's own task and lets the URL follow once that frame is painted (after-paint.ts).
 * `older` holds the URL's months from before the choice (and earlier choices still on their
 * way), which the URL may show meanwhile.
 */
export interface MonthChoice {
  month: Month;
  older: ReadonlyArray<string | null>;
}

/** The choice of `month` while the URL holds `fromUrl` (and `pending` may still be on its way). */
export function chooseMonth(
  pending: MonthChoice | null,
  fromUrl: string | null,
  month: Month,
): MonthChoice {
  const live = pending && settledChoice(pending, fromUrl);
  return { month, older: [...(live ? [...live.older, live.month] : []), fromUrl] };
}

/**
 * The choice still waiting for the URL, or null once the URL shows it or has moved elsewhere
 * (an undo, a link: the URL wins).
 */
export function settledChoice(
  pending: MonthChoice | null,
  fromUrl: string | null,
): MonthChoice | null {
  return pending && pending.older.includes(fromUrl) ? pending : null;
}
