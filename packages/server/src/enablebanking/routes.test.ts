import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fillEnableBanking } from '../test-helpers/bank-scenarios.ts';
import {
  startFakeEnableBanking,
  type EbFailure,
  type FakeEnableBanking,
} from '../test-helpers/fake-enablebanking.ts';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';
import { readPrivateKey, signJwt } from './jwt.ts';
import { psuHeaders } from './routes.ts';

let t: TestServer;
let fake: FakeEnableBanking;
let token: string;
let answers: string[];

beforeEach(async () => {
  fake = await startFakeEnableBanking();
  fillEnableBanking(fake);
  t = await startTestServer({ enableBankingBaseUrl: fake.url, bankTimeoutMs: 1_000 });
  token = await bootstrap(t.url);
  answers = [];
});

afterEach(async () => {
  await t.stop();
  await fake.close();
});

const post = async (path: string, json: unknown = {}) => {
  const res = await call(t.url, 'POST', `/enablebanking${path}`, { token, json });
  answers.push(res.text);
  return res;
};

const configure = () =>
  post('/configure', { applicationId: fake.applicationId, secretKey: fake.privateKeyPem });

/** Starts a consent whose bank redirects to the server's callback; returns its state and URL. */
async function startConsent() {
  const res = await post('/start-auth', {
    aspsp: { name: 'Nordea', country: 'FI' },
    redirectUrl: `${t.url}/enablebanking/auth_callback`,
    maxConsentValidity: 15552000,
  });
  return res.json.data as { url: string; state: string };
}

/** A consent completed by the client posting the code, as Actual's web app does. */
async function linkedSession(): Promise<string> {
  await configure();
  const { url, state } = await startConsent();
  const code = new URL(fake.consent(url)).searchParams.get('code');
  const res = await post('/complete-auth', { code, state });
  return res.json.data.session_id as string;
}

describe('Enable Banking set-up', () => {
  it('stores the application only when a request signed with its key is accepted', async () => {
    expect((await call(t.url, 'POST', '/enablebanking/status', { json: {} })).status).toBe(401);
    expect((await post('/status')).json.data).toEqual({ configured: false });
    expect(
      (await post('/configure', { applicationId: fake.applicationId })).json.data,
    ).toMatchObject({ error_code: 'INVALID_INPUT' });
    const notPem = await post('/configure', {
      applicationId: fake.applicationId,
      secretKey: 'hello',
    });
    expect(notPem.json.data).toEqual({
      error_code: 'CONFIGURATION_FAILED',
      error_type: 'The private key is not an RSA private key in PEM format',
    });
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const wrongKey = await post('/configure', {
      applicationId: fake.applicationId,
      secretKey: otherKey,
    });
    expect(wrongKey.json.data).toEqual({
      error_code: 'CONFIGURATION_FAILED',
      error_type: 'JWT signature is not valid',
    });
    const wrongApp = await post('/configure', {
      applicationId: 'nope',
      secretKey: fake.privateKeyPem,
    });
    expect(wrongApp.json.data.error_type).toBe('Unknown application');
    expect((await post('/status')).json.data).toEqual({ configured: false });

    expect((await configure()).json.data).toEqual({ configured: true });
    expect((await post('/status')).json.data).toEqual({ configured: true });
    // The text that is no key never reached the API; the three signed checks did.
    expect(fake.requests.filter((r) => r === 'GET /application')).toHaveLength(3);
    const keyLines = fake.privateKeyPem.split('\n').filter((l) => l.length > 40);
    for (const text of [...answers, ...t.logs]) {
      for (const line of keyLines) expect(text).not.toContain(line);
    }
  });

  it('signs with the issuer and audience Enable Banking checks', async () => {
    const key = readPrivateKey(fake.privateKeyPem)!;
    const jwt = signJwt(fake.applicationId, key, Date.now());
    const [, payload] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'enablebanking.com', aud: 'api.enablebanking.com' });
    expect(claims.exp - claims.iat).toBe(3600);
    const ok = await fetch(`${fake.url}/application`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(ok.status).toBe(200);
    // The fake refuses a token that expired an hour ago: it checks what it says it checks.
    const stale = signJwt(fake.applicationId, key, Date.now() - 2 * 3600_000);
    const refused = await fetch(`${fake.url}/application`, {
      headers: { authorization: `Bearer ${stale}` },
    });
    expect(refused.status).toBe(401);
  });

  it('lists the application’s countries, and a country’s banks with logos and longest consent', async () => {
    expect((await post('/aspsps', { country: 'FI' })).json.data).toEqual({
      error: 'Enable Banking is not set up on this server',
    });
    await configure();
    expect((await post('/countries')).json.data).toEqual({ countries: ['FI', 'DE'] });
    const res = await post('/aspsps', { country: 'FI' });
    expect(res.json.data.aspsps.map((a: { name: string }) => a.name)).toEqual([
      'Nordea',
      'Mock ASPSP',
    ]);
    expect(res.json.data.aspsps[0]).toMatchObject({
      logo: 'https://enablebanking.com/brands/FI/Nordea/',
      maximum_consent_validity: 15552000,
    });
  });
});

