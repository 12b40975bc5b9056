/**
 * Actual 26.9's sync server (`actual-sync-server-26`) beside Coffer's, both set up with the same
 * real provider (`oidc-provider` on 127.0.0.1) given by its endpoints (Actual's `issuer`
 * object) and `authMethod: 'oauth2'`: the same requests get the same answers, from turning it
 * on through a second user's sign-in and a bad state. Where Coffer is stricter (a callback
 * naming another issuer), the test says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';
import {
  signInAtProvider,
  signInWithOpenId,
  startOidcProvider,
  type TestOidcProvider,
} from '../test-helpers/oidc.ts';
import { startActualServer } from './targets.ts';

const PASSWORD = 'correct horse';

let coffer: TestServer;
let actual: Awaited<ReturnType<typeof startActualServer>>;
let idp: TestOidcProvider;
const urls = () => ({ coffer: coffer.url, actual: actual.url });

beforeAll(async () => {
  [coffer, actual] = await Promise.all([
    startTestServer(),
    startActualServer({}, 'actual-sync-server-26'),
  ]);
  idp = await startOidcProvider({
    redirectUris: [`${coffer.url}/openid/callback`, `${actual.url}/openid/callback`],
  });
}, 120_000);
afterAll(async () => {
  await coffer?.stop();
  await actual?.stop();
  await idp?.stop();
});

/** The same request to both servers: the answers by server. */
async function both<T>(ask: (url: string) => Promise<T>): Promise<{ coffer: T; actual: T }> {
  const { coffer: c, actual: a } = urls();
  return { coffer: await ask(c), actual: await ask(a) };
}

/** What a server's answer says, without what differs by server (its URL, ids, tokens). */
function sameShape(url: string, value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll(url, '<server>')
      .replace(/"userId":"[^"]+"/g, '"userId":"<id>"'),
  );
}

