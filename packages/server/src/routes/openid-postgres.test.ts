/**
 * Two server processes' worth of Coffer on one PostgreSQL database, OpenID on: a sign-in
 * started on one finishes on the other, and after a sign-out, a password change or a user's
 * removal on one, the other refuses the old token on the very next request (sessions are read
 * from the database on every request; no process keeps its own copy).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';
import {
  signInAtProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../test-helpers/oidc.ts';
import { startTestPostgres, type TestPostgres } from '../test-helpers/postgres.ts';

let pg: TestPostgres;
let idp: TestOidcProvider | undefined;
const servers: TestServer[] = [];

beforeAll(async () => {
  pg = await startTestPostgres();
}, 120_000);
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  await idp?.stop();
});
afterAll(() => pg.stop(), 60_000);

describe('OpenID sessions across two servers on one PostgreSQL', () => {
  it('refuses a token everywhere at once after a sign-out, a password change or a removal', async () => {
    const databaseUrl = await pg.createDatabase();
    const a = await startTestServer({ databaseUrl });
    const b = await startTestServer({ databaseUrl });
    servers.push(a, b);
    // Both answer for the same host name (as behind one proxy); the provider returns to A.
    idp = await startOidcProvider({ redirectUris: [`${a.url}/openid/callback`] });
    const password = await bootstrap(a.url);
    await call(b.url, 'POST', '/openid/enable', {
      token: password,
      json: { openId: idp.settings(a.url) },
    });

    // Started on B, finished on A: the pending sign-in lives in the database.
    const signIn = async (login: string, pw?: string) => {
      const start = await call(b.url, 'POST', '/account/login', {
        json: { loginMethod: 'openid', returnUrl: a.url, password: pw },
      });
      const back = await signInAtProvider(start.json.data.returnUrl, login, idp!.issuer);
      const res = await fetch(back, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location')!).searchParams.get('token')!;
    };
    const ada = await signIn('ada', 'correct horse');
    const valid = (url: string, token: string) =>
      call(url, 'GET', '/account/validate', { token }).then((r) => r.status);
    expect(await valid(b.url, ada)).toBe(200);

    // A sign-out on A.
    const out = await call(a.url, 'POST', '/account/logout', { token: ada });
    expect(out.json).toEqual({ status: 'ok', data: {} });
    expect(await valid(b.url, ada)).toBe(401);
    expect(await valid(a.url, ada)).toBe(401);

    // A removal on B.
    const admin = await signIn('ada');
    const created = await call(a.url, 'POST', '/admin/users', {
      token: admin,
      json: { userName: 'ben', role: 'BASIC', enabled: true },
    });
    const ben = await signIn('ben');
    expect(await valid(a.url, ben)).toBe(200);
    await call(b.url, 'DELETE', '/admin/users', {
      token: admin,
      json: { ids: [created.json.data.id] },
    });
    expect(await valid(a.url, ben)).toBe(401);
    const list = await call(a.url, 'GET', '/sync/list-user-files', { token: ben });
    expect(list.status).toBe(401);

    // A password change on A (from a password session) ends every session, B's view too.
    const pwSession = await call(a.url, 'POST', '/account/login', {
      json: { loginMethod: 'password', password: 'correct horse' },
    });
    const pwToken = pwSession.json.data.token as string;
    expect(await valid(b.url, admin)).toBe(200);
    const changed = await call(a.url, 'POST', '/account/change-password', {
      token: pwToken,
      json: { password: 'battery staple' },
    });
    expect(changed.status).toBe(200);
    expect(await valid(b.url, admin)).toBe(401);
    expect(await valid(b.url, pwToken)).toBe(401);
  }, 120_000);
});
