import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoCardless, type FakeProvider } from '../test-helpers/fake-gocardless.ts';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';

let t: TestServer;
let fake: FakeProvider;
let token: string;

const sha = (s: string) => createHash('sha256').update(s).digest('base64');

beforeEach(async () => {
  fake = await startFakeGoCardless();
  t = await startTestServer({ gocardlessBaseUrl: fake.url });
  token = await bootstrap(t.url);
  fake.accounts.set('acc-1', {
    id: 'acc-1',
    institutionId: 'TESTBANK_TSTBGB2L',
    iban: 'GB33BUKB20201555555555',
    name: 'Main account',
    currency: 'GBP',
    product: 'Current Account',
    balances: [
      { balanceAmount: { amount: '900.00', currency: 'GBP' }, balanceType: 'interimAvailable' },
      { balanceAmount: { amount: '1000.50', currency: 'GBP' }, balanceType: 'closingBooked' },
    ],
    booked: [
      {
        transactionId: 't1',
        bookingDate: '2024-03-01',
        transactionAmount: { amount: '-20.25', currency: 'GBP' },
        creditorName: 'COFFEE SHOP LTD',
        remittanceInformationUnstructured: 'card payment',
      },
      {
        transactionId: 't2',
        bookingDate: '2024-03-05',
        transactionAmount: { amount: '500.00', currency: 'GBP' },
        debtorName: 'Employer plc',
        debtorAccount: { iban: 'GB11EMPL00000012345678' },
      },
      { transactionId: 'undated', transactionAmount: { amount: '1.00' } },
    ],
    pending: [
      {
        valueDate: '2024-03-07',
        transactionAmount: { amount: '-3.10', currency: 'GBP' },
        creditorName: 'Bus',
      },
    ],
  });
});

afterEach(async () => {
  await t.stop();
  await fake.close();
});

const post = (path: string, json: unknown = {}) =>
  call(t.url, 'POST', `/gocardless${path}`, { token, json });

async function configure() {
  for (const [name, value] of [
    ['gocardless_secretId', fake.secretId],
    ['gocardless_secretKey', fake.secretKey],
  ]) {
    await call(t.url, 'POST', '/secret', { token, json: { name, value } });
  }
}

