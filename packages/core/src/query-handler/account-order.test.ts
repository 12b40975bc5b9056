import { describe, expect, it } from 'vitest';
import { ACCOUNT_ORDER_INDEX } from '../query/transactions.ts';
import { tagIndexIsCurrent } from '../tags/index-table.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { ACCOUNT_ORDER, accountOrder } from './account-order.ts';
import { manualTimers } from '../budget-file/test-helpers/manual-timers.ts';

describe('the account-order index', () => {
  it('is the first background build after an open without it, before the tag index', async () => {
    const t = manualTimers();
    const f = await openAppCore({ timers: t.timers });
    const indexed = () =>
      f.sql.all('SELECT name FROM sqlite_master WHERE name = ?', [ACCOUNT_ORDER_INDEX]).length;
    // Not made by the open itself: the open never waits for it.
    expect(indexed()).toBe(0);
    expect(accountOrder(f.budget).isCurrent()).toBe(false);
    expect(tagIndexIsCurrent(f.sql)).toBe(false);
    t.turn();
    expect(indexed()).toBe(1);
    expect(accountOrder(f.budget).isCurrent()).toBe(true);
    // The tag index (which also reads every note) has not been built yet.
    expect(tagIndexIsCurrent(f.sql)).toBe(false);
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
