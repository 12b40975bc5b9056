import { afterEach, describe, expect, it } from 'vitest';
import { BUDGET_SHOWN_MARK, whenFirstScreenShown } from './first-screen.ts';

const settledSoon = async (p: Promise<void>): Promise<boolean> => {
  let settled = false;
  void p.then(() => (settled = true));
  // The observer's callback runs in a later task than the mark.
  for (let i = 0; i < 20 && !settled; i++) await new Promise((r) => setImmediate(r));
  return settled;
};

describe('waiting for the first screen', () => {
  afterEach(() => performance.clearMarks(BUDGET_SHOWN_MARK));

  it("waits for the budget page's mark, not for other marks", async () => {
    const shown = whenFirstScreenShown(60_000);
    performance.mark('coffer:budget-loaded');
    expect(await settledSoon(shown)).toBe(false);
    performance.mark(BUDGET_SHOWN_MARK);
    expect(await settledSoon(shown)).toBe(true);
  });

  it('goes at once when the budget was shown before (a second open in the same page)', async () => {
    performance.mark(BUDGET_SHOWN_MARK);
    expect(await settledSoon(whenFirstScreenShown(60_000))).toBe(true);
  });

  it('goes after the wait on a page that sets no mark', async () => {
    await whenFirstScreenShown(1);
    expect(performance.getEntriesByName(BUDGET_SHOWN_MARK)).toHaveLength(0);
  });
});
