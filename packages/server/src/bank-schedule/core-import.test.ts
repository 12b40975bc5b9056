/**
 * End to end: a Coffer core (Node platform) with a SimpleFIN-linked budget on this server; the
 * server's scheduler fetches from the fake bridge and holds the new rows; the core imports them
 * through the manual sync's import, once, and the server forgets them. A crash between the
 * import and the release imports nothing twice.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importHeld, type HeldServer } from '@coffer/core';
import { type BankClient, startBankClient } from '../test-helpers/bank-client.ts';
import { fillSimpleFin } from '../test-helpers/bank-scenarios.ts';
import { type FakeSimpleFin, startFakeSimpleFin } from '../test-helpers/fake-simplefin.ts';
import { call } from '../test-helpers/harness.ts';

let c: BankClient;
let bridge: FakeSimpleFin;

beforeEach(async () => {
  bridge = await startFakeSimpleFin();
  fillSimpleFin(bridge);
  c = await startBankClient();
  await c.must('secret-set', { name: 'simplefin_token', value: bridge.setupToken() });
});

afterEach(async () => {
  await c.close();
  await bridge.close();
});

/** Links the bridge's checking account to a new account (a first sync) and uploads the budget. */
async function linkAndUpload(): Promise<{ checking: string; fileId: string }> {
  const { accounts } = await c.must<{
    accounts: { id: string; name: string; org: { name: string; domain?: string } }[];
  }>('simplefin-accounts');
  const a = accounts[0]!;
  await c.must('simplefin-accounts-link', {
    externalAccount: {
      account_id: a.id,
      name: a.name,
      institution: a.org.name,
      orgDomain: a.org.domain ?? null,
      orgId: null,
    },
    upgradingId: null,
  });
  await c.must('upload-budget');
  const checking = c
    .sql()
    .first<{ id: string }>("SELECT id FROM accounts WHERE account_id = 'ACT-checking'")!.id;
  return { checking, fileId: c.core.budget!.prefs.cloudFileId! };
}

/** Two new rows at the bridge, a day old (the scheduler reads up to 30 days back from now). */
function newBankRows() {
  const posted = Math.floor((Date.now() - 86_400_000) / 1000);
  bridge.accounts[0]!.transactions.push(
    { id: 'TRN-bakery', posted, amount: '-12.34', description: 'Bakery' },
    { id: 'TRN-refund', posted, amount: '5.00', description: 'Refund' },
  );
}

const rowsOf = (acct: string) =>
  c
    .sql()
    .all<{ amount: number; financial_id: string }>(
      "SELECT amount, financial_id FROM transactions WHERE acct = ? AND tombstone = 0 AND financial_id LIKE 'TRN-%' ORDER BY financial_id",
      [acct],
    )
    .map((r) => `${r.financial_id} ${r.amount}`);

/** The server's scheduler, run by the test (its tick never fires within one). */
const schedule = {
  run: () => c.server.server.context.bankSchedule.runOnce(),
  held: (fileId: string) => c.server.server.context.storage.bankHold.held(fileId),
};

describe('held rows from the scheduled sync, imported by the core', () => {
  it('imports what the scheduler held once, through the manual sync’s import', async () => {
    const { checking, fileId } = await linkAndUpload();
    expect(await c.send('bank-schedule-status')).toEqual({
      enabled: false,
      intervalMinutes: 240,
      canChange: true,
    });
    expect(await c.send('bank-schedule-set', { enabled: true, intervalMinutes: 60 })).toEqual({
      enabled: true,
      intervalMinutes: 60,
      canChange: true,
    });
    // The app registers its links when it imports (at open and after a sync).
    expect(await c.send('bank-held-import')).toEqual({ imported: 0, matched: 0, scheduled: true });
    const links = await c.server.server.context.storage.bankHold.listLinks();
    expect(links.map((l) => [l.fileId, l.provider, l.accountId])).toEqual([
      [fileId, 'simplefin', 'ACT-checking'],
    ]);

    const before = rowsOf(checking);
    newBankRows();
    expect(await schedule.run()).toMatchObject({ fetched: 1, failed: 0 });
    expect((await schedule.held(fileId)).map((r) => r.transactionId)).toContain('TRN-bakery');

    const result = await c.send('bank-held-import');
    expect(result).toEqual({ imported: 2, matched: 0, scheduled: true });
    expect(rowsOf(checking)).toEqual([...before, 'TRN-bakery -1234', 'TRN-refund 500'].sort());
    expect(await schedule.held(fileId)).toEqual([]);
    // The registers reload as after a sync.
    expect(c.events('sync-event').at(-1)).toMatchObject({ type: 'success' });

    // Nothing new at the bank: the next run holds nothing and the next import adds nothing.
    expect((await schedule.run()).fetched).toBe(0); // not due within the hour
    expect(await c.send('bank-held-import')).toEqual({ imported: 0, matched: 0, scheduled: true });
    expect(rowsOf(checking)).toHaveLength(before.length + 2);
  });

  it('imports nothing twice when the app stops between the import and the release', async () => {
    const { checking, fileId } = await linkAndUpload();
    await c.must('bank-schedule-set', { enabled: true, intervalMinutes: 60 });
    await c.must('bank-held-import');
    newBankRows();
    await schedule.run();
    const before = rowsOf(checking).length;

    // The server as the core reaches it, but the release never arrives (the app was closed).
    const token = (
      await call(c.server.url, 'POST', '/account/login', {
        json: { password: 'correct horse' },
      })
    ).json.data.token as string;
    const server: HeldServer = {
      async post(path, body) {
        if (path === '/release') return { ok: false, error: { reason: 'network-failure' } };
        const res = await call(c.server.url, 'POST', `/bank-schedule${path}`, {
          token,
          json: body,
        });
        return { ok: true, value: res.json as Record<string, unknown> };
      },
    };
    const crashed = await importHeld(c.core.budget!, fileId, server);
    expect(crashed.result.imported).toBe(2);
    expect(await schedule.held(fileId)).toHaveLength(2);

    // Next open: the same rows come again, their bank ids are in the budget: both match the
    // rows already imported and none is added.
    expect(await c.send('bank-held-import')).toEqual({ imported: 0, matched: 2, scheduled: true });
    expect(rowsOf(checking)).toHaveLength(before + 2);
    expect(await schedule.held(fileId)).toEqual([]);
  });

  it('stops fetching an account once it is unlinked', async () => {
    const { checking, fileId } = await linkAndUpload();
    await c.must('bank-schedule-set', { enabled: true, intervalMinutes: 60 });
    await c.must('bank-held-import');
    newBankRows();
    await schedule.run();
    await c.must('account-unlink', { id: checking });
    expect(await c.send('bank-held-import')).toEqual({ imported: 0, matched: 0, scheduled: true });
    expect(await c.server.server.context.storage.bankHold.listLinks()).toEqual([]);
    expect(await schedule.held(fileId)).toEqual([]);
  });
});