describe('Enable Banking consent', () => {
  beforeEach(async () => {
    await configure();
  });

  it('starts a consent no longer than 90 days and hands the redirect’s session to the poll', async () => {
    const before = Date.now();
    const { url, state } = await startConsent();
    const auth = [...fake.authorizations.values()][0]!;
    expect(auth.state).toBe(state);
    expect(Date.parse(auth.validUntil) - before).toBeLessThanOrEqual(90 * 86400_000 + 60_000);
    expect(Date.parse(auth.validUntil) - before).toBeGreaterThan(89 * 86400_000);

    const polled = post('/poll-auth', { state });
    // The person consents; the bank sends the browser to the server's callback.
    const page = await fetch(fake.consent(url, ['eb-acc-main']));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your bank consent is complete');
    const result = (await polled).json.data;
    expect(result.session_id).toMatch(/^session-/);
    expect(result.aspsp).toEqual({ name: 'Nordea', country: 'FI' });
    expect(result.accounts).toEqual([
      {
        account_id: 'eb-acc-main',
        name: 'Käyttötili',
        institution: 'Nordea',
        currency: 'EUR',
        iban: 'FI2112345600000785',
        balance: 100055,
        balances: [
          {
            balanceAmount: { amount: 98010, currency: 'EUR' },
            balanceType: 'ITAV',
            referenceDate: '2024-03-20',
          },
          {
            balanceAmount: { amount: 100055, currency: 'EUR' },
            balanceType: 'CLAV',
            referenceDate: '2024-03-20',
          },
        ],
      },
    ]);
  });

  it('keeps a consent completed by the client for the poll that comes after it', async () => {
    const { url, state } = await startConsent();
    const code = new URL(fake.consent(url)).searchParams.get('code');
    const done = await post('/complete-auth', { code, state });
    expect(done.json.data.accounts.map((a: { account_id: string }) => a.account_id)).toEqual([
      'eb-acc-main',
      'eb-acc-card',
    ]);
    expect(done.json.data.accounts[1]).toMatchObject({
      name: 'FI7944052020036082',
      balance: -12000,
    });
    const polled = await post('/poll-auth', { state });
    expect(polled.json.data).toEqual(done.json.data);
    // A code is good once.
    const again = await post('/complete-auth', { code, state });
    expect(again.json.data).toEqual({ error: 'Authorization code is not valid' });
  });
});

