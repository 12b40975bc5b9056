/**
 * Hostile input at sign-in (the hostile-input suite, with admin.test.ts): a callback with a
 * wrong or replayed state, a return URL elsewhere, a forged or expired session, a basic user
 * signed in with OpenID asking for another's file, and a hostile provider handing back ID
 * tokens for another audience, signed by another key, with another nonce, expired or unsigned.
 * Each is refused with Actual's status and reason, and nothing else: no token, no detail.
 */
import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bootstrap,
  call,
  startTestServer,
  upload,
  type TestServer,
} from '../test-helpers/harness.ts';
import {
  signInWithOpenId,
  startOidcProvider,
  type TestOidcProvider,
} from '../test-helpers/oidc.ts';

let t: TestServer;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await t?.stop();
  for (const stop of stops.splice(0)) await stop();
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(header: object, claims: object, key: KeyObject | null, secret?: string): string {
  const data = `${b64(header)}.${b64(claims)}`;
  if (secret) return `${data}.${createHmac('sha256', secret).update(data).digest('base64url')}`;
  if (!key) return `${data}.`;
  return `${data}.${sign('sha256', Buffer.from(data), key).toString('base64url')}`;
}

/**
 * A provider that publishes one key and answers the token request with whatever ID token the
 * test makes for the nonce of the sign-in under way: the attacker in the middle of a sign-in.
 */
async function hostileProvider() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const state: { idToken: string } = { idToken: '' };
  server.on('request', (req, res) => {
    const send = (body: object) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      return send({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
      });
    }
    if (req.url === '/jwks') {
      return send({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig' }] });
    }
    if (req.url === '/token') {
      req.resume();
      return req.on('end', () =>
        send({ id_token: state.idToken, access_token: 'at', token_type: 'Bearer' }),
      );
    }
    res.statusCode = 404;
    res.end();
  });
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { issuer, privateKey, state };
}

