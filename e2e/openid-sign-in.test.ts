import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../packages/server/src/test-helpers/oidc.ts';
import { screenshots } from './helpers/browser.ts';
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
 * signs out, signs in through the provider's own form in the same Chromium, and lands in the
 * file list as the server's owner and admin.
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
    await section.getByLabel('OpenID provider URL').fill(idp.issuer);
    await section.getByLabel('Client ID').fill(idp.clientId);
    await section.getByLabel('Client secret').fill(idp.clientSecret);
    await screenshots(page, 'openid-enable-form');
    await section.getByRole('button', { name: 'Enable OpenID' }).click();
    await section.getByText('enabled', { exact: true }).waitFor(WAIT);
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
