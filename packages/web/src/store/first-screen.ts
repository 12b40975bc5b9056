/**
 * The start's first screen (issue 29). Work the screen does not need, the start-up sync and the
 * server's file list, waits until it is shown: on a phone the page, the core's worker and the
 * browser share one small CPU, and those requests and their writes came before the budget showed.
 */

/** Set by the budget page at its first paint with figures (BudgetPage). */
export const BUDGET_SHOWN_MARK = 'coffer:budget-shown';

/**
 * A start on a page that sets no mark (an account, the settings) waits this long instead; the
 * live check (sync/live-sync.ts, every 5 s) brings other devices' changes there meanwhile.
 */
export const FIRST_SCREEN_WAIT_MS = 10_000;

/**
 * Resolves once the budget page has shown its figures (at once when it has in this page's life,
 * as when a second budget opens), or `waitMs` after the call, whichever comes first.
 */
export function whenFirstScreenShown(waitMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName(BUDGET_SHOWN_MARK, 'mark').length > 0) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(BUDGET_SHOWN_MARK, 'mark').length > 0) done();
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
