/**
 * A provider given by its endpoints instead of discovery (Actual 26.9's `issuer` object) and
 * `authMethod: 'oauth2'` (who signed in comes from userinfo, not an ID token), against a real
 * provider (`oidc-provider` on 127.0.0.1) and a hostile one: the settings Coffer takes and
 * refuses, sign-ins that work, and a wrong issuer, a bad state and a userinfo without a
 * subject refused with Actual's answers.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';
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

async function withProvider(): Promise<{ idp: TestOidcProvider; admin: string }> {
  t = await startTestServer();
  const idp = await startOidcProvider({ redirectUris: [`${t.url}/openid/callback`] });
  stops.push(() => idp.stop());
  return { idp, admin: await bootstrap(t.url) };
}

const enable = (admin: string, openId: unknown) =>
  call(t.url, 'POST', '/openid/enable', { token: admin, json: { openId } });

/**
 * An OAuth 2.0 provider with no discovery and no ID token: its token endpoint hands out an
 * access token and its userinfo answers whatever the test sets, as a hostile or merely
 * non-OpenID provider (GitHub) might. It records the token requests it got.
 */
async function oauth2Provider() {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const state = {
    userinfo: {} as Record<string, unknown>,
    tokenRequests: [] as { authorization: string | undefined; body: string }[],
  };
  server.on('request', (req, res) => {
    const send = (status: number, body: object) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (req.url === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      return req.on('end', () => {
        state.tokenRequests.push({ authorization: req.headers.authorization, body });
        send(200, { access_token: 'access-1', token_type: 'bearer', scope: 'read:user' });
      });
    }
    if (req.url === '/user') {
      if (req.headers.authorization !== 'Bearer access-1') return send(401, {});
      return send(200, state.userinfo);
    }
    send(404, {});
  });
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const settings = (serverUrl: string) => ({
    issuer: {
      name: 'https://github.example',
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/user`,
    },
    client_id: 'coffer-app',
    client_secret: 'secret of coffer',
    server_hostname: serverUrl,
    authMethod: 'oauth2',
  });
  return { base, state, settings };
}

/** Starts a sign-in and answers Coffer's callback as the provider would, with `code`. */
async function callback(code: string, password?: string, extra = '') {
  const start = await call(t.url, 'POST', '/account/login', {
    json: { loginMethod: 'openid', returnUrl: t.url, password },
  });
  const auth = new URL(start.json.data.returnUrl);
  const state = auth.searchParams.get('state')!;
  const back = await fetch(`${t.url}/openid/callback?code=${code}&state=${state}${extra}`, {
    redirect: 'manual',
  });
  return { auth, state, back };
}

describe('OpenID with endpoints given by hand', () => {
  it('signs in with userinfo alone (oauth2), keeps the settings as given, maps by subject', async () => {
    const { idp, admin } = await withProvider();
    const settings = idp.manualSettings(t.url, 'oauth2');
    const on = await enable(admin, settings);
    expect(on.json).toEqual({ status: 'ok' });
    const read = await call(t.url, 'POST', '/openid/config', {
      json: { password: 'correct horse' },
    });
    expect(read.json).toEqual({ status: 'ok', data: { openId: settings } });

    const ada = await signInWithOpenId(t.url, idp, 'ada', 'correct horse');
    expect(ada.status).toBe(302);
    expect(ada.location?.startsWith(`${t.url}/openid-cb?token=`)).toBe(true);
    const me = await call(t.url, 'GET', '/account/validate', { token: ada.token! });
    expect(me.json.data).toMatchObject({
      validated: true,
      userName: 'ada',
      permission: 'ADMIN',
      loginMethod: 'openid',
    });
    const created = await call(t.url, 'POST', '/admin/users', {
      token: ada.token!,
      json: { userName: 'ben', role: 'BASIC', enabled: true },
    });
    const ben = await signInWithOpenId(t.url, idp, 'ben');
    expect(
      (await call(t.url, 'GET', '/account/validate', { token: ben.token! })).json.data,
    ).toMatchObject({ userId: created.json.data.id, permission: 'BASIC' });
    const stranger = await signInWithOpenId(t.url, idp, 'mallory');
    expect(JSON.parse(stranger.body)).toEqual({ status: 'error', reason: 'openid-grant-failed' });
  });

  it('checks the ID token against the keys given by hand (openid with jwks_uri)', async () => {
    const { idp, admin } = await withProvider();
    expect((await enable(admin, idp.manualSettings(t.url, 'openid', true))).status).toBe(200);
    const ada = await signInWithOpenId(t.url, idp, 'ada', 'correct horse');
    expect(ada.status).toBe(302);
    const me = await call(t.url, 'GET', '/account/validate', { token: ada.token! });
    expect(me.json.data).toMatchObject({ userName: 'ada', loginMethod: 'openid' });
  });

  it('signs in with userinfo alone after discovery too', async () => {
    const { idp, admin } = await withProvider();
    const on = await enable(admin, { ...idp.settings(t.url), authMethod: 'oauth2' });
    expect(on.json).toEqual({ status: 'ok' });
    const ada = await signInWithOpenId(t.url, idp, 'ada', 'correct horse');
    expect(ada.status).toBe(302);
    expect(ada.token).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses endpoints that cannot work, and changes nothing', async () => {
    const { idp, admin } = await withProvider();
    const manual = idp.manualSettings(t.url, 'oauth2');
    const endpoints = manual.issuer as Record<string, string>;
    const refusals: [string, unknown][] = [
      ['no userinfo', { ...manual, issuer: { ...endpoints, userinfo_endpoint: '' } }],
      ['no token endpoint', { ...manual, issuer: { ...endpoints, token_endpoint: undefined } }],
      ['not a URL', { ...manual, issuer: { ...endpoints, authorization_endpoint: 'ftp://x' } }],
      ['no name', { ...manual, issuer: { ...endpoints, name: ' ' } }],
      ['an ID token with no keys to check it', { ...manual, authMethod: 'openid' }],
      ['no method given means openid: no keys', { ...manual, authMethod: undefined }],
      ['an unknown method', { ...manual, authMethod: 'saml' }],
    ];
    for (const [name, openId] of refusals) {
      const res = await enable(admin, openId);
      expect({ name, status: res.status, json: res.json }).toEqual({
        name,
        status: 500,
        json: { status: 'error', reason: 'configuration-error' },
      });
    }
    expect((await enable(admin, { ...manual, client_id: '' })).json.reason).toBe(
      'missing-client-id',
    );
    expect((await call(t.url, 'GET', '/account/login-methods')).json.methods).toEqual([
      { method: 'password', active: 1, displayName: 'Password' },
    ]);
  });
});

describe('hostile sign-ins with endpoints given by hand', () => {
  it('refuses a callback naming another issuer', async () => {
    const { idp, admin } = await withProvider();
    const settings = idp.manualSettings(t.url, 'oauth2');
    // The admin named another issuer: the provider's answer (RFC 9207 `iss`) does not match.
    await enable(admin, {
      ...settings,
      issuer: { ...(settings.issuer as object), name: 'https://someone-else.example' },
    });
    const wrong = await signInWithOpenId(t.url, idp, 'ada', 'correct horse');
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body)).toEqual({ status: 'error', reason: 'openid-grant-failed' });
    expect(t.logs.some((l) => l.includes('issuer mix-up'))).toBe(true);
  });

  it('refuses a bad or replayed state, and a userinfo that names no subject', async () => {
    t = await startTestServer();
    const provider = await oauth2Provider();
    const admin = await bootstrap(t.url);
    expect((await enable(admin, provider.settings(t.url))).json).toEqual({ status: 'ok' });

    const bad = await call(t.url, 'GET', '/openid/callback?code=c0de&state=forged');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ status: 'error', reason: 'invalid-or-expired-state' });

    // A profile with a name but no `sub` (nor GitHub's `id`): nobody stable to sign in as.
    provider.state.userinfo = { preferred_username: 'ada', name: 'Ada' };
    const nameOnly = await callback('c0de', 'correct horse');
    expect(nameOnly.back.status).toBe(400);
    expect(await nameOnly.back.json()).toEqual({ status: 'error', reason: 'openid-grant-failed' });
    expect(t.logs.some((l) => l.includes('userinfo names no subject'))).toBe(true);
    const replay = await fetch(`${t.url}/openid/callback?code=c0de&state=${nameOnly.state}`);
    expect(await replay.json()).toEqual({ status: 'error', reason: 'invalid-or-expired-state' });

    // The sign-in went out with PKCE and no nonce check to lean on: the verifier reached the
    // token endpoint, with the client secret as HTTP Basic.
    expect(nameOnly.auth.origin).toBe(provider.base);
    expect(nameOnly.auth.searchParams.get('code_challenge_method')).toBe('S256');
    const sent = provider.state.tokenRequests.at(-1)!;
    expect(new URLSearchParams(sent.body).get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(sent.authorization).toBe(
      `Basic ${Buffer.from('coffer-app:secret%20of%20coffer').toString('base64')}`,
    );

    // GitHub's shape (`id` and `login`, no `sub`) signs in: the same round gets through.
    provider.state.userinfo = { id: 4242, login: 'ada', name: 'Ada L.' };
    const github = await callback('c0de', 'correct horse');
    expect(github.back.status).toBe(302);
    const token = new URL(github.back.headers.get('location')!).searchParams.get('token')!;
    const me = await call(t.url, 'GET', '/account/validate', { token });
    expect(me.json.data).toMatchObject({ userName: 'ada', displayName: 'Ada L.' });
    // The subject, not the name: another account calling itself 'ada' is a stranger.
    provider.state.userinfo = { id: 666, login: 'ada' };
    const impostor = await callback('c0de');
    expect(await impostor.back.json()).toEqual({ status: 'error', reason: 'openid-grant-failed' });
  });
});
