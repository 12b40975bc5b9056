/**
 * OpenID set up by the host, as Actual 26.9's server reads it (`ACTUAL_OPENID_*`): the names
 * read, a server that starts with it on (no password, the first sign-in becomes the owner),
 * `ACTUAL_OPENID_ENFORCE`, and a refused configuration that leaves the server as it was.
 */
import { rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCommand } from '../config.ts';
import {
  bootstrap,
  call,
  startTestServer,
  tempDir,
  type TestServer,
} from '../test-helpers/harness.ts';
import {
  signInWithOpenId,
  startOidcProvider,
  type TestOidcProvider,
} from '../test-helpers/oidc.ts';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A port free now: the provider must know the server's callback before the server starts. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function started(configure: (idp: TestOidcProvider, url: string) => object) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const idp = await startOidcProvider({ redirectUris: [`${url}/openid/callback`] });
  stops.push(() => idp.stop());
  const t: TestServer = await startTestServer({ port, ...configure(idp, url) });
  stops.push(() => t.stop());
  return { idp, t };
}

describe('the OpenID environment Actual reads', () => {
  const serve = (env: Record<string, string>) => {
    const command = loadCommand([], env, '/tmp');
    if (command.kind !== 'serve') throw new Error(command.kind);
    return command.config;
  };

  it('gives a discovery URL or the endpoints, with the client and the hostname', () => {
    expect(serve({}).openId).toBeNull();
    expect(
      serve({
        ACTUAL_OPENID_DISCOVERY_URL: 'https://id.example.org',
        ACTUAL_OPENID_CLIENT_ID: 'coffer',
        ACTUAL_OPENID_CLIENT_SECRET: 's3cret',
        ACTUAL_OPENID_SERVER_HOSTNAME: 'https://budget.example.org',
      }).openId,
    ).toEqual({
      discoveryURL: 'https://id.example.org',
      client_id: 'coffer',
      client_secret: 's3cret',
      server_hostname: 'https://budget.example.org',
    });
    const manual = serve({
      COFFER_OPENID_PROVIDER_NAME: 'https://github.com',
      ACTUAL_OPENID_AUTHORIZATION_ENDPOINT: 'https://github.com/login/oauth/authorize',
      ACTUAL_OPENID_TOKEN_ENDPOINT: 'https://github.com/login/oauth/access_token',
      ACTUAL_OPENID_USERINFO_ENDPOINT: 'https://api.github.com/user',
      ACTUAL_OPENID_AUTH_METHOD: 'oauth2',
    });
    expect(manual.openId).toEqual({
      issuer: {
        name: 'https://github.com',
        authorization_endpoint: 'https://github.com/login/oauth/authorize',
        token_endpoint: 'https://github.com/login/oauth/access_token',
        userinfo_endpoint: 'https://api.github.com/user',
      },
      authMethod: 'oauth2',
    });
    expect(serve({ ACTUAL_OPENID_ENFORCE: 'true' }).enforceOpenId).toBe(true);
    expect(serve({}).enforceOpenId).toBe(false);
    expect(() => serve({ ACTUAL_OPENID_ENFORCE: 'yes' })).toThrow(/OPENID_ENFORCE/);
  });
});

describe('a server started with OpenID set up by the host', () => {
  it('offers OpenID alone, takes no password, and makes the first sign-in the owner', async () => {
    const { idp, t } = await started((idp, url) => ({ openId: idp.settings(url) }));
    expect(t.logs).toContain('OpenID configured from the server settings');
    const boot = await call(t.url, 'GET', '/account/needs-bootstrap');
    expect(boot.json.data).toMatchObject({
      bootstrapped: true,
      loginMethod: 'openid',
      availableLoginMethods: [{ method: 'openid', active: 1, displayName: 'OpenID' }],
    });
    const password = await call(t.url, 'POST', '/account/bootstrap', {
      json: { password: 'a host password' },
    });
    expect(password.json).toMatchObject({ status: 'error', reason: 'already-bootstrapped' });

    const signedIn = await signInWithOpenId(t.url, idp, 'ada');
    expect(signedIn.status).toBe(302);
    const me = await call(t.url, 'GET', '/account/validate', { token: signedIn.token! });
    expect(me.json.data).toMatchObject({ userName: 'ada', permission: 'ADMIN' });
  });

  it('with ENFORCE lists OpenID alone beside an existing password', async () => {
    // The same data directory: a password server first, then a start with OpenID enforced.
    const dataDir = tempDir();
    stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startTestServer({ dataDir });
    await bootstrap(first.url);
    await first.stop();
    const { t } = await started((idp, url) => ({
      dataDir,
      openId: idp.settings(url),
      enforceOpenId: true,
    }));
    const methods = await call(t.url, 'GET', '/account/login-methods');
    expect(methods.json.methods).toEqual([{ method: 'openid', active: 1, displayName: 'OpenID' }]);
  });

  it('logs a refused configuration and starts as it was', async () => {
    const { t } = await started((idp, url) => ({
      openId: { ...idp.settings(url), client_secret: '' },
    }));
    expect(t.logs).toContain(
      'OpenID from the server settings not turned on: missing-client-secret',
    );
    const boot = await call(t.url, 'GET', '/account/needs-bootstrap');
    expect(boot.json.data).toMatchObject({ bootstrapped: false, availableLoginMethods: [] });
    expect(
      (await call(t.url, 'POST', '/account/bootstrap', { json: { password: 'pw-12345' } })).status,
    ).toBe(200);
  });
});
