import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fillSimpleFin } from '../test-helpers/bank-scenarios.ts';
import {
  startFakeSimpleFin,
  type FakeSimpleFin,
  type SimpleFinFailure,
} from '../test-helpers/fake-simplefin.ts';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';

let t: TestServer;
let fake: FakeSimpleFin;
let token: string;
/** Every answer body of the test, to look for secrets in. */
let answers: string[];

beforeEach(async () => {
  fake = await startFakeSimpleFin();
  fillSimpleFin(fake);
  t = await startTestServer({ bankTimeoutMs: 1_000 });
  token = await bootstrap(t.url);
  answers = [];
});

afterEach(async () => {
  await t.stop();
  await fake.close();
});

const post = async (path: string, json: unknown = {}) => {
  const res = await call(t.url, 'POST', `/simplefin${path}`, { token, json });
  answers.push(res.text);
  return res;
};

const setToken = (value: string) =>
  call(t.url, 'POST', '/secret', { token, json: { name: 'simplefin_token', value } });

const claims = () => fake.requests.filter((r) => r.startsWith('POST /claim/')).length;

describe('SimpleFIN set-up', () => {
  it('claims the setup token once, keeps the access URL, and lists accounts with balances', async () => {
    expect((await call(t.url, 'POST', '/simplefin/status', { json: {} })).status).toBe(401);
    expect((await post('/status')).json).toEqual({ status: 'ok', data: { configured: false } });
    const setup = fake.setupToken();
    await setToken(setup);
    expect((await post('/status')).json.data).toEqual({ configured: true });

    const first = await post('/accounts');
    expect(first.json.status).toBe('ok');
    const accounts = first.json.data.accounts;
    expect(accounts.map((a: { id: string }) => a.id)).toEqual(['ACT-checking', 'ACT-savings']);
    expect(accounts[0]).toMatchObject({
      balance: '1520.35',
      'available-balance': '1500.00',
      org: { name: 'My Bank', domain: 'mybank.example' },
    });
    expect(accounts[0].transactions).toBeUndefined();
    expect(fake.requests.at(-1)).toContain('balances-only=1');

    await post('/accounts');
    expect(claims()).toBe(1);
    const stored = await call(t.url, 'GET', '/secret/simplefin_accessKey', { token });
    expect(stored.status).toBe(204);
    for (const text of [...answers, ...t.logs, stored.text]) {
      for (const secret of [setup, fake.accessUrl, fake.password]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('answers a used or malformed setup token with a clear error and stores nothing', async () => {
    const used = fake.setupToken();
    await fetch(Buffer.from(used, 'base64').toString(), { method: 'POST' });
    await setToken(used);
    const res = await post('/accounts');
    expect(res.json.data).toMatchObject({
      error_type: 'INVALID_ACCESS_TOKEN',
      error_code: 'INVALID_ACCESS_TOKEN',
      reason: expect.stringContaining('already claimed or is not valid'),
    });
    expect((await call(t.url, 'GET', '/secret/simplefin_accessKey', { token })).status).toBe(404);

    await setToken('not a token at all');
    expect((await post('/accounts')).json.data.error_code).toBe('INVALID_ACCESS_TOKEN');

    // A fresh token then works: the failed claims left nothing behind.
    await setToken(fake.setupToken());
    expect((await post('/accounts')).json.data.accounts).toHaveLength(2);
  });

  it('does not call a link-local address a token points at', async () => {
    await setToken(Buffer.from('http://169.254.169.254/latest/meta-data').toString('base64'));
    const res = await post('/accounts');
    expect(res.json.data).toMatchObject({
      error_code: 'INVALID_ACCESS_TOKEN',
      reason: 'The SimpleFIN Bridge address is not one this server calls',
    });
  });

  it('claims a newly entered token instead of reusing the old access', async () => {
    await setToken(fake.setupToken());
    await post('/accounts');
    await setToken(fake.setupToken());
    await post('/accounts');
    expect(claims()).toBe(2);
  });
});

describe('SimpleFIN transactions', () => {
  beforeEach(async () => {
    await setToken(fake.setupToken());
    await post('/accounts');
  });

  it('answers one account with balances, starting balance and posted and pending rows', async () => {
    const res = await post('/transactions', { accountId: 'ACT-checking', startDate: '2024-03-01' });
    const data = res.json.data;
    expect(data.startingBalance).toBe(152035);
    expect(data.balances).toEqual([
      {
        balanceAmount: { amount: '1520.35', currency: 'USD' },
        balanceType: 'expected',
        referenceDate: '2024-03-20',
      },
      {
        balanceAmount: { amount: '1520.35', currency: 'USD' },
        balanceType: 'interimAvailable',
        referenceDate: '2024-03-20',
      },
    ]);
    expect(data.transactions.all.map((r: { transactionId: string }) => r.transactionId)).toEqual([
      'TRN-gas',
      'TRN-pay',
      'TRN-coffee',
    ]);
    expect(data.transactions.pending).toEqual([
      {
        booked: false,
        sortOrder: Date.parse('2024-03-19T18:00:00Z') / 1000,
        date: '2024-03-19',
        payeeName: 'Gas Station',
        notes: 'GAS STATION 44',
        transactionAmount: { amount: '-45.10', currency: 'USD' },
        transactionId: 'TRN-gas',
        transactedDate: '2024-03-19',
      },
    ]);
    expect(data.transactions.booked.at(-1)).toMatchObject({
      date: '2024-03-02',
      transactedDate: '2024-03-01',
      postedDate: '2024-03-02',
    });
    const asked = new URL(fake.url + fake.requests.at(-1)!.split(' ')[1]);
    expect(asked.searchParams.get('start-date')).toBe(String(Date.parse('2024-03-01') / 1000));
    expect(asked.searchParams.get('pending')).toBe('1');
  });

  it('answers several accounts in one call, each from its own start, with per-account errors', async () => {
    fake.errors.push('Connection to Other CU may need attention');
    const res = await post('/transactions', {
      accountId: ['ACT-checking', 'ACT-savings', 'ACT-gone'],
      startDate: ['2024-03-03', '2024-03-01', '2024-03-01'],
    });
    const data = res.json.data;
    expect(fake.requests.filter((r) => r.startsWith('GET /simplefin/accounts'))).toHaveLength(2);
    expect(fake.requests.at(-1)).toContain(
      'account=ACT-checking&account=ACT-savings&account=ACT-gone',
    );
    expect(
      data['ACT-checking'].transactions.all.map((r: { transactionId: string }) => r.transactionId),
    ).toEqual(['TRN-gas', 'TRN-pay']);
    expect(data['ACT-savings'].startingBalance).toBe(1000004);
    expect(data).not.toHaveProperty('ACT-gone');
    expect(data.errors).toEqual({
      'ACT-savings': [expect.objectContaining({ error_code: 'ACCOUNT_NEEDS_ATTENTION' })],
      'ACT-gone': [expect.objectContaining({ error_code: 'ACCOUNT_MISSING' })],
    });
  });

  it('answers an unknown single account with its error', async () => {
    const res = await post('/transactions', { accountId: 'ACT-gone', startDate: '2024-03-01' });
    expect(res.json.data).toMatchObject({
      error_type: 'ACCOUNT_MISSING',
      error_code: 'ACCOUNT_MISSING',
    });
  });

  it('refuses a body whose accounts and start dates do not pair up', async () => {
    const res = await post('/transactions', {
      accountId: ['ACT-checking', 'ACT-savings'],
      startDate: '2024-03-01',
    });
    expect(res.json.data.error_code).toBe('INVALID_INPUT');
  });

  it.each<[SimpleFinFailure, string, string]>([
    [403, 'INVALID_ACCESS_TOKEN', 'INVALID_ACCESS_TOKEN'],
    [402, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
    [429, 'RATE_LIMIT_EXCEEDED', 'RATE_LIMIT_EXCEEDED'],
    [500, 'SERVER_DOWN', 'SERVER_DOWN'],
    [503, 'SERVER_DOWN', 'SERVER_DOWN'],
    ['malformed', 'SERVER_DOWN', 'SERVER_DOWN'],
    ['hang', 'SERVER_DOWN', 'SERVER_DOWN'],
  ])(
    'maps a bridge answering %s to %s/%s, without a secret in sight',
    async (failure, type, code) => {
      if (failure === 403) {
        // The bridge revokes the access: the stored credentials no longer match.
        fake.password = 'revoked';
      } else {
        fake.failNext(failure);
      }
      const res = await post('/transactions', {
        accountId: 'ACT-checking',
        startDate: '2024-03-01',
      });
      expect(res.json.status).toBe('ok');
      expect(res.json.data).toMatchObject({
        error_type: type,
        error_code: code,
        status: 'rejected',
      });
      const secrets = [fake.accessUrl, 'sfin-pass-c91e4b2d', 'sfin-user-7f3a'];
      for (const text of [...answers, ...t.logs]) {
        for (const secret of secrets) expect(text).not.toContain(secret);
      }
    },
  );
});
