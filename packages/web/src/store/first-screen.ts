/**
 * The start's first screen (issue 29). Work the screen does not need, the start-up sync and the
 * server's file list, waits until it is shown: on a phone the page, the core's worker and the
 * browser share one small CPU, and those requests and their writes came before the budget showed.
 */
import { useEffect } from 'react';

/** Set by the budget page at its first paint with figures (BudgetPage; the benches read it). */
export const BUDGET_SHOWN_MARK = 'coffer:budget-shown';

/**
 * Set by whichever screen a start shows first, at its first paint with what it is for: the
 * budget page's figures, the phone's account list, an account's rows (phone and desktop).
 */
export const FIRST_SCREEN_MARK = 'coffer:first-screen';

/**
 * A start on a page that sets no mark (the settings, the reports) waits this long instead; the
 * live check (sync/live-sync.ts, every 5 s) brings other devices' changes there meanwhile.
 */
export const FIRST_SCREEN_WAIT_MS = 10_000;

/** Marks the first screen as shown; only the page's first such paint counts. */
export function markFirstScreen(): void {
  if (performance.getEntriesByName(FIRST_SCREEN_MARK, 'mark').length === 0) {
    performance.mark(FIRST_SCREEN_MARK);
  }
}

/** Marks the first screen once `ready` (its rows are in) after the render that shows it. */
export function useFirstScreenMark(ready: boolean): void {
  useEffect(() => {
    if (ready) markFirstScreen();
  }, [ready]);
}

/**
 * Resolves once a screen has set the first-screen mark (at once when one has in this page's
 * life, as when a second budget opens), or `waitMs` after the call, whichever comes first.
 */
export function whenFirstScreenShown(waitMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName(FIRST_SCREEN_MARK, 'mark').length > 0) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(FIRST_SCREEN_MARK, 'mark').length > 0) done();
    });
    const timer = setTimeout(done, waitMs);
    function done(): void {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'mark' });
  });
}