describe('the GoCardless proxy', () => {
  it('needs a session and reports whether it is configured', async () => {
    expect((await call(t.url, 'POST', '/gocardless/status', { json: {} })).status).toBe(401);
    expect((await post('/status')).json).toEqual({ status: 'ok', data: { configured: false } });
    const notSet = await post('/get-banks', { country: 'GB' });
    expect(notSet.json.status).toBe('ok');
    expect(notSet.json.data.error_code).toBe('INTERNAL_ERROR');
    await configure();
    expect((await post('/status')).json).toEqual({ status: 'ok', data: { configured: true } });
    // The 23.8 name of the same router.
    const old = await call(t.url, 'POST', '/nordigen/status', { token, json: {} });
    expect(old.json.data.configured).toBe(true);
  });

  it('lists banks by country, with the demo bank first on request, reusing its token', async () => {
    await configure();
    let res = await post('/get-banks', { country: 'gb', showDemo: false });
    expect(res.json.data.map((b: { id: string }) => b.id)).toEqual(['TESTBANK_TSTBGB2L']);
    res = await post('/get-banks', { country: 'DE', showDemo: true });
    expect(res.json.data.map((b: { id: string }) => b.id)).toEqual([
      'SANDBOXFINANCE_SFIN0000',
      'OTHERBANK_OTHRDEFF',
    ]);
    expect(fake.requests.filter((r) => r.includes('/token/new/'))).toHaveLength(1);
  });

  it('creates a requisition link, polls until linked, then returns normalized accounts', async () => {
    await configure();
    const res = await call(t.url, 'POST', '/gocardless/create-web-token', {
      token,
      json: { institutionId: 'TESTBANK_TSTBGB2L', accessValidForDays: 90 },
      headers: { origin: 'https://budget.example' },
    });
    const { link, requisitionId } = res.json.data;
    expect(link).toContain(requisitionId);
    const requisition = fake.requisitions.get(requisitionId)!;
    expect(requisition.redirect).toBe('https://budget.example/gocardless/link');
    const agreement = fake.agreements.get(requisition.agreement)!;
    expect(agreement).toMatchObject({ max_historical_days: 540, access_valid_for_days: 90 });

    let accounts = await post('/get-accounts', { requisitionId });
    expect(accounts.json).toEqual({ status: 'ok', requisitionStatus: 'CR' });

    fake.link(requisitionId, ['acc-1']);
    accounts = await post('/get-accounts', { requisitionId });
    expect(accounts.json.status).toBe('ok');
    expect(accounts.json.data.id).toBe(requisitionId);
    expect(accounts.json.data.accounts).toEqual([
      {
        account_id: 'acc-1',
        institution: expect.objectContaining({ id: 'TESTBANK_TSTBGB2L', name: 'Test Bank' }),
        mask: '5555',
        iban: sha('GB33BUKB20201555555555'),
        name: 'Main account (XXX 5555) GBP',
        official_name: 'Current Account',
        type: 'checking',
      },
    ]);

    const page = await call(t.url, 'GET', '/gocardless/link');
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('returns transactions with a starting balance, and typed errors with status 200', async () => {
    await configure();
    const created = await post('/create-web-token', { institutionId: 'TESTBANK_TSTBGB2L' });
    const requisitionId = created.json.data.requisitionId as string;
    const args = {
      requisitionId,
      accountId: 'acc-1',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    };

    let res = await post('/transactions', args);
    expect(res.json.data).toMatchObject({
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOGIN_REQUIRED',
      status: 'expired',
    });

    fake.link(requisitionId, ['acc-1']);
    res = await post('/transactions', args);
    expect(res.json.status).toBe('ok');
    const data = res.json.data;
    expect(data.institutionId).toBe('TESTBANK_TSTBGB2L');
    expect(data.iban).toBe(sha('GB33BUKB20201555555555'));
    // closingBooked 1000.50 minus booked (-20.25 + 500.00) = 520.75
    expect(data.startingBalance).toBe(52075);
    expect(data.balances).toHaveLength(2);
    expect(data.transactions.booked.map((t: { transactionId: string }) => t.transactionId)).toEqual(
      ['t2', 't1'],
    );
    expect(data.transactions.booked[0]).toMatchObject({
      date: '2024-03-05',
      payeeName: 'Employer plc (GB11 XXX 5678)',
    });
    expect(data.transactions.booked[1]).toMatchObject({
      payeeName: 'Coffee Shop Ltd',
      notes: 'card payment',
    });
    expect(data.transactions.pending).toHaveLength(1);
    expect(
      data.transactions.all.map((t: { booked: boolean; date: string }) => [t.date, t.booked]),
    ).toEqual([
      // Sorted on booking date first: a pending one with only a value date comes last.
      ['2024-03-05', true],
      ['2024-03-01', true],
      ['2024-03-07', false],
    ]);

    res = await post('/transactions', { ...args, accountId: 'acc-other' });
    expect(res.json.data).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_ACCESS_TOKEN',
    });

    fake.failNext('/accounts/acc-1/transactions', 429);
    res = await post('/transactions', args);
    expect(res.json.data).toMatchObject({
      error_type: 'RATE_LIMIT_EXCEEDED',
      error_code: 'NORDIGEN_ERROR',
    });

    fake.failNext('/accounts/acc-1/balances', 503);
    res = await post('/transactions', args);
    expect(res.json.data).toMatchObject({ error_type: 'SYNC_ERROR', error_code: 'NORDIGEN_ERROR' });

    res = await post('/transactions', { ...args, includeBalance: false });
    expect(res.json.data.startingBalance).toBeUndefined();
    expect(res.json.data.transactions.booked).toHaveLength(2);

    // The consent still lists the account, but the bank has closed it.
    fake.failNext('/accounts/acc-1/transactions', 404);
    res = await post('/transactions', args);
    expect(res.json.data).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'NO_ACCOUNTS' });
  });

  it('removes a requisition, and reports an unknown one', async () => {
    await configure();
    const created = await post('/create-web-token', { institutionId: 'TESTBANK_TSTBGB2L' });
    const requisitionId = created.json.data.requisitionId as string;
    let res = await post('/remove-account', { requisitionId });
    expect(res.json.status).toBe('ok');
    expect(res.json.data.summary).toBe('Requisition deleted');
    expect(fake.requisitions.has(requisitionId)).toBe(false);
    res = await post('/remove-account', { requisitionId });
    expect(res.json.data.error_code).toBe('INTERNAL_ERROR');
  });

  it('gets a new provider token after the provider rejects the old one', async () => {
    await configure();
    await post('/get-banks', { country: 'GB' });
    fake.failNext('/institutions/', 401);
    const failed = await post('/get-banks', { country: 'GB' });
    expect(failed.json.data.error_code).toBe('INTERNAL_ERROR');
    const ok = await post('/get-banks', { country: 'GB' });
    expect(ok.json.data).toHaveLength(1);
    expect(fake.requests.filter((r) => r.includes('/token/new/'))).toHaveLength(2);
  });
});
