import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../app.ts';
import { type DiskPlatform, diskPlatform } from './test-helpers/node-platform.ts';
import { revocableServer as server } from './test-helpers/revocable-server.ts';
import { DEMO_BUDGET_ID } from './session.ts';

let platform: DiskPlatform | undefined;
afterEach(() => platform?.cleanup());

function appCore(fetch: typeof globalThis.fetch) {
  platform = diskPlatform({ prefix: 'coffer-demo-', fetch });
  const core = createAppCore({
    platform,
    documentDir: platform.dir,
    cloud: { persistState: false, syncDelayMs: 60_000 },
  });
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped edge for brevity */
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args) as Promise<any>;
  return { core, send };
}

describe('create-demo-budget', () => {
  it('makes a demo budget with months of activity, never in the future, listed like any local budget', async () => {
    const { core, send } = appCore(server().fetch);
    expect(await send('create-demo-budget')).toEqual({ id: DEMO_BUDGET_ID });
    const sql = core.budget!.sqlite;
    expect((await send('load-prefs')).budgetName).toBe('Demo Budget');
    expect((await send('load-prefs')).cloudFileId).toBeUndefined();
    const accounts = sql.all<{ name: string; offbudget: number }>(
      'SELECT name, offbudget FROM accounts WHERE tombstone = 0 ORDER BY name',
    );
    expect(accounts).toEqual([
      { name: 'Checking', offbudget: 0 },
      { name: 'Credit Card', offbudget: 0 },
      { name: 'Savings', offbudget: 1 },
    ]);
    const today = new Date(platform!.clock.now()).toISOString().slice(0, 10);
    const dates = sql.first<{ first: number; last: number; n: number }>(
      'SELECT min(date) AS first, max(date) AS last, count(*) AS n FROM transactions WHERE tombstone = 0 AND starting_balance_flag = 0',
    )!;
    expect(dates.n).toBeGreaterThan(40);
    expect(String(dates.last) <= today.replaceAll('-', '')).toBe(true);
    // Four months, each budgeted the same, every spending transaction categorised.
    const months = sql.all<{ month: number; total: number }>(
      'SELECT month, sum(amount) AS total FROM zero_budgets GROUP BY month ORDER BY month',
    );
    expect(months).toHaveLength(4);
    expect(new Set(months.map((m) => m.total))).toEqual(new Set([232_100]));
    expect(
      sql.first<{ n: number }>(
        'SELECT count(*) AS n FROM transactions WHERE tombstone = 0 AND category IS NULL AND starting_balance_flag = 0 AND acct IN (SELECT id FROM accounts WHERE offbudget = 0)',
      )!.n,
    ).toBe(0);
    // It stays in the file list once closed, a local file, until deleted.
    expect(await send('get-budgets')).toEqual([
      expect.objectContaining({ id: DEMO_BUDGET_ID, name: 'Demo Budget' }),
    ]);
    // Nothing to undo: the demo's making is not an edit of the user's.
    const all = () =>
      sql.first<{ n: number }>('SELECT count(*) AS n FROM transactions WHERE tombstone = 0')!.n;
    const before = all();
    await send('undo');
    expect(all()).toBe(before);

    // A second demo replaces the first.
    await send('create-demo-budget');
    expect(
      core.budget!.sqlite.first<{ n: number }>(
        'SELECT count(*) AS n FROM accounts WHERE tombstone = 0',
      )!.n,
    ).toBe(3);
    await send('close-budget');
    expect(await send('get-all-files')).toEqual([
      expect.objectContaining({ id: DEMO_BUDGET_ID, name: 'Demo Budget', state: 'local' }),
    ]);
    expect(await send('delete-budget', { id: DEMO_BUDGET_ID })).toBe('ok');
    expect(await send('get-all-files')).toEqual([]);
  });

  it('clears the read-only flag a rejected token left (a new local budget does not, as in Actual)', async () => {
    const fake = server();
    const { send } = appCore(fake.fetch);
    await send('set-server-url', { url: 'http://sync.invalid', validate: false });
    expect(await send('subscribe-sign-in', { password: 'pw' })).toEqual({});
    const { id } = await send('create-budget', { budgetName: 'Shared' });
    fake.state.revoked = true;
    expect(await send('sync')).toMatchObject({ error: { type: 'unauthorized' } });
    expect(await send('payee-create', { name: 'Refused' })).toMatchObject({
      error: { type: 'unauthorized', meta: { readOnly: true } },
    });

    // A plain new budget leaves the flag: the cloud file still refuses edits.
    await send('create-budget', { budgetName: 'Local', avoidUpload: true });
    await send('load-budget', { id });
    expect(await send('payee-create', { name: 'Still refused' })).toMatchObject({
      error: { type: 'unauthorized' },
    });
    // (Reopening synced it, and that sync was refused too: wait for it before going on.)
    expect(await send('sync')).toMatchObject({ error: { type: 'unauthorized' } });

    // The demo budget clears it, and the cloud file takes edits again.
    fake.state.revoked = false;
    await send('create-demo-budget');
    expect(typeof (await send('payee-create', { name: 'In the demo' }))).toBe('string');
    await send('load-budget', { id });
    expect(typeof (await send('payee-create', { name: 'Accepted' }))).toBe('string');
    await send('close-budget');
  });
});
