/**
 * The scheduled bank sync over HTTP on both storage adapters, against the fake SimpleFIN Bridge
 * and the fake Enable Banking API: opt-in, registration, one fetch per account per run (also with
 * two servers on one PostgreSQL), held rows and their release, failures, and no secret in any
 * answer or log line. The clock and the tick are injected: runs are started by the test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fillEnableBanking, fillSimpleFin } from '../test-helpers/bank-scenarios.ts';
import {
  type FakeEnableBanking,
  startFakeEnableBanking,
} from '../test-helpers/fake-enablebanking.ts';
import { type FakeSimpleFin, startFakeSimpleFin } from '../test-helpers/fake-simplefin.ts';
import {
  bootstrap,
  call,
  startTestServer,
  upload,
  type CallResult,
  type TestServer,
} from '../test-helpers/harness.ts';
import { startTestPostgres, type TestPostgres } from '../test-helpers/postgres.ts';
import type { Timer } from './scheduler.ts';

/** The server's "now": the fakes' data runs up to 2024-03-20. */
const START = Date.UTC(2024, 2, 20, 12);
const HOUR = 3_600_000;
const EXPECTED = [
  'TRN-coffee',
  'TRN-gas',
  'TRN-interest',
  'TRN-pay',
  'eb-p1',
  'eb-t1',
  'eb-t2',
  'eb-t3',
];

let pg: TestPostgres;
let bridge: FakeSimpleFin;
let eb: FakeEnableBanking;
const servers: TestServer[] = [];
const answers: CallResult[] = [];
const clock = { now: START };
/** Ticks armed by the servers: the test never waits for one. */
const armed: (() => void)[] = [];
const timer: Timer = {
  set: (tick) => armed.push(tick),
  clear: () => undefined,
};

beforeAll(async () => {
  pg = await startTestPostgres();
}, 120_000);
afterAll(() => pg.stop(), 60_000);

beforeEach(async () => {
  clock.now = START;
  armed.length = 0;
  bridge = await startFakeSimpleFin();
  fillSimpleFin(bridge);
  eb = await startFakeEnableBanking();
  fillEnableBanking(eb);
  eb.sessions.set('session-main', {
    session_id: 'session-main',
    accounts: ['eb-acc-main'],
    aspsp: { name: 'Nordea', country: 'FI' },
    psu_type: 'personal',
    access: { valid_until: '2099-01-01T00:00:00Z' },
    status: 'AUTHORIZED',
  });
});

afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  answers.length = 0;
  await bridge.close();
  await eb.close();
});

async function serve(databaseUrl: string | null): Promise<TestServer> {
  const s = await startTestServer(
    { enableBankingBaseUrl: eb.url, ...(databaseUrl ? { databaseUrl } : {}) },
    { now: () => clock.now, timer },
  );
  servers.push(s);
  return s;
}

async function post(s: TestServer, token: string, path: string, json: unknown) {
  const res = await call(s.url, 'POST', `/bank-schedule${path}`, { token, json });
  answers.push(res);
  return res;
}

/** A signed-in server with a file and both providers' secrets, its accounts registered. */
async function setUp(s: TestServer, first = true) {
  const token = first
    ? await bootstrap(s.url)
    : ((await call(s.url, 'POST', '/account/login', { json: { password: 'correct horse' } })).json
        .data.token as string);
  if (!first) return token;
  expect((await upload(s.url, token, 'file-1', 'snapshot')).status).toBe(200);
  await call(s.url, 'POST', '/secret', {
    token,
    json: { name: 'simplefin_token', value: bridge.setupToken() },
  });
  await s.server.context.simplefin.accounts(); // claims the token once, as linking does
  await s.server.context.enableBanking.configure(eb.applicationId, eb.privateKeyPem);
  const links = await post(s, token, '/links', {
    fileId: 'file-1',
    links: [
      { provider: 'simplefin', accountId: 'ACT-checking', since: '2024-03-01' },
      { provider: 'simplefin', accountId: 'ACT-savings', since: '2024-03-01' },
      { provider: 'enablebanking', accountId: 'eb-acc-main', since: '2024-03-01' },
    ],
  });
  expect(links.json).toEqual({ status: 'ok', data: { enabled: false, notScheduled: [] } });
  return token;
}

const bridgeFetches = () =>
  bridge.requests.filter(
    (r) => r.startsWith('GET /simplefin/accounts') && r.includes('start-date'),
  );
const ebFetches = () => eb.requests.filter((r) => r.includes('/transactions'));

const heldIds = async (s: TestServer, token: string) => {
  const res = await post(s, token, '/held', { fileId: 'file-1' });
  return {
    upTo: res.json.data.upTo as number,
    ids: (res.json.data.rows as { transaction: { transactionId: string } }[])
      .map((r) => r.transaction.transactionId)
      .sort(),
  };
};

function expectNoSecret(s: TestServer) {
  const secrets = [bridge.password, bridge.accessUrl, eb.privateKeyPem.split('\n')[1]!];
  const seen = [...answers.map((a) => a.text), ...s.logs].join('\n');
  for (const secret of secrets) expect(seen).not.toContain(secret);
}

