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

/** Links one of the bridge's accounts (the first by default) to a new account (a first sync). */
async function linkBridgeAccount(index = 0): Promise<void> {
  const { accounts } = await c.must<{
    accounts: { id: string; name: string; org: { name: string; domain?: string } }[];
  }>('simplefin-accounts');
  const a = accounts[index]!;
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
}

/** Links the bridge's checking account to a new account (a first sync) and uploads the budget. */
async function linkAndUpload(): Promise<{ checking: string; fileId: string }> {
  await linkBridgeAccount();
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

/** A session of the server's password (the one user before users are turned on). */
async function passwordToken(): Promise<string> {
  const res = await call(c.server.url, 'POST', '/account/login', {
    json: { password: 'correct horse' },
  });
  return res.json.data.token as string;
}

/** The server's `/bank-schedule/*` as the core reaches it, with a given user's session. */
function heldServerAs(token: string, { releases = true } = {}): HeldServer {
  return {
    async post(path, body) {
      if (path === '/release' && !releases) {
        return { ok: false, error: { reason: 'network-failure' } };
      }
      const res = await call(c.server.url, 'POST', `/bank-schedule${path}`, { token, json: body });
      return { ok: true, value: res.json as Record<string, unknown> };
    },
  };
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
    expect(await c.send('bank-held-import')).toEqual({
      imported: 0,
      matched: 0,
      scheduled: true,
      notScheduled: [],
    });
    const links = await c.server.server.context.storage.bankHold.listLinks();
    expect(links.map((l) => [l.fileId, l.provider, l.accountId])).toEqual([
      [fileId, 'simplefin', 'ACT-checking'],
    ]);

    const before = rowsOf(checking);
    newBankRows();
    expect(await schedule.run()).toMatchObject({ fetched: 1, failed: 0 });
    expect((await schedule.held(fileId)).map((r) => r.transactionId)).toContain('TRN-bakery');

    const result = await c.send('bank-held-import');
    expect(result).toEqual({ imported: 2, matched: 0, scheduled: true, notScheduled: [] });
    expect(rowsOf(checking)).toEqual([...before, 'TRN-bakery -1234', 'TRN-refund 500'].sort());
    expect(await schedule.held(fileId)).toEqual([]);
    // The registers reload as after a sync.
    expect(c.events('sync-event').at(-1)).toMatchObject({ type: 'success' });

    // Nothing new at the bank: the next run holds nothing and the next import adds nothing.
    expect((await schedule.run()).fetched).toBe(0); // not due within the hour
    expect(await c.send('bank-held-import')).toEqual({
      imported: 0,
      matched: 0,
      scheduled: true,
      notScheduled: [],
    });
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
    const server = heldServerAs(await passwordToken(), { releases: false });
    const crashed = await importHeld(c.core.budget!, fileId, server);
    expect(crashed.result.imported).toBe(2);
    expect(await schedule.held(fileId)).toHaveLength(2);

    // Next open: the same rows come again, their bank ids are in the budget: both match the
    // rows already imported and none is added.
    expect(await c.send('bank-held-import')).toEqual({
      imported: 0,
      matched: 2,
      scheduled: true,
      notScheduled: [],
    });
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
    expect(await c.send('bank-held-import')).toEqual({
      imported: 0,
      matched: 0,
      scheduled: true,
      notScheduled: [],
    });
    expect(await c.server.server.context.storage.bankHold.listLinks()).toEqual([]);
    expect(await schedule.held(fileId)).toEqual([]);
  });

  it('names the linked accounts a user the budget is shared with cannot add to the schedule', async () => {
    const { fileId } = await linkAndUpload();
    await c.must('bank-schedule-set', { enabled: true, intervalMinutes: 60 });
    // The owner registers the checking account; the savings account is linked afterwards.
    await c.must('bank-held-import');
    await linkBridgeAccount(1);
    const savings = c
      .sql()
      .first<{ name: string }>("SELECT name FROM accounts WHERE account_id = 'ACT-savings'")!.name;

    // Users on: the owner shares the file with Ben, who opens it and registers its links.
    const admin = await passwordToken();
    const on = await call(c.server.url, 'POST', '/admin/multiuser', {
      token: admin,
      json: { userName: 'ada' },
    });
    expect(on.status).toBe(200);
    const created = await call(c.server.url, 'POST', '/admin/users', {
      token: admin,
      json: { userName: 'ben', role: 'BASIC', displayName: 'Ben', enabled: true },
    });
    const benId = created.json.data.id as string;
    const shared = await call(c.server.url, 'POST', '/admin/access', {
      token: admin,
      json: { fileId, userId: benId },
    });
    expect(shared.status).toBe(200);
    const ben = await c.server.server.context.accounts.createSession(Date.now(), benId);
    const asBen = await importHeld(c.core.budget!, fileId, heldServerAs(ben));
    expect(asBen.result).toMatchObject({ scheduled: true, notScheduled: [savings] });

    // The owner adds it: nothing is left out, for the owner or for Ben afterwards.
    const asOwner = await importHeld(c.core.budget!, fileId, heldServerAs(admin));
    expect(asOwner.result.notScheduled).toEqual([]);
    expect(
      (await importHeld(c.core.budget!, fileId, heldServerAs(ben))).result.notScheduled,
    ).toEqual([]);
  });
});
