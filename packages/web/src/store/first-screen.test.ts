import { afterEach, describe, expect, it } from 'vitest';
import {
  BUDGET_SHOWN_MARK,
  FIRST_SCREEN_MARK,
  markFirstScreen,
  whenFirstScreenShown,
} from './first-screen.ts';

const settledSoon = async (p: Promise<void>): Promise<boolean> => {
  let settled = false;
  void p.then(() => (settled = true));
  // The observer's callback runs in a later task than the mark.
  for (let i = 0; i < 20 && !settled; i++) await new Promise((r) => setImmediate(r));
  return settled;
};

describe('waiting for the first screen', () => {
  afterEach(() => {
    performance.clearMarks(FIRST_SCREEN_MARK);
    performance.clearMarks(BUDGET_SHOWN_MARK);
  });

  it("waits for a screen's first-screen mark, not for other marks", async () => {
    const shown = whenFirstScreenShown(60_000);
    performance.mark('coffer:budget-loaded');
    performance.mark(BUDGET_SHOWN_MARK);
    expect(await settledSoon(shown)).toBe(false);
    markFirstScreen();
    expect(await settledSoon(shown)).toBe(true);
  });

  it('goes at once when a screen was shown before (a second open in the same page)', async () => {
    markFirstScreen();
    expect(await settledSoon(whenFirstScreenShown(60_000))).toBe(true);
  });

  it("keeps the first screen's mark: a later screen sets none", async () => {
    markFirstScreen();
    const first = performance.getEntriesByName(FIRST_SCREEN_MARK)[0]!.startTime;
    await new Promise((r) => setTimeout(r, 2));
    markFirstScreen();
    const marks = performance.getEntriesByName(FIRST_SCREEN_MARK);
    expect(marks.map((m) => m.startTime)).toEqual([first]);
  });

  it('goes after the wait on a page that sets no mark', async () => {
    await whenFirstScreenShown(1);
    expect(performance.getEntriesByName(FIRST_SCREEN_MARK)).toHaveLength(0);
  });
});
