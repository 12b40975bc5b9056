/**
 * GoCardless links in the scheduled sync, as SimpleFIN and Enable Banking are: the app
 * registers the account with its requisition, a run fetches it with the server's GoCardless
 * secrets and holds its booked and pending rows; an expired consent is kept as
 * `login-required`, and no secret shows in an answer or a log line.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBankClient } from '../test-helpers/bank-client.ts';
import { type FakeProvider, startFakeGoCardless } from '../test-helpers/fake-gocardless.ts';
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
/** For the core's test: its server runs on the real clock, as the scheduler looks 30 days back. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const timer: Timer = { set: () => undefined, clear: () => undefined };

let t: TestServer;
let gc: FakeProvider;
const answers: CallResult[] = [];

const tx = (id: string, date: string, amount: string) => ({
  transactionId: id,
  bookingDate: date,
  valueDate: date,
  transactionAmount: { amount, currency: 'GBP' },
  remittanceInformationUnstructured: `row ${id}`,
});

describe('GoCardless in the scheduled sync', () => {
  beforeEach(async () => {
    gc = await startFakeGoCardless();
    gc.accounts.set('gc-acc-1', {
      id: 'gc-acc-1',
      institutionId: 'TESTBANK_TSTBGB2L',
      iban: 'GB00TEST00000000000001',
      balances: [
        { balanceAmount: { amount: '100.00', currency: 'GBP' }, balanceType: 'interimAvailable' },
      ],
      booked: [tx('gc-t1', '2024-03-05', '-12.50'), tx('gc-t2', '2024-03-12', '2000.00')],
      pending: [tx('gc-p1', '2024-03-19', '-4.20')],
    });
    gc.requisitions.set('req-1', {
      id: 'req-1',
      created: '2024-03-01T00:00:00Z',
      redirect: 'http://127.0.0.1/gocardless/link',
      status: 'LN',
      institution_id: 'TESTBANK_TSTBGB2L',
      agreement: 'agr-1',
      reference: 'ref-1',
      accounts: ['gc-acc-1'],
      user_language: 'EN',
      link: 'http://127.0.0.1/consent',
    });
    t = await startTestServer({ gocardlessBaseUrl: gc.url }, { now: () => START, timer });
  });

  afterEach(async () => {
    await t.stop();
    await gc.close();
    answers.length = 0;
  });

  async function post(token: string, path: string, json: unknown) {
    const res = await call(t.url, 'POST', path, { token, json });
    answers.push(res);
    return res;
  }

  async function setUp() {
    const token = await bootstrap(t.url);
    expect((await upload(t.url, token, 'file-1', 'snapshot')).status).toBe(200);
    await post(token, '/secret', { name: 'gocardless_secretId', value: gc.secretId });
    await post(token, '/secret', { name: 'gocardless_secretKey', value: gc.secretKey });
    const links = await post(token, '/bank-schedule/links', {
      fileId: 'file-1',
      links: [
        {
          provider: 'gocardless',
          accountId: 'gc-acc-1',
          since: '2024-03-01',
          requisitionId: 'req-1',
        },
      ],
    });
    expect(links.status).toBe(200);
    await post(token, '/bank-schedule/settings', { enabled: true, intervalMinutes: 60 });
    return token;
  }

  const held = async (token: string) =>
    (
      (await post(token, '/bank-schedule/held', { fileId: 'file-1' })).json.data.rows as {
        provider: string;
        accountId: string;
        transaction: { transactionId: string; booked: boolean };
      }[]
    ).map((r) => [r.provider, r.accountId, r.transaction.transactionId, r.transaction.booked]);

  it('fetches a linked account through its requisition and holds its rows', async () => {
    const token = await setUp();
    expect(await t.server.context.bankSchedule.runOnce()).toEqual({
      fetched: 1,
      held: 3,
      failed: 0,
    });
    expect((await held(token)).sort()).toEqual([
      ['gocardless', 'gc-acc-1', 'gc-p1', false],
      ['gocardless', 'gc-acc-1', 'gc-t1', true],
      ['gocardless', 'gc-acc-1', 'gc-t2', true],
    ]);
    const fetches = gc.requests.filter((r) => r.includes('/transactions/'));
    expect(fetches).toHaveLength(1);
    // From the link's first day (within the 30-day look-back).
    expect(fetches[0]).toContain('date_from=2024-03-01');
    const [link] = await t.server.context.storage.bankHold.listLinks();
    expect(link).toMatchObject({ requisitionId: 'req-1', lastError: null });
  });

  it('keeps an expired consent as login-required and holds nothing', async () => {
    const token = await setUp();
    gc.requisitions.get('req-1')!.status = 'EX';
    expect(await t.server.context.bankSchedule.runOnce()).toMatchObject({ fetched: 1, failed: 1 });
    expect(await held(token)).toEqual([]);
    const [link] = await t.server.context.storage.bankHold.listLinks();
    expect(link?.lastError).toBe('login-required');
    const seen = [...answers.map((a) => a.text), ...t.logs].join('\n');
    expect(seen).not.toContain(gc.secretKey);
  });

  it('keeps a provider failure as its kind', async () => {
    await setUp();
    gc.failNext('/accounts/gc-acc-1/transactions', 503);
    expect(await t.server.context.bankSchedule.runOnce()).toMatchObject({ fetched: 1, failed: 1 });
    const [link] = await t.server.context.storage.bankHold.listLinks();
    expect(link?.lastError).toBe('service-unavailable');
  });
});

describe('GoCardless held rows, imported by the core', () => {
  it('registers the link with its requisition and imports what the run held', async () => {
    const c = await startBankClient({}, { start: Date.now() });
    try {
      await c.configure();
      c.addAccount('acc-1', { booked: [tx('gc-old', daysAgo(3), '-1.00')] });
      const requisitionId = await c.requisition(['acc-1']);
      const polled = await c.must<{ data: { accounts: { account_id: string }[] } }>(
        'gocardless-poll-web-token',
        { upgradingAccountId: null, requisitionId },
      );
      const account = polled.data.accounts[0]!;
      expect(
        await c.send('gocardless-accounts-link', { requisitionId, account, upgradingId: null }),
      ).toBe('ok');
      await c.must('upload-budget');
      const fileId = c.core.budget!.prefs.cloudFileId!;
      await c.must('bank-schedule-set', { enabled: true, intervalMinutes: 60 });
      expect(await c.send('bank-held-import')).toEqual({
        imported: 0,
        matched: 0,
        scheduled: true,
        notScheduled: [],
      });
      const links = await c.server.server.context.storage.bankHold.listLinks();
      expect(links.map((l) => [l.provider, l.accountId, l.requisitionId])).toEqual([
        ['gocardless', 'acc-1', requisitionId],
      ]);

      c.fake.accounts.get('acc-1')!.booked.push(tx('gc-new', daysAgo(1), '-7.25'));
      expect(await c.server.server.context.bankSchedule.runOnce()).toMatchObject({
        fetched: 1,
        failed: 0,
      });
      expect(await c.send('bank-held-import')).toEqual({
        imported: 1,
        matched: 0,
        scheduled: true,
        notScheduled: [],
      });
      const ids = c
        .sql()
        .all<{ financial_id: string; amount: number }>(
          "SELECT financial_id, amount FROM transactions WHERE financial_id LIKE 'gc-%' AND tombstone = 0 ORDER BY financial_id",
        );
      expect(ids).toEqual([
        { financial_id: 'gc-new', amount: -725 },
        { financial_id: 'gc-old', amount: -100 },
      ]);
      expect(await c.server.server.context.storage.bankHold.held(fileId)).toEqual([]);
    } finally {
      await c.close();
    }
  });
});
