/**
 * Users on: each file's scheduled sync reads its owner's provider secrets, a basic user's
 * secrets are their own, and the hostile cases: another user's file, another user's secret,
 * the server's (admin's) secret. Two fake SimpleFIN Bridges hold the same account ids, so only
 * their request logs tell whose secret a fetch used.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fillSimpleFin } from '../test-helpers/bank-scenarios.ts';
import { type FakeSimpleFin, startFakeSimpleFin } from '../test-helpers/fake-simplefin.ts';
import {
  bootstrap,
  call,
  startTestServer,
  upload,
  type CallResult,
  type TestServer,
} from '../test-helpers/harness.ts';
import type { Timer } from './scheduler.ts';

const START = Date.UTC(2024, 2, 20, 12);
const timer: Timer = { set: () => undefined, clear: () => undefined };
const LINKS = [
  { provider: 'simplefin', accountId: 'ACT-checking', since: '2024-03-01' },
  { provider: 'simplefin', accountId: 'ACT-savings', since: '2024-03-01' },
];

let t: TestServer;
let adaBridge: FakeSimpleFin;
let benBridge: FakeSimpleFin;
const answers: CallResult[] = [];

beforeEach(async () => {
  adaBridge = await startFakeSimpleFin();
  benBridge = await startFakeSimpleFin();
  fillSimpleFin(adaBridge);
  fillSimpleFin(benBridge);
});

afterEach(async () => {
  await t?.stop();
  await adaBridge.close();
  await benBridge.close();
  answers.length = 0;
});

async function post(token: string, path: string, json: unknown, headers = {}) {
  const res = await call(t.url, 'POST', path, { token, json, headers });
  answers.push(res);
  return res;
}

const asked = (bridge: FakeSimpleFin) =>
  bridge.requests.filter((r) => r.startsWith('GET /simplefin/accounts')).length;

/** Ada (admin, the server's secrets) and Ben (basic), each with a budget of their own. */
async function household() {
  t = await startTestServer({}, { now: () => START, timer });
  const ada = await bootstrap(t.url);
  expect((await upload(t.url, ada, 'ada-file', 'bytes')).status).toBe(200);
  const on = await post(ada, '/admin/multiuser', { userName: 'ada' });
  expect(on.status).toBe(200);
  const created = await post(ada, '/admin/users', {
    userName: 'ben',
    role: 'BASIC',
    displayName: 'Ben',
    enabled: true,
  });
  const benId = created.json.data.id as string;
  const ben = await t.server.context.accounts.createSession(Date.now(), benId);
  expect((await upload(t.url, ben, 'ben-file', 'bytes')).status).toBe(200);
  expect((await t.server.context.accounts.getFile('ben-file'))?.owner).toBe(benId);
  await post(ada, '/bank-schedule/settings', { enabled: true, intervalMinutes: 60 });
  return { ada, ben, benId };
}

/** Enters a setup token and lists the accounts (which claims it), as the link modal does. */
async function linkSimpleFin(token: string, bridge: FakeSimpleFin) {
  await post(token, '/secret', { name: 'simplefin_token', value: bridge.setupToken() });
  const listed = await post(token, '/simplefin/accounts', {});
  expect(listed.json.data.accounts.map((a: { id: string }) => a.id).sort()).toEqual([
    'ACT-checking',
    'ACT-savings',
  ]);
}

const heldCount = async (token: string, fileId: string) =>
  ((await post(token, '/bank-schedule/held', { fileId })).json.data.rows as unknown[]).length;

