import type { Page } from 'playwright-core';
import { WAIT } from './session.ts';

/**
 * Signs `page` in as `login` through OpenID, as a person does: the app's login page (a fresh
 * profile is pointed at this server, its own origin, by opening `/login`), 'Sign in with
 * OpenID', then the provider's own form (`oidc-provider`'s development form, which takes any
 * password), and back to the app's file list. `serverPassword` is typed first when given: the
 * server's first OpenID sign-in (its owner's) needs it.
 */
export async function signInThroughProvider(
  page: Page,
  at: { serverUrl: string; issuer: string },
  login: string,
  serverPassword?: string,
): Promise<void> {
  const openId = page.getByRole('button', { name: 'Sign in with OpenID' });
  if (!(await openId.isVisible())) await page.goto(`${at.serverUrl}/login`);
  await openId.waitFor(WAIT);
  if (serverPassword) await page.getByLabel('Password', { exact: true }).fill(serverPassword);
  await openId.click();
  await page.waitForURL((url) => url.toString().startsWith(at.issuer), WAIT);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL((url) => url.toString().startsWith(at.serverUrl), WAIT);
  await page
    .getByRole('list', { name: 'Files' })
    .or(page.getByRole('button', { name: 'Create new file' }))
    .first()
    .waitFor(WAIT);
}

/**
 * Who the server says `page` is signed in as: the session token on the app's latest request to
 * the server, asked of `/account/validate`. Start it before the sign-in.
 */
export function watchSession(page: Page, serverUrl: string): () => Promise<unknown> {
  const sent: string[] = [];
  page.on('request', (request) => {
    const token = request.headers()['x-actual-token'];
    if (token && request.url().startsWith(serverUrl)) sent.push(token);
  });
  return async () => {
    const token = sent.at(-1);
    if (!token) return null;
    const res = await fetch(`${serverUrl}/account/validate`, {
      headers: { 'x-actual-token': token },
    });
    const answer: unknown = await res.json();
    return answer && typeof answer === 'object' && 'data' in answer ? answer.data : null;
  };
}
