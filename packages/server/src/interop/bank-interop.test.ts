/**
 * Actual 26.9's sync-server and Coffer's server, each with its own fresh SimpleFIN and Enable
 * Banking fakes holding the same scenario, take the same requests; their JSON answers are
 * compared route by route. Actual's server reaches the Enable Banking fake through
 * `fetch-redirect.mjs` (its base URL is fixed); SimpleFIN's URL travels in the setup token.
 *
 * Compared as they are: every field and code. Masked: the consent's random `state` and page
 * URL, and human texts (`reason`, `error`, and the `error_type` that carries a text next to
 * INVALID_INPUT), which Coffer writes in its own words. Where Coffer answers differently on
 * purpose, the test says so and checks both answers.
 */
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillEnableBanking, fillSimpleFin } from '../test-helpers/bank-scenarios.ts';
import {
  startFakeEnableBanking,
  type FakeEnableBanking,
} from '../test-helpers/fake-enablebanking.ts';
import { startFakeSimpleFin, type FakeSimpleFin } from '../test-helpers/fake-simplefin.ts';
import { bootstrap, call, startTestServer } from '../test-helpers/harness.ts';
import { startActualServer } from './targets.ts';

type Answers = Map<string, unknown>;

interface Run {
  answers: Answers;
  stop(): Promise<void>;
}

const TEXT_CODES = new Set(['INVALID_INPUT', 'CONFIGURATION_FAILED']);

/** The answer with its random parts and free texts replaced by placeholders. */
function mask(value: unknown, fakeUrls: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => mask(v, fakeUrls));
  if (typeof value === 'string') {
    return fakeUrls.reduce((s, url) => s.split(url).join('<fake>'), value);
  }
  if (!value || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'reason' || k === 'error') out[k] = typeof v;
    else if (k === 'state') out[k] = '<state>';
    else if (k === 'url' && typeof v === 'string') {
      out[k] = String(mask(v, fakeUrls)).replace(/consent\/.*/, 'consent/<id>');
    } else if (k === 'error_type' && TEXT_CODES.has(String(obj.error_code))) out[k] = typeof v;
    else out[k] = mask(v, fakeUrls);
  }
  return out;
}

/** The same requests, in the same order, against one server and its own fakes. */
async function scenario(base: string, sf: FakeSimpleFin, eb: FakeEnableBanking): Promise<Answers> {
  const token = await bootstrap(base, 'interop bank password');
  const answers: Answers = new Map();
  const post = async (label: string, path: string, json: unknown = {}) => {
    const res = await call(base, 'POST', path, { token, json });
    expect(res.status, `${label}: ${res.text}`).toBe(200);
    answers.set(label, mask(res.json, [sf.url, eb.url, base]));
    return res.json;
  };
  const secret = (name: string, value: string) =>
    call(base, 'POST', '/secret', { token, json: { name, value } });

  // SimpleFIN
  await post('sf status, not set up', '/simplefin/status');
  await post('sf accounts, not set up', '/simplefin/accounts');
  const used = sf.setupToken();
  await fetch(Buffer.from(used, 'base64').toString(), { method: 'POST' });
  await secret('simplefin_token', used);
  await post('sf accounts, used token', '/simplefin/accounts');
  await secret('simplefin_token', sf.setupToken());
  await post('sf status', '/simplefin/status');
  await post('sf accounts', '/simplefin/accounts');
  const one = { accountId: 'ACT-checking', startDate: '2024-03-01' };
  await post('sf transactions, one account', '/simplefin/transactions', one);
  await post('sf transactions, unknown account', '/simplefin/transactions', {
    accountId: 'ACT-gone',
    startDate: '2024-03-01',
  });
  sf.errors.push('Connection to Other CU may need attention');
  await post('sf transactions, several accounts', '/simplefin/transactions', {
    accountId: ['ACT-checking', 'ACT-savings', 'ACT-gone'],
    startDate: ['2024-03-03', '2024-03-01', '2024-03-01'],
  });
  sf.errors.length = 0;
  for (const failure of [500, 503, 'malformed', 429] as const) {
    sf.failNext(failure);
    await post(`sf transactions, bridge ${failure}`, '/simplefin/transactions', one);
  }
  const password = sf.password;
  sf.password = 'revoked';
  await post('sf transactions, access revoked', '/simplefin/transactions', one);
  sf.password = password;

  // Enable Banking
  await post('eb status, not set up', '/enablebanking/status');
  await post('eb configure, no key', '/enablebanking/configure', { applicationId: 'x' });
  await post('eb configure, wrong key', '/enablebanking/configure', {
    applicationId: eb.applicationId,
    secretKey: OTHER_KEY,
  });
  await post('eb configure', '/enablebanking/configure', {
    applicationId: eb.applicationId,
    secretKey: eb.privateKeyPem,
  });
  await post('eb status', '/enablebanking/status');
  await post('eb aspsps', '/enablebanking/aspsps', { country: 'FI' });
  const start = { aspsp: { name: 'Nordea', country: 'FI' }, maxConsentValidity: 15552000 };
  const first = await post('eb start-auth', '/enablebanking/start-auth', {
    ...start,
    redirectUrl: 'https://budget.example/enablebanking/auth_callback',
  });
  const code = new URL(eb.consent(first.data.url)).searchParams.get('code');
  await post('eb complete-auth', '/enablebanking/complete-auth', { code, state: first.data.state });
  await post('eb poll-auth after complete', '/enablebanking/poll-auth', {
    state: first.data.state,
  });
  const second = await call(base, 'POST', '/enablebanking/start-auth', {
    token,
    json: { ...start, redirectUrl: `${base}/enablebanking/auth_callback` },
  });
  const polled = post('eb poll-auth, bank redirect', '/enablebanking/poll-auth', {
    state: second.json.data.state,
  });
  // Give the poll a moment to be waiting: either order must give the same answer.
  await new Promise((r) => setTimeout(r, 200));
  await fetch(eb.consent(second.json.data.url, ['eb-acc-card']));
  await polled;
  const tx = (accountId: string) => ({ accountId, startDate: '2024-03-01' });
  await post('eb transactions', '/enablebanking/transactions', tx('eb-acc-main'));
  await post('eb transactions, card', '/enablebanking/transactions', tx('eb-acc-card'));
  await post('eb transactions, unknown', '/enablebanking/transactions', tx('eb-nope'));
  for (const failure of [401, 429, 500] as const) {
    eb.failNext('/accounts/eb-acc-main/transactions', failure);
    await post(`eb transactions, api ${failure}`, '/enablebanking/transactions', tx('eb-acc-main'));
  }
  eb.expire('session-0003');
  await post('eb transactions, consent expired', '/enablebanking/transactions', tx('eb-acc-main'));
  return answers;
}