describe('Enable Banking transactions', () => {
  it('reads every page, signs amounts, picks payees and leaves out rows it cannot import', async () => {
    await linkedSession();
    const res = await post('/transactions', { accountId: 'eb-acc-main', startDate: '2024-03-01' });
    const data = res.json.data;
    const pages = fake.requests.filter((r) =>
      r.startsWith('GET /accounts/eb-acc-main/transactions'),
    );
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('date_from=2024-03-01');
    expect(pages[0]).toContain(`date_to=${new Date().toISOString().slice(0, 10)}`);
    expect(data.startingBalance).toBe(100055);
    const brief = (rows: Record<string, unknown>[]) =>
      rows.map((r) => [
        r.transactionId,
        r.date,
        (r.transactionAmount as { amount: string }).amount,
        r.payeeName,
        r.notes,
      ]);
    expect(brief(data.transactions.booked)).toEqual([
      ['eb-t1', '2024-03-01', '-20.25', 'K-Market', 'Groceries 12345'],
      ['eb-t2', '2024-03-05', '2000.00', 'Employer Oy', undefined],
      ['eb-t3', '2024-03-07', '-3.10', 'HSL mobile ticket', 'HSL mobile ticket'],
    ]);
    expect(brief(data.transactions.pending)).toEqual([
      ['eb-p1', '2024-03-19', '-45.00', 'Restaurant', undefined],
    ]);
    expect(data.transactions.all).toHaveLength(4);
    expect(data.transactions.pending[0].booked).toBe(false);
  });

  it('answers an expired consent with login required, and an unknown account as not found', async () => {
    const session = await linkedSession();
    const live = await post('/session', { sessionId: session });
    expect(live.json.data.status).toBe('AUTHORIZED');
    expect(Date.parse(live.json.data.validUntil)).toBeGreaterThan(Date.now() + 89 * 86400_000);
    fake.expire(session);
    expect((await post('/session', { sessionId: session })).json.data.status).toBe('EXPIRED');
    const expired = await post('/transactions', {
      accountId: 'eb-acc-main',
      startDate: '2024-03-01',
    });
    expect(expired.json.data).toEqual({
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOGIN_REQUIRED',
    });
    const unknown = await post('/transactions', { accountId: 'eb-nope', startDate: '2024-03-01' });
    expect(unknown.json.data).toEqual({ error_type: 'INVALID_INPUT', error_code: 'NOT_FOUND' });
    const missing = await post('/transactions', { accountId: 'eb-acc-main' });
    expect(missing.json.data.error_code).toBe('INVALID_INPUT');
  });

  it.each<[EbFailure, string, string]>([
    [401, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
    [403, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
    [429, 'RATE_LIMIT_EXCEEDED', 'RATE_LIMIT_EXCEEDED'],
    [500, 'SERVER_DOWN', 'SERVER_DOWN'],
    [503, 'SERVER_DOWN', 'SERVER_DOWN'],
    ['malformed', 'SERVER_DOWN', 'SERVER_DOWN'],
    ['hang', 'TIMED_OUT', 'TIMED_OUT'],
  ])(
    'maps an API answering %s to %s/%s, without a secret in sight',
    async (failure, type, code) => {
      await linkedSession();
      fake.failNext('/accounts/eb-acc-main/transactions', failure);
      const res = await post('/transactions', {
        accountId: 'eb-acc-main',
        startDate: '2024-03-01',
      });
      expect(res.json.data).toEqual({ error_type: type, error_code: code });
      const keyLines = fake.privateKeyPem.split('\n').filter((l) => l.length > 40);
      for (const text of [...answers, ...t.logs]) {
        for (const line of keyLines) expect(text).not.toContain(line);
        expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
      }
    },
  );
});

describe('the person’s headers', () => {
  it('are passed on for a public address only', () => {
    expect(psuHeaders('93.184.216.34', 'Firefox')).toEqual({
      'Psu-Ip-Address': '93.184.216.34',
      'Psu-User-Agent': 'Firefox',
    });
    expect(psuHeaders('2001:db8::5', null)).toEqual({ 'Psu-Ip-Address': '2001:db8::5' });
    expect(psuHeaders('127.0.0.1', 'Firefox')).toEqual({});
    expect(psuHeaders('192.168.1.4', 'Firefox')).toEqual({});
    expect(psuHeaders(undefined, 'Firefox')).toEqual({});
  });
});