describe.each(['sqlite', 'postgres'])('scheduled bank sync on %s', (kind) => {
  const open = async () => serve(kind === 'postgres' ? await pg.createDatabase() : null);

  it('does nothing until turned on, then holds each account’s rows once', async () => {
    const s = await open();
    const token = await setUp(s);
    const scheduler = s.server.context.bankSchedule;
    expect(armed).toHaveLength(1);
    expect(await scheduler.runOnce()).toEqual({ fetched: 0, held: 0, failed: 0 });
    expect(bridgeFetches()).toHaveLength(0);

    const on = await post(s, token, '/settings', { enabled: true, intervalMinutes: 60 });
    expect(on.json.data).toEqual({ enabled: true, intervalMinutes: 60, canChange: true });
    // An admin's "fetch now" is one run.
    const first = (await post(s, token, '/run', {})).json.data;
    expect(first).toEqual({ fetched: 3, held: 8, failed: 0 });
    // Both SimpleFIN accounts in one bridge request; Enable Banking per account.
    expect(bridgeFetches()).toHaveLength(1);
    expect(ebFetches().length).toBeGreaterThan(0);
    const held = await heldIds(s, token);
    // From the registered first day (the older TRN-old is not asked for); Enable Banking's
    // unreadable amount (eb-bad) is left out as its manual sync leaves it out.
    expect(held.ids).toEqual(EXPECTED);

    // Not due again within the hour; after it, the same rows are not held twice.
    const requests = bridgeFetches().length;
    clock.now += 30 * 60_000;
    expect((await scheduler.runOnce()).fetched).toBe(0);
    expect(bridgeFetches()).toHaveLength(requests);
    clock.now += HOUR;
    expect(await scheduler.runOnce()).toEqual({ fetched: 3, held: 0, failed: 0 });

    // The app imported them: released, they are gone, and a new bank row is held alone.
    const released = await post(s, token, '/release', { fileId: 'file-1', upTo: held.upTo });
    expect(released.json.data.released).toBe(held.ids.length);
    bridge.accounts[0]!.transactions.push({
      id: 'TRN-new',
      posted: Math.floor((START + 2 * HOUR) / 1000),
      amount: '-12.34',
      description: 'Bakery',
    });
    clock.now += 2 * HOUR;
    expect((await scheduler.runOnce()).held).toBe(1);
    expect((await heldIds(s, token)).ids).toEqual(['TRN-new']);
    expectNoSecret(s);
  });

  it('records a provider’s failure by its kind, holds nothing and says no secret', async () => {
    const s = await open();
    const token = await setUp(s);
    await post(s, token, '/settings', { enabled: true, intervalMinutes: 60 });
    bridge.failNext(500);
    eb.failNext('/accounts/eb-acc-main', 401);
    expect(await s.server.context.bankSchedule.runOnce()).toEqual({
      fetched: 3,
      held: 0,
      failed: 3,
    });
    const links = await s.server.context.storage.bankHold.listLinks();
    expect(links.map((l) => [l.accountId, l.lastError])).toEqual([
      ['eb-acc-main', 'login-required'],
      ['ACT-checking', 'institution-down'],
      ['ACT-savings', 'institution-down'],
    ]);
    expect((await heldIds(s, token)).ids).toEqual([]);
    expect(s.logs.join('\n')).toContain('3 accounts fetched, 0 rows held, 3 failed');
    expectNoSecret(s);
  });

  it('refuses bad settings and registrations, and files the caller cannot see', async () => {
    const s = await open();
    const token = await setUp(s);
    const bad = await post(s, token, '/settings', { enabled: true, intervalMinutes: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toBe('intervalMinutes must be a whole number from 60 to 10080');
    const badLink = await post(s, token, '/links', {
      fileId: 'file-1',
      links: [{ provider: 'pluggyai', accountId: 'x', since: '2024-01-01' }],
    });
    expect(badLink.json.details).toBe('provider must be simplefin, enablebanking or gocardless');
    const noRequisition = await post(s, token, '/links', {
      fileId: 'file-1',
      links: [{ provider: 'gocardless', accountId: 'x', since: '2024-01-01' }],
    });
    expect(noRequisition.json.details).toBe('a GoCardless link needs its requisitionId');
    const missing = await post(s, token, '/held', { fileId: 'no-such-file' });
    expect(missing.status).toBe(404);
    expect((await call(s.url, 'POST', '/bank-schedule/held', { json: {} })).status).toBe(401);
    // A refused registration changed nothing.
    expect(await s.server.context.storage.bankHold.listLinks()).toHaveLength(3);
  });
});

describe('two servers on one PostgreSQL database', () => {
  it('fetch each account once per run', async () => {
    const databaseUrl = await pg.createDatabase();
    const a = await serve(databaseUrl);
    const b = await serve(databaseUrl);
    const token = await setUp(a);
    await post(a, token, '/settings', { enabled: true, intervalMinutes: 60 });
    const [ra, rb] = await Promise.all([
      a.server.context.bankSchedule.runOnce(),
      b.server.context.bankSchedule.runOnce(),
    ]);
    expect(ra.fetched + rb.fetched).toBe(3);
    expect(ra.held + rb.held).toBe(8);
    const accountParams = bridgeFetches().flatMap((r) => [
      ...new URL(r.slice(4), bridge.url).searchParams.getAll('account'),
    ]);
    expect(accountParams.sort()).toEqual(['ACT-checking', 'ACT-savings']);
    expect(ebFetches().filter((r) => !r.includes('continuation_key'))).toHaveLength(1);
    // The tick each armed runs the same way (no waiting: the test fires them).
    clock.now += HOUR;
    for (const tick of armed) tick();
    const second = await Promise.all([
      a.server.context.bankSchedule.runOnce(),
      b.server.context.bankSchedule.runOnce(),
    ]);
    expect(second.reduce((n, r) => n + r.fetched, 0)).toBe(0);
    const token2 = await setUp(b, false);
    expect((await heldIds(b, token2)).ids).toEqual(EXPECTED);
  });
});