describe('provider secrets per user', () => {
  it("fetches each file with its owner's secrets, and a basic user's stay their own", async () => {
    const { ada, ben } = await household();
    await linkSimpleFin(ada, adaBridge);
    expect(asked(adaBridge)).toBe(1);
    // Ben has none of his own yet: the server's (Ada's) are not his to use.
    expect((await post(ben, '/simplefin/status', {})).json.data).toEqual({ configured: false });
    const refused = await post(ben, '/simplefin/accounts', {});
    expect(refused.json.data.error_code).toBe('INVALID_ACCESS_TOKEN');
    expect(asked(adaBridge)).toBe(1);

    await linkSimpleFin(ben, benBridge);
    expect(asked(benBridge)).toBe(1);
    expect(asked(adaBridge)).toBe(1);
    // Ben's token did not replace the server's: Ada still lists through her bridge.
    await post(ada, '/simplefin/accounts', {});
    expect(asked(adaBridge)).toBe(2);
    expect(asked(benBridge)).toBe(1);

    // Ben shares nothing; each registers their own file's links.
    expect(
      (await post(ada, '/bank-schedule/links', { fileId: 'ada-file', links: LINKS })).status,
    ).toBe(200);
    expect(
      (await post(ben, '/bank-schedule/links', { fileId: 'ben-file', links: LINKS })).status,
    ).toBe(200);
    const report = await t.server.context.bankSchedule.runOnce();
    expect(report).toMatchObject({ fetched: 4, failed: 0 });
    // One bridge request per owner, each with that owner's access URL.
    expect(asked(adaBridge)).toBe(3);
    expect(asked(benBridge)).toBe(2);
    expect(await heldCount(ada, 'ada-file')).toBeGreaterThan(0);
    expect(await heldCount(ben, 'ben-file')).toBe(await heldCount(ada, 'ada-file'));
    const seen = [...answers.map((a) => a.text), ...t.logs].join('\n');
    for (const secret of [adaBridge.password, benBridge.password, benBridge.accessUrl]) {
      expect(seen).not.toContain(secret);
    }
  });

  it("uses the owner's secrets whoever registered the file's links", async () => {
    const { ada, ben, benId } = await household();
    await linkSimpleFin(ada, adaBridge);
    await linkSimpleFin(ben, benBridge);
    await post(ada, '/admin/access', { fileId: 'ada-file', userId: benId });
    expect(
      (await post(ada, '/bank-schedule/links', { fileId: 'ada-file', links: LINKS })).status,
    ).toBe(200);
    const shared = await post(ben, '/bank-schedule/links', { fileId: 'ada-file', links: LINKS });
    expect(shared.status).toBe(200);
    expect(shared.json.data.notScheduled).toEqual([]);
    await t.server.context.bankSchedule.runOnce();
    expect(asked(adaBridge)).toBe(2);
    expect(asked(benBridge)).toBe(1);
  });

  it("lets a user the file is shared with drop the owner's links but not add accounts", async () => {
    const { ada, ben, benId } = await household();
    await linkSimpleFin(ada, adaBridge);
    await post(ada, '/admin/access', { fileId: 'ada-file', userId: benId });
    const [checking, savings] = LINKS;
    await post(ada, '/bank-schedule/links', { fileId: 'ada-file', links: [checking] });
    // Ben adds the savings account, which only Ada's bridge can read: it is not scheduled,
    // so its rows never reach a budget Ada did not link it to.
    const added = await post(ben, '/bank-schedule/links', { fileId: 'ada-file', links: LINKS });
    expect(added.status).toBe(200);
    expect(added.json.data.notScheduled).toEqual([
      { provider: 'simplefin', accountId: 'ACT-savings' },
    ]);
    await t.server.context.bankSchedule.runOnce();
    const held = await post(ben, '/bank-schedule/held', { fileId: 'ada-file' });
    const heldAccounts = (held.json.data.rows as { accountId: string }[]).map((r) => r.accountId);
    expect(heldAccounts.length).toBeGreaterThan(0);
    expect(new Set(heldAccounts)).toEqual(new Set(['ACT-checking']));
    // Dropping a link (an account unlinked in the budget) is his to do.
    const dropped = await post(ben, '/bank-schedule/links', { fileId: 'ada-file', links: [] });
    expect(dropped.status).toBe(200);
    expect(await heldCount(ada, 'ada-file')).toBe(0);
    // The owner may add it.
    const owner = await post(ada, '/bank-schedule/links', { fileId: 'ada-file', links: [savings] });
    expect(owner.json.data.notScheduled).toEqual([]);
  });

  it("refuses another user's file and another user's secrets", async () => {
    const { ada, ben } = await household();
    await linkSimpleFin(ada, adaBridge);
    const file = { 'x-actual-file-id': 'ada-file' };
    // Another user's file: registering, reading held rows, its secrets (Actual's per-file form).
    expect(
      (await post(ben, '/bank-schedule/links', { fileId: 'ada-file', links: LINKS })).status,
    ).toBe(404);
    expect((await post(ben, '/bank-schedule/held', { fileId: 'ada-file' })).status).toBe(404);
    const write = await post(ben, '/secret', { name: 'simplefin_token', value: 'x' }, file);
    expect(write.status).toBe(403);
    expect(write.json.reason).toBe('file-access-denied');
    const read = await call(t.url, 'GET', '/secret/simplefin_accessKey', {
      token: ben,
      headers: file,
    });
    expect(read.status).toBe(403);
    expect((await call(t.url, 'GET', '/secret/simplefin_accessKey', { token: ada })).status).toBe(
      204,
    );
    // Ben asking after the secret without a file asks after his own: he has none.
    expect((await call(t.url, 'GET', '/secret/simplefin_accessKey', { token: ben })).status).toBe(
      404,
    );
    // Ben's file with no secrets of his: the run fails as not configured, Ada's bridge untouched.
    await post(ben, '/bank-schedule/links', { fileId: 'ben-file', links: LINKS });
    const report = await t.server.context.bankSchedule.runOnce();
    expect(report).toMatchObject({ fetched: 2, failed: 2 });
    expect(asked(adaBridge)).toBe(1);
    const states = await t.server.context.storage.bankHold.listLinks();
    expect(states.map((l) => l.lastError)).toEqual(['not-configured', 'not-configured']);
    // An unknown or malformed file id is refused as in Actual.
    const bad = await post(
      ada,
      '/secret',
      { name: 'simplefin_token', value: 'x' },
      {
        'x-actual-file-id': '../etc',
      },
    );
    expect(bad.status).toBe(400);
  });

  it("takes a file's own secrets first (Actual's per-file form, set by its owner)", async () => {
    const { ada, ben } = await household();
    await linkSimpleFin(ada, adaBridge);
    await post(ben, '/bank-schedule/links', { fileId: 'ben-file', links: LINKS });
    // Ben keeps no secrets of his own, only his file's: his file's run reads those.
    const file = { 'x-actual-file-id': 'ben-file' };
    const set = await post(
      ben,
      '/secret',
      { name: 'simplefin_accessKey', value: benBridge.accessUrl },
      file,
    );
    expect(set.status).toBe(200);
    expect(
      (await call(t.url, 'GET', '/secret/simplefin_accessKey', { token: ben, headers: file }))
        .status,
    ).toBe(204);
    const report = await t.server.context.bankSchedule.runOnce();
    expect(report).toMatchObject({ fetched: 2, failed: 0 });
    expect(asked(benBridge)).toBe(1);
    expect(asked(adaBridge)).toBe(1);
  });

  it("forgets a removed user's secrets", async () => {
    const { ada, ben, benId } = await household();
    await linkSimpleFin(ben, benBridge);
    const key = `simplefin_accessKey:user:${benId}`;
    expect(await t.server.context.accounts.getSecret(key)).toBe(benBridge.accessUrl);
    const removed = await call(t.url, 'DELETE', '/admin/users', {
      token: ada,
      json: { ids: [benId] },
    });
    expect(removed.status).toBe(200);
    expect(await t.server.context.accounts.getSecret(key)).toBeNull();
    expect(await t.server.context.accounts.getSecret(`simplefin_token:user:${benId}`)).toBeNull();
  });
});
