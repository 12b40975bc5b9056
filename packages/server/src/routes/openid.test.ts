/**
 * OpenID sign-in against a real provider (`oidc-provider` on 127.0.0.1) with Actual 26.9's
 * `/openid/*` and `/account/*` answers: enable, sign in (code + PKCE, state, nonce), the first
 * sign-in owning the server, later users by subject, disable.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';
import {
  signInWithOpenId,
  startOidcProvider,
  type TestOidcProvider,
} from '../test-helpers/oidc.ts';

let t: TestServer;
let idp: TestOidcProvider;
afterEach(async () => {
  await t?.stop();
  await idp?.stop();
});

/** A password server with OpenID turned on by its admin. */
async function openIdServer(): Promise<{ admin: string }> {
  t = await startTestServer();
  idp = await startOidcProvider({ redirectUris: [`${t.url}/openid/callback`] });
  const admin = await bootstrap(t.url);
  const on = await call(t.url, 'POST', '/openid/enable', {
    token: admin,
    json: { openId: idp.settings(t.url) },
  });
  expect(on.status).toBe(200);
  expect(on.json).toEqual({ status: 'ok' });
  return { admin };
}

const signIn = (login: string, password?: string) => signInWithOpenId(t.url, idp, login, password);

describe('OpenID sign-in', () => {
  it('is listed beside the password once an admin turns it on', async () => {
    await openIdServer();
    const methods = await call(t.url, 'GET', '/account/login-methods');
    expect(methods.json).toEqual({
      status: 'ok',
      methods: [
        { method: 'password', active: 0, displayName: 'Password' },
        { method: 'openid', active: 1, displayName: 'OpenID' },
      ],
    });
    const boot = await call(t.url, 'GET', '/account/needs-bootstrap');
    expect(boot.json.data).toMatchObject({ bootstrapped: true, loginMethod: 'openid' });
  });

  it('makes the first sign-in the owner and admin, with users on', async () => {
    await openIdServer();
    const refused = await call(t.url, 'POST', '/account/login', {
      json: { loginMethod: 'openid', returnUrl: t.url, password: 'wrong' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.reason).toBe('invalid-password');

    const { status, token: got, location } = await signIn('ada', 'correct horse');
    const token = got ?? '';
    expect(status).toBe(302);
    expect(location?.startsWith(`${t.url}/openid-cb?token=`)).toBe(true);
    expect(token).toMatch(/^[\w-]{20,}$/);
    const me = await call(t.url, 'GET', '/account/validate', { token });
    expect(me.json.data).toMatchObject({
      validated: true,
      userName: 'ada',
      permission: 'ADMIN',
      loginMethod: 'openid',
    });
    expect((await call(t.url, 'GET', '/account/needs-bootstrap')).json.data.multiuser).toBe(true);
    const users = await call(t.url, 'GET', '/admin/users/', { token });
    expect(users.json).toEqual([expect.objectContaining({ userName: 'ada', owner: true })]);
  });

  it('signs a user the admin created in by subject, and refuses strangers', async () => {
    await openIdServer();
    const admin = (await signIn('ada', 'correct horse')).token!;
    const created = await call(t.url, 'POST', '/admin/users', {
      token: admin,
      json: { userName: 'ben', role: 'BASIC', enabled: true },
    });
    expect(created.status).toBe(200);
    // No password needed once the owner signs in with OpenID.
    const ben = (await signIn('ben')).token!;
    const me = await call(t.url, 'GET', '/account/validate', { token: ben });
    expect(me.json.data).toMatchObject({ userName: 'ben', permission: 'BASIC' });
    // Renamed by the admin, ben is still ben: the subject, not the name, says who it is.
    await call(t.url, 'PATCH', '/admin/users', {
      token: admin,
      json: { id: created.json.data.id, userName: 'benjamin', role: 'BASIC', enabled: true },
    });
    const again = (await signIn('ben')).token!;
    expect((await call(t.url, 'GET', '/account/validate', { token: again })).json.data.userId).toBe(
      created.json.data.id,
    );

    const stranger = await signIn('mallory');
    expect(stranger.status).toBe(400);
    expect(JSON.parse(stranger.body)).toEqual({ status: 'error', reason: 'openid-grant-failed' });
  });

  it('keeps the password for the owner, and turns OpenID off with it', async () => {
    const { admin } = await openIdServer();
    const pw = await call(t.url, 'POST', '/account/login', {
      json: { loginMethod: 'password', password: 'correct horse' },
    });
    expect(pw.status).toBe(200);
    const wrong = await call(t.url, 'POST', '/openid/disable', {
      token: pw.json.data.token,
      json: { password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.reason).toBe('invalid-password');
    const off = await call(t.url, 'POST', '/openid/disable', {
      token: pw.json.data.token,
      json: { password: 'correct horse' },
    });
    expect(off.json).toEqual({ status: 'ok' });
    expect((await call(t.url, 'GET', '/account/login-methods')).json.methods).toEqual([
      { method: 'password', active: 1, displayName: 'Password' },
    ]);
    // Every session ended with it.
    expect((await call(t.url, 'GET', '/account/validate', { token: admin })).status).toBe(401);
  });

  it('answers the enable and config routes as Actual does', async () => {
    t = await startTestServer();
    idp = await startOidcProvider({ redirectUris: [`${t.url}/openid/callback`] });
    const admin = await bootstrap(t.url);
    const missing = await call(t.url, 'POST', '/openid/enable', {
      token: admin,
      json: { openId: { issuer: idp.issuer } },
    });
    expect(missing.status).toBe(500);
    expect(missing.json.reason).toBe('missing-client-id');
    const unreachable = await call(t.url, 'POST', '/openid/enable', {
      token: admin,
      json: { openId: { ...idp.settings(t.url), issuer: `${t.url}/nowhere` } },
    });
    expect(unreachable.json.reason).toBe('configuration-error');
    expect((await call(t.url, 'POST', '/openid/enable', { json: {} })).status).toBe(401);

    const none = await call(t.url, 'POST', '/openid/config', {
      json: { password: 'correct horse' },
    });
    expect(none.status).toBe(500);
    await call(t.url, 'POST', '/openid/enable', {
      token: admin,
      json: { openId: idp.settings(t.url) },
    });
    const read = await call(t.url, 'POST', '/openid/config', {
      json: { password: 'correct horse' },
    });
    expect(read.json).toEqual({ status: 'ok', data: { openId: idp.settings(t.url) } });
  });
});