describe('hostile sign-ins', () => {
  it('refuses ID tokens for another audience, by another key, nonce or time, or unsigned', async () => {
    t = await startTestServer();
    const evil = await hostileProvider();
    const admin = await bootstrap(t.url);
    const settings = {
      issuer: evil.issuer,
      client_id: 'coffer',
      client_secret: 'secret-of-coffer',
      server_hostname: t.url,
    };
    const on = await call(t.url, 'POST', '/openid/enable', {
      token: admin,
      json: { openId: settings },
    });
    expect(on.status).toBe(200);

    const now = Math.floor(Date.now() / 1000);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const good = (nonce: string) => ({
      iss: evil.issuer,
      sub: 'ada',
      aud: 'coffer',
      iat: now,
      exp: now + 300,
      nonce,
    });
    const rs = { alg: 'RS256', kid: 'k1' };
    const cases: [string, (nonce: string) => string, number][] = [
      [
        'another audience',
        (n) => jwt(rs, { ...good(n), aud: 'someone-else' }, evil.privateKey),
        400,
      ],
      ['another key', (n) => jwt(rs, good(n), other), 400],
      ['another nonce', (n) => jwt(rs, good(n + 'x'), evil.privateKey), 400],
      [
        'another issuer',
        (n) => jwt(rs, { ...good(n), iss: 'http://127.0.0.1:1' }, evil.privateKey),
        400,
      ],
      [
        'expired',
        (n) => jwt(rs, { ...good(n), exp: now - 3600, iat: now - 7200 }, evil.privateKey),
        400,
      ],
      ['unsigned', (n) => jwt({ alg: 'none' }, good(n), null), 400],
      [
        'keyed by the client secret',
        (n) => jwt({ alg: 'HS256' }, good(n), null, settings.client_secret),
        400,
      ],
      // The same round with a good token signs in: the refusals above are the checks at work.
      ['a good token', (n) => jwt(rs, good(n), evil.privateKey), 302],
    ];
    for (const [name, make, status] of cases) {
      const start = await call(t.url, 'POST', '/account/login', {
        json: { loginMethod: 'openid', returnUrl: t.url, password: 'correct horse' },
      });
      const auth = new URL(start.json.data.returnUrl);
      expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
      evil.state.idToken = make(auth.searchParams.get('nonce')!);
      const back = await fetch(
        `${t.url}/openid/callback?code=c0de&state=${auth.searchParams.get('state')}`,
        { redirect: 'manual' },
      );
      expect({ name, status: back.status }).toEqual({ name, status });
      if (status === 400) {
        expect(await back.json()).toEqual({ status: 'error', reason: 'openid-grant-failed' });
      }
    }
    // The log says why, never what the token was.
    expect(t.logs.some((l) => l.includes('id_token refused: audience'))).toBe(true);
    expect(t.logs.some((l) => l.includes('id_token refused: signature'))).toBe(true);
    expect(t.logs.some((l) => l.includes('id_token refused: nonce'))).toBe(true);
    expect(t.logs.join('\n')).not.toContain(evil.state.idToken.split('.')[2]!);
  });

  it('refuses a wrong, replayed or missing state, and a return URL on another host', async () => {
    t = await startTestServer();
    const idp: TestOidcProvider = await startOidcProvider({
      redirectUris: [`${t.url}/openid/callback`],
    });
    stops.push(() => idp.stop());
    const admin = await bootstrap(t.url);
    await call(t.url, 'POST', '/openid/enable', {
      token: admin,
      json: { openId: idp.settings(t.url) },
    });

    const elsewhere = await call(t.url, 'POST', '/account/login', {
      json: { loginMethod: 'openid', returnUrl: 'https://evil.example', password: 'correct horse' },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json).toEqual({ status: 'error', reason: 'Invalid redirect URL' });

    const wrong = await call(t.url, 'GET', '/openid/callback?code=abc&state=not-ours');
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ status: 'error', reason: 'invalid-or-expired-state' });
    expect((await call(t.url, 'GET', '/openid/callback?state=x')).json.reason).toBe(
      'missing-authorization-code',
    );
    expect((await call(t.url, 'GET', '/openid/callback?code=x')).json.reason).toBe('missing-state');

    const first = await signInWithOpenId(t.url, idp, 'ada', 'correct horse');
    expect(first.status).toBe(302);
    // The provider's answer, replayed: its state was used up by the first visit.
    const start = await call(t.url, 'POST', '/account/login', {
      json: { loginMethod: 'openid', returnUrl: t.url },
    });
    const state = new URL(start.json.data.returnUrl).searchParams.get('state');
    const forged = await call(t.url, 'GET', `/openid/callback?code=made-up&state=${state}`);
    expect(forged.json).toEqual({ status: 'error', reason: 'openid-grant-failed' });
    const replay = await call(t.url, 'GET', `/openid/callback?code=made-up&state=${state}`);
    expect(replay.json).toEqual({ status: 'error', reason: 'invalid-or-expired-state' });
  });

  it('refuses a forged or expired session, and a basic user asking for the owner’s file', async () => {
    t = await startTestServer();
    const idp = await startOidcProvider({ redirectUris: [`${t.url}/openid/callback`] });
    stops.push(() => idp.stop());
    const password = await bootstrap(t.url);
    await upload(t.url, password, 'budget-kept', 'kept bytes');
    await call(t.url, 'POST', '/openid/enable', {
      token: password,
      json: { openId: idp.settings(t.url) },
    });
    const ada = (await signInWithOpenId(t.url, idp, 'ada', 'correct horse')).token!;
    await call(t.url, 'POST', '/admin/users', {
      token: ada,
      json: { userName: 'ben', role: 'BASIC', enabled: true },
    });
    const ben = (await signInWithOpenId(t.url, idp, 'ben')).token!;

    const download = await call(t.url, 'GET', '/sync/download-user-file', {
      token: ben,
      headers: { 'x-actual-file-id': 'budget-kept' },
    });
    expect(download.status).toBe(400);
    expect(download.text).toBe('User or file not found');
    expect(download.text).not.toContain('kept bytes');
    const files = await call(t.url, 'GET', '/sync/list-user-files', { token: ben });
    expect(files.json.data).toEqual([]);
    const enable = await call(t.url, 'POST', '/openid/enable', {
      token: ben,
      json: { openId: idp.settings(t.url) },
    });
    expect(enable.json).toEqual({
      status: 'error',
      reason: 'forbidden',
      details: 'permission-not-found',
    });
    const change = await call(t.url, 'POST', '/account/change-password', {
      token: ada,
      json: { password: 'hijack' },
    });
    expect(change.json).toEqual({
      status: 'error',
      reason: 'forbidden',
      details: 'password-auth-not-active',
    });

    // One character changed: a token that already ends in '0' gets a '1' (a '0' would be itself).
    const forgedToken = ben.slice(0, -1) + (ben.endsWith('0') ? '1' : '0');
    const forged = await call(t.url, 'GET', '/account/validate', { token: forgedToken });
    expect(forged.status).toBe(401);
    expect(forged.json).toEqual({
      status: 'error',
      reason: 'unauthorized',
      details: 'token-not-found',
    });
    const users = await t.server.context.accounts.listUsers();
    const expired = await t.server.context.accounts.createSession(
      Date.now() - 7200_000,
      users.find((u) => u.userName === 'ben')!.id,
      { method: 'openid', expiresAt: Date.now() - 3600_000 },
    );
    const late = await call(t.url, 'GET', '/account/validate', { token: expired });
    expect(late.status).toBe(401);
    expect(late.json).toEqual({ status: 'error', reason: 'token-expired' });
    const lateList = await call(t.url, 'GET', '/sync/list-user-files', { token: expired });
    expect(lateList.status).toBe(401);
  });
});
