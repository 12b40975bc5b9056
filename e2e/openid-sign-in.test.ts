import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../packages/server/src/test-helpers/oidc.ts';
import { screenshots } from './helpers/browser.ts';
import { modalShots } from './helpers/shots.ts';
import {
  BUILT,
  PASSWORD,
  type Profile,
  type Session,
  startSession,
  WAIT,
} from './helpers/session.ts';
import { bootstrapServer } from './helpers/steps.ts';

/**
 * An admin turns OpenID sign-in on against a real provider (`oidc-provider` on 127.0.0.1),
 * given by its endpoints (no discovery) with who signed in read from userinfo (`oauth2`), as
 * Actual 26.9's server takes it; signs out, signs in through the provider's own form in the
 * same Chromium, and lands in the file list as the server's owner and admin. (Discovery and
 * the ID token are what `users-sharing.test.ts` signs in with.) Screenshots
 * `openid-enable-form-*`, axe-checked.
 */
describe.runIf(BUILT)('OpenID sign-in in Chromium', { timeout: 120_000 }, () => {
  let session: Session;
  let idp: TestOidcProvider;
  let page: Profile['page'];

  beforeAll(async () => {
    session = await startSession();
    idp = await startOidcProvider({ redirectUris: [`${session.server.url}/openid/callback`] });
    page = session.first.page;
  });
  afterAll(async () => {
    await session?.close();
    await idp?.stop();
  });

  it('turns OpenID on from Settings → Authentication method', async () => {
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await session.first.goTo('Settings');
    const section = page.getByRole('region', { name: 'Authentication method' });
    await section.getByText('disabled').waitFor(WAIT);
    await section.getByRole('button', { name: 'Start using OpenID' }).click();
    await section.getByLabel('How this server finds the provider').selectOption('manual');
    // oidc-provider's endpoints, as an admin copies them from a provider's documentation.
    await section.getByLabel('Issuer', { exact: true }).fill(idp.issuer);
    await section.getByLabel('Authorization endpoint').fill(`${idp.issuer}/auth`);
    await section.getByLabel('Token endpoint').fill(`${idp.issuer}/token`);
    await section.getByLabel('Client ID').fill(idp.clientId);
    await section.getByLabel('Client secret').fill(idp.clientSecret);
    // Nothing is sent while a field is missing, and the form says which.
    await section.getByRole('button', { name: 'Enable OpenID' }).click();
    await section
      .getByText(
        'Every field is needed: the issuer and the authorization, token and userinfo endpoints.',
      )
      .waitFor(WAIT);
    await section.getByLabel('Userinfo endpoint').fill(`${idp.issuer}/me`);
    // An ID token by hand needs the provider's keys: this provider is read through userinfo.
    await section.getByRole('button', { name: 'Enable OpenID' }).click();
    await section.getByText(/Checking the ID token needs the provider’s keys URL/).waitFor(WAIT);
    await section.getByLabel('Who signed in is read from').selectOption('oauth2');
    await modalShots(page, 'openid-enable-form');
    await section.getByRole('button', { name: 'Enable OpenID' }).click();
    await section.getByText('enabled', { exact: true }).waitFor(WAIT);
    const config = await fetch(`${session.server.url}/openid/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(await config.json()).toEqual({
      status: 'ok',
      data: { openId: idp.manualSettings(session.server.url, 'oauth2') },
    });
  });

  it('signs in through the provider and lands in the file list as the admin', async () => {
    // The session the app uses, read off its requests to the server.
    const sent: string[] = [];
    page.on('request', (request) => {
      const token = request.headers()['x-actual-token'];
      if (token && request.url().startsWith(session.server.url)) sent.push(token);
    });
    await page.getByRole('button', { name: 'Server online' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with OpenID' }).waitFor(WAIT);
    await screenshots(page, 'openid-login');
    // The first OpenID sign-in becomes the owner: it is started with the server password.
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in with OpenID' }).click();
    await page.waitForURL((url) => url.toString().startsWith(idp.issuer), WAIT);
    await page.locator('input[name="login"]').fill('ada');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Create new file' }).waitFor(WAIT);
    expect(new URL(page.url()).origin).toBe(session.server.url);
    await screenshots(page, 'openid-file-list');
    // Who the app now is, as the server says: the owner, an admin, signed in with OpenID.
    const token = sent.at(-1);
    expect(token).toBeTruthy();
    const me = await fetch(`${session.server.url}/account/validate`, {
      headers: { 'x-actual-token': token! },
    });
    const answer = (await me.json()) as { data?: unknown };
    expect(answer.data).toMatchObject({
      userName: 'ada',
      permission: 'ADMIN',
      loginMethod: 'openid',
    });
  });
});