/** An RSA key that is not the application's. */
const OTHER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

async function startFakes() {
  const sf = await startFakeSimpleFin();
  const eb = await startFakeEnableBanking();
  fillSimpleFin(sf);
  fillEnableBanking(eb);
  return { sf, eb, close: async () => void (await Promise.all([sf.close(), eb.close()])) };
}

async function runCoffer(): Promise<Run> {
  const fakes = await startFakes();
  const server = await startTestServer({ enableBankingBaseUrl: fakes.eb.url });
  const answers = await scenario(server.url, fakes.sf, fakes.eb);
  return {
    answers,
    async stop() {
      await server.stop();
      await fakes.close();
    },
  };
}

async function runActual(): Promise<Run> {
  const fakes = await startFakes();
  const preload = fileURLToPath(new URL('./fetch-redirect.mjs', import.meta.url));
  const server = await startActualServer(
    {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
      COFFER_TEST_ENABLEBANKING_URL: fakes.eb.url,
    },
    'actual-sync-server-26',
  );
  const answers = await scenario(server.url, fakes.sf, fakes.eb);
  return {
    answers,
    async stop() {
      await server.stop();
      await fakes.close();
    },
  };
}

/** Where Coffer answers otherwise on purpose: the label, Actual's `data`, Coffer's `data`. */
const DIFFERENCES: [string, unknown, unknown][] = [
  // A bridge that limits the rate is not "down": Coffer says so, and the client says try later.
  [
    'sf transactions, bridge 429',
    expect.objectContaining({ error_code: 'SERVER_DOWN' }),
    expect.objectContaining({ error_code: 'RATE_LIMIT_EXCEEDED' }),
  ],
  // A 5xx of the API is the provider or bank being down, not an error inside the server.
  [
    'eb transactions, api 500',
    { error_type: 'INTERNAL_ERROR', error_code: 'INTERNAL_ERROR' },
    { error_type: 'SERVER_DOWN', error_code: 'SERVER_DOWN' },
  ],
];

describe('bank routes: Coffer against Actual 26.9', { timeout: 240_000 }, () => {
  let actual: Run;
  let coffer: Run;

  beforeAll(async () => {
    actual = await runActual();
    coffer = await runCoffer();
  });

  afterAll(async () => {
    await actual?.stop();
    await coffer?.stop();
  });

  it('asks the same questions, and the scenario reached the data', () => {
    expect([...coffer.answers.keys()]).toEqual([...actual.answers.keys()]);
    expect(coffer.answers.size).toBeGreaterThan(25);
    // Equal answers prove little if both failed: the runs got to the accounts and rows.
    const data = (label: string) => (actual.answers.get(label) as { data: any }).data; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(data('sf transactions, one account').transactions.all).toHaveLength(3);
    expect(Object.keys(data('sf transactions, several accounts'))).toEqual([
      'ACT-checking',
      'ACT-savings',
      'errors',
    ]);
    expect(data('eb transactions').transactions.all).toHaveLength(4);
    expect(data('eb poll-auth, bank redirect').accounts[0].account_id).toBe('eb-acc-card');
    expect(data('eb start-auth').url).toBe('<fake>/consent/<id>');
  });

  it.each(
    [
      'sf status, not set up',
      'sf accounts, not set up',
      'sf accounts, used token',
      'sf status',
      'sf accounts',
      'sf transactions, one account',
      'sf transactions, unknown account',
      'sf transactions, several accounts',
      'sf transactions, bridge 500',
      'sf transactions, bridge 503',
      'sf transactions, bridge malformed',
      'sf transactions, access revoked',
      'eb status, not set up',
      'eb configure, no key',
      'eb configure, wrong key',
      'eb configure',
      'eb status',
      'eb aspsps',
      'eb start-auth',
      'eb complete-auth',
      'eb poll-auth after complete',
      'eb poll-auth, bank redirect',
      'eb transactions',
      'eb transactions, card',
      'eb transactions, unknown',
      'eb transactions, api 401',
      'eb transactions, api 429',
      'eb transactions, consent expired',
    ].map((label) => [label]),
  )('answers %s as Actual does', (label) => {
    expect(coffer.answers.get(label)).toEqual(actual.answers.get(label));
  });

  it.each(DIFFERENCES)('answers %s otherwise, on purpose', (label, fromActual, fromCoffer) => {
    expect((actual.answers.get(label) as { data: unknown }).data).toEqual(fromActual);
    expect((coffer.answers.get(label) as { data: unknown }).data).toEqual(fromCoffer);
  });
});
