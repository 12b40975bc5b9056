import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppCore } from '../app.ts';
import { testClock } from '../db/test-helpers/test-platform.ts';
import { type DiskPlatform, diskPlatform } from '../files/test-helpers/node-platform.ts';
import { BACKUP_INTERVAL_MS, LATEST_BACKUP, MAX_BACKUPS } from './store.ts';

/** The backup interval's timers fire only when the test says so; others run for real. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (fn: () => void, ms: number): unknown => {
      if (ms !== BACKUP_INTERVAL_MS) return setTimeout(fn, ms);
      pending.set(next, fn);
      return next++;
    },
    clearTimeout: (h: unknown) => {
      if (typeof h === 'number') pending.delete(h);
      else clearTimeout(h as ReturnType<typeof setTimeout>);
    },
    fireAll() {
      const fns = [...pending.values()];
      pending.clear();
      for (const fn of fns) fn();
    },
    get count() {
      return pending.size;
    },
  };
}

let platform: DiskPlatform | undefined;
afterEach(() => platform?.cleanup());

function setup() {
  platform = diskPlatform({ prefix: 'coffer-backups-' });
  const clock = testClock();
  const timers = manualTimers();
  const core = createAppCore({
    platform: { ...platform, clock, timers },
    documentDir: platform.dir,
  });
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped edge for brevity */
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args) as Promise<any>;
  return { core, clock, timers, send };
}

describe('backups', () => {
  it('makes, lists, loads, restores and bounds backups on a schedule', async () => {
    const { clock, timers, send } = setup();
    const names = async () =>
      ((await send('accounts-get')) as { name: string }[]).map((a) => a.name).sort();
    const { id } = await send('create-budget', { budgetName: 'Home' });
    expect(await send('backups-get', { id })).toEqual([]);
    await send('account-create', { name: 'First' });
    const made = await send('backup-make', { id });
    expect(made.backupId).toBe('2023-08-06T10-00-00-000Z.sqlite');
    await send('account-create', { name: 'Second' });

    // The schedule: one timer while open; firing it makes a backup and re-arms.
    expect(timers.count).toBe(1);
    clock.advance(BACKUP_INTERVAL_MS);
    timers.fireAll();
    await vi.waitFor(() => expect(timers.count).toBe(1));
    let list = await send('backups-get', { id });
    expect(list.map((b: { id: string }) => b.id)).toEqual([
      '2023-08-06T10-15-00-000Z.sqlite',
      made.backupId,
    ]);
    expect(list[0]).toMatchObject({ date: '2023-08-06T10:15:00.000Z', isLatest: false });

    // Loading a backup keeps the current database as the "latest" copy, which loads back.
    expect(await send('backup-load', { id, backupId: made.backupId })).toEqual({});
    expect(await names()).toEqual(['First']);
    list = await send('backups-get', { id });
    expect(list[0]).toEqual({ id: LATEST_BACKUP, date: null, isLatest: true });
    expect(await send('backup-load', { id, backupId: LATEST_BACKUP })).toEqual({});
    expect(await names()).toEqual(['First', 'Second']);
    expect((await send('backups-get', { id }))[0].isLatest).toBe(false);
    expect(await send('backup-load', { id, backupId: 'missing.sqlite' })).toMatchObject({
      error: { type: 'backup-not-found' },
    });

    // Bounded: only the newest MAX_BACKUPS stay.
    for (let i = 0; i < MAX_BACKUPS + 3; i++) {
      clock.advance(1000);
      await send('backup-make', { id });
    }
    list = await send('backups-get', { id });
    expect(list).toHaveLength(MAX_BACKUPS);
    expect(list.map((b: { id: string }) => b.id)).not.toContain(made.backupId);

    // Closing stops the schedule.
    await send('close-budget');
    expect(timers.count).toBe(0);
    expect(await send('backup-make', { id: 'no-such' })).toMatchObject({
      error: { type: 'budget-not-found' },
    });
  });
});
