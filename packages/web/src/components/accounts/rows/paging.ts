/**
 * How many rows the register reads at a time. The first page is what fits on the screen and a
 * small margin, so a new view, search or filter reads and draws only what is seen (issue 32: a
 * tag on 10 % of 100,000 transactions made the old 500-row first page read about 4,700 rows);
 * the pages after it are the spec's 500, read as the user scrolls or moves down by keyboard.
 */
import { LOAD_MORE_WITHIN } from '../../kit/ui/near-end.ts';
import { PAGE_SIZE } from '../../kit/data/data.ts';

export interface Paging {
  /** Rows in the first page (and the least a re-read after a write reads). */
  first: number;
  /** Rows in each page after the first. */
  next: number;
  /**
   * Rows past the screen in the first page: while only the first page is loaded, the next is
   * asked for once the last row in view comes this near its end, so it is read after the user
   * starts to scroll, not at once.
   */
  margin: number;
}

/** Rows past the screen in the desktop register's first page. */
export const SCREEN_MARGIN = 20;

/**
 * The desktop register's paging for a window `height` px tall with rows `rowHeight` px: every
 * row the window could show (the table is shorter than the window) plus SCREEN_MARGIN.
 */
export function screenPaging(height: number, rowHeight: number): Paging {
  const fit = Math.ceil(Math.max(height, 0) / rowHeight);
  return { first: fit + SCREEN_MARGIN, next: PAGE_SIZE, margin: SCREEN_MARGIN };
}

/** One page size for every page (the phone's 60, with its 'Show more' button). */
export const fixedPaging = (size: number): Paging => ({
  first: size,
  next: size,
  margin: LOAD_MORE_WITHIN,
});

/**
 * How near the end of the loaded rows the table asks for the next page: within the first
 * page's margin while only that page is loaded (so a screenful does not ask at once), then
 * LOAD_MORE_WITHIN as for any long list.
 */
export function nearEndWithin(paging: Paging, loaded: number): number {
  return loaded <= paging.first ? Math.min(paging.margin, LOAD_MORE_WITHIN) : LOAD_MORE_WITHIN;
}