describe("manual endpoints and authMethod 'oauth2', beside Actual 26.9's server", () => {
  const tokens = { coffer: { admin: '', ada: '' }, actual: { admin: '', ada: '' } };

  it('turns it on with the same answers', async () => {
    for (const [name, url] of Object.entries(urls())) {
      tokens[name as 'coffer'].admin = await bootstrap(url, PASSWORD);
    }
    const enabled = await both((url) =>
      call(url, 'POST', '/openid/enable', {
        token: tokens[url === coffer.url ? 'coffer' : 'actual'].admin,
        json: { openId: idp.manualSettings(url, 'oauth2') },
      }),
    );
    expect(enabled.coffer.json).toEqual({ status: 'ok' });
    expect(enabled.actual.json).toEqual(enabled.coffer.json);

    const methods = await both((url) => call(url, 'GET', '/account/login-methods'));
    expect(methods.coffer.json).toEqual(methods.actual.json);
    const config = await both(async (url) => {
      const res = await call(url, 'POST', '/openid/config', { json: { password: PASSWORD } });
      return { status: res.status, json: sameShape(url, res.json) };
    });
    expect(config.coffer).toEqual(config.actual);
    expect(config.coffer.json).toEqual({
      status: 'ok',
      data: { openId: sameShape(coffer.url, idp.manualSettings(coffer.url, 'oauth2')) },
    });
  });

  it('sends the browser to the endpoint given, with the same request', async () => {
    const wrong = await both((url) =>
      call(url, 'POST', '/account/login', {
        json: { loginMethod: 'openid', returnUrl: url, password: 'not it' },
      }),
    );
    expect(wrong.coffer.status).toBe(400);
    expect(wrong.coffer.json).toEqual({ status: 'error', reason: 'invalid-password' });
    expect(wrong.actual.json).toEqual(wrong.coffer.json);

    const started = await both(async (url) => {
      const res = await call(url, 'POST', '/account/login', {
        json: { loginMethod: 'openid', returnUrl: url, password: PASSWORD },
      });
      const to = new URL(res.json.data.returnUrl);
      const params = Object.fromEntries(to.searchParams);
      return {
        status: res.status,
        endpoint: `${to.origin}${to.pathname}`,
        fixed: {
          response_type: params.response_type,
          client_id: params.client_id,
          scope: params.scope,
          redirect_uri: params.redirect_uri?.replace(url, '<server>'),
          code_challenge_method: params.code_challenge_method,
        },
        fresh: [params.state, params.code_challenge].every((p) => /^[\w-]{22,}$/.test(p ?? '')),
      };
    });
    expect(started.coffer).toEqual(started.actual);
    expect(started.coffer).toEqual({
      status: 200,
      endpoint: `${idp.issuer}/auth`,
      fixed: {
        response_type: 'code',
        client_id: idp.clientId,
        scope: 'openid email profile',
        redirect_uri: '<server>/openid/callback',
        code_challenge_method: 'S256',
      },
      fresh: true,
    });
  });

  it('signs the owner in from userinfo, answers who it is the same way', async () => {
    const signedIn = await both(async (url) => {
      const start = await call(url, 'POST', '/account/login', {
        json: { loginMethod: 'openid', returnUrl: url, password: PASSWORD },
      });
      const back = await signInAtProvider(start.json.data.returnUrl, 'ada', idp.issuer);
      const res = await fetch(back, { redirect: 'manual' });
      const location = res.headers.get('location') ?? '';
      const token = new URL(location, url).searchParams.get('token') ?? '';
      tokens[url === coffer.url ? 'coffer' : 'actual'].ada = token;
      const me = await call(url, 'GET', '/account/validate', { token });
      return {
        status: res.status,
        location: location.replace(url, '<server>').replace(token, '<token>'),
        me: sameShape(url, { ...me.json, data: { ...me.json.data, prefs: undefined } }),
      };
    });
    expect(signedIn.coffer).toEqual(signedIn.actual);
    expect(signedIn.coffer).toMatchObject({
      status: 302,
      location: '<server>/openid-cb?token=<token>',
      me: {
        status: 'ok',
        data: { validated: true, userName: 'ada', permission: 'ADMIN', loginMethod: 'openid' },
      },
    });
  });

  it('signs a user the admin made in, refuses a stranger and a bad state the same way', async () => {
    const answers = await both(async (url) => {
      const side = url === coffer.url ? 'coffer' : 'actual';
      const made = await call(url, 'POST', '/admin/users', {
        token: tokens[side].ada,
        json: { userName: 'ben', displayName: 'Ben', role: 'BASIC', enabled: true },
      });
      const ben = await signInWithOpenId(url, idp, 'ben');
      const me = await call(url, 'GET', '/account/validate', { token: ben.token ?? '' });
      const stranger = await signInWithOpenId(url, idp, 'mallory');
      const badState = await call(url, 'GET', '/openid/callback?code=c0de&state=forged');
      const noCode = await call(url, 'GET', '/openid/callback?state=forged');
      return {
        made: made.status,
        ben: ben.status,
        benIs: me.json.data?.userName,
        benRole: me.json.data?.permission,
        stranger: { status: stranger.status, body: JSON.parse(stranger.body) },
        badState: { status: badState.status, json: badState.json },
        noCode: { status: noCode.status, json: noCode.json },
      };
    });
    // Actual 26.9 stores no role for a user made through `/admin/users` (the role it was sent
    // is dropped on insert), so its ben has none; Coffer keeps the role it was given.
    expect(answers.actual.benRole).toBeNull();
    expect({ ...answers.coffer, benRole: null }).toEqual(answers.actual);
    expect(answers.coffer).toEqual({
      made: 200,
      ben: 302,
      benIs: 'ben',
      benRole: 'BASIC',
      stranger: { status: 400, body: { status: 'error', reason: 'openid-grant-failed' } },
      badState: { status: 400, json: { status: 'error', reason: 'invalid-or-expired-state' } },
      noCode: { status: 400, json: { status: 'error', reason: 'missing-authorization-code' } },
    });
  });

  it('refuses a callback naming another issuer, which Actual lets through', async () => {
    const answers = await both(async (url) => {
      const side = url === coffer.url ? 'coffer' : 'actual';
      const settings = idp.manualSettings(url, 'oauth2');
      const on = await call(url, 'POST', '/openid/enable', {
        token: tokens[side].ada,
        json: {
          openId: {
            ...settings,
            issuer: { ...(settings.issuer as object), name: 'https://x.example' },
          },
        },
      });
      const ada = await signInWithOpenId(url, idp, 'ada');
      return { on: on.status, status: ada.status, body: ada.status === 400 ? ada.body : null };
    });
    expect(answers.coffer).toEqual({
      on: 200,
      status: 400,
      body: JSON.stringify({ status: 'error', reason: 'openid-grant-failed' }),
    });
    // Actual's `oauth2` path never reads the answer's `iss` (RFC 9207).
    expect(answers.actual).toEqual({ on: 200, status: 302, body: null });
  });
});
