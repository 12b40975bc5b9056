import { describe, expect, it } from 'vitest';
import { ACCOUNT_ORDER_INDEX } from '../query/transactions.ts';
import { monthSums } from '../month-sums/slot.ts';
import { searchIndex } from '../search/slot.ts';
import { tagIndexIsCurrent } from '../tags/index-table.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { ACCOUNT_ORDER, accountOrder } from './account-order.ts';
import { manualTimers } from '../budget-file/test-helpers/manual-timers.ts';

describe('the account-order index', () => {
  it('is the first background build after an open without it; the tag index is before the sums', async () => {
    const t = manualTimers();
    const f = await openAppCore({ timers: t.timers });
    const indexed = () =>
      f.sql.all('SELECT name FROM sqlite_master WHERE name = ?', [ACCOUNT_ORDER_INDEX]).length;
    // Not made by the open itself: the open never waits for it.
    expect(indexed()).toBe(0);
    expect(accountOrder(f.budget).isCurrent()).toBe(false);
    expect(tagIndexIsCurrent(f.sql)).toBe(false);
    while (indexed() === 0) expect(t.turn()).toBe(true);
    expect(accountOrder(f.budget).isCurrent()).toBe(true);
    // The tag index (which also reads every note) has not been built yet.
    expect(tagIndexIsCurrent(f.sql)).toBe(false);
    expect(searchIndex(f.budget).position()).toBeNull();
    // Then the search index, and the tag index, whole, before any step of the sums.
    while (!tagIndexIsCurrent(f.sql)) expect(t.turn()).toBe(true);
    expect(searchIndex(f.budget).isCurrent()).toBe(true);
    expect(monthSums(f.budget).position()).toBeNull();
    expect(monthSums(f.budget).isCurrent()).toBe(false);
    while (t.turn()) {
      // The sums, in turns.
    }
    expect(monthSums(f.budget).isCurrent()).toBe(true);
  });

  it('is current once made, and a file that lost it is stale again', async () => {
    const f = await openAppCore();
    expect(ACCOUNT_ORDER.isCurrent(f.sql)).toBe(false);
    ACCOUNT_ORDER.rebuild(f.sql);
    expect(ACCOUNT_ORDER.isCurrent(f.sql)).toBe(true);
    f.sql.exec(`DROP INDEX ${ACCOUNT_ORDER_INDEX}`);
    expect(ACCOUNT_ORDER.isCurrent(f.sql)).toBe(false);
  });
});
