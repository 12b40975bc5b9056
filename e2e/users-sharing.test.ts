/**
 * Issue 31 in the browser: users on a Coffer server. The password holder turns users on in the
 * User Directory (becoming the owner, an admin), adds a second user and shares one budget and
 * not another, then turns OpenID on against a real provider (`oidc-provider` on 127.0.0.1) and
 * signs in again through the provider's own form. The second user (another browser profile)
 * signs in the same way, sees only the shared one, opens it and edits it, and the owner sees
 * the edit. Then live: with the shared budget open on both, the
 * second user's next edit appears on the owner's screen without a click, while a half-typed
 * register cell there keeps its text and focus. Screenshots `users-page-*`, `user-edit-*` and
 * `share-dialog-*` at 1280×800, 1100×800 and 390×844 in both themes, axe-checked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../packages/server/src/test-helpers/oidc.ts';
import { answerReleaseTags, launchBrowser, SIZES } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { BUILT, WAIT } from './helpers/session.ts';
import { modalShots } from './helpers/shots.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';
import { signInThroughProvider, watchSession } from './helpers/users.ts';

const PASSWORD = 'household password';

describe.runIf(BUILT)(
  'users on: the User Directory, sharing, live edits',
  { timeout: 300_000 },
  () => {
    let dataDir: string;
    let server: RunningServer;
    let idp: TestOidcProvider;
    let browser: Browser;
    const contexts: BrowserContext[] = [];
    const errors: string[] = [];
    let ada: Page;
    let ben: Page;

    async function profile(): Promise<Page> {
      const context = await browser.newContext({ viewport: SIZES.desktop });
      contexts.push(context);
      await answerReleaseTags(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      return page;
    }
    const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
    const files = (page: Page) => page.getByRole('list', { name: 'Files' });

    async function closeFile(page: Page) {
      await sidebar(page).getByRole('button', { name: /▾/ }).first().click();
      await page.getByRole('menuitem', { name: 'Close file' }).click();
      await page.getByRole('button', { name: 'Create new file' }).waitFor(WAIT);
    }

    async function newBudget(page: Page, name: string, account?: string) {
      await page.getByRole('button', { name: 'Create new file' }).click();
      await sidebar(page).waitFor(WAIT);
      await sidebar(page).getByRole('button', { name: /▾/ }).first().click();
      await page.getByRole('menuitem', { name: 'Rename budget' }).click();
      await page.getByLabel('Budget name').fill(name);
      await page.keyboard.press('Enter');
      await sidebar(page).getByText(name).waitFor(WAIT);
      if (account) {
        await sidebar(page).getByRole('button', { name: '+ Add account' }).click();
        await createLocalAccount(page, account, '100');
      }
      await closeFile(page);
    }

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-users-'));
      server = await startServer({ dataDir });
      idp = await startOidcProvider({ redirectUris: [`${server.url}/openid/callback`] });
      browser = await launchBrowser();
      ada = await profile();
    });
    afterAll(async () => {
      for (const c of contexts) await c.close();
      await browser?.close();
      await server?.stop();
      await idp?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('the owner turns users on, adds a user and shares one budget of two', async () => {
      await bootstrapServer(ada, server.url, PASSWORD);
      await newBudget(ada, 'Shared budget', 'Checking');
      await newBudget(ada, 'Private budget');

      await ada.getByRole('button', { name: 'Server online' }).click();
      await ada.getByRole('menuitem', { name: 'User Directory' }).click();
      await ada.getByRole('heading', { name: 'User Directory' }).waitFor(WAIT);
      await ada.getByLabel('Your username').fill('ada');
      await ada.getByRole('button', { name: 'Turn on users' }).click();
      const users = ada.getByRole('list', { name: 'Users' });
      await users.getByText('Server owner').waitFor(WAIT);

      await ada.getByRole('button', { name: 'Add user' }).click();
      const dialog = ada.getByRole('dialog', { name: 'Add user' });
      await dialog.getByLabel('Username').fill('ben');
      await dialog.getByLabel('Display name').fill('Ben');
      await modalShots(ada, 'user-edit');
      await dialog.getByRole('button', { name: 'Add user' }).click();
      await users.getByText('Ben', { exact: true }).waitFor(WAIT);
      // The same name again is refused with its reason, and nothing is added.
      await ada.getByRole('button', { name: 'Add user' }).click();
      await dialog.getByLabel('Username').fill('ben');
      await dialog.getByRole('button', { name: 'Add user' }).click();
      await dialog.getByText('A user with this username already exists.').waitFor(WAIT);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await users.getByRole('listitem').count()).toBe(2);
      await modalShots(ada, 'users-page');

      await ada.getByRole('button', { name: 'Back to files' }).click();
      await ada.getByRole('button', { name: 'Menu for Shared budget' }).click();
      await ada.getByRole('menuitem', { name: 'Share' }).click();
      const share = ada.getByRole('dialog', { name: 'Share Shared budget' });
      await share.getByLabel('User to give access').selectOption({ label: 'Ben' });
      await share.getByRole('button', { name: 'Give access' }).click();
      await share.getByRole('button', { name: 'Remove Ben' }).waitFor(WAIT);
      await modalShots(ada, 'share-dialog');
      await share.getByRole('button', { name: 'Done' }).click();
      await files(ada).getByText('Shared with 1 user').waitFor(WAIT);
    });

    it('the owner turns OpenID on and signs in again through the provider', async () => {
      await files(ada).getByText('Private budget').click();
      await sidebar(ada).waitFor(WAIT);
      const settings = sidebar(ada).getByText('Settings', { exact: true });
      if (!(await settings.isVisible())) await sidebar(ada).getByText(/^More/).click();
      await settings.click();
      const section = ada.getByRole('region', { name: 'Authentication method' });
      await section.getByRole('button', { name: 'Start using OpenID' }).click();
      await section.getByLabel('OpenID provider URL').fill(idp.issuer);
      await section.getByLabel('Client ID').fill(idp.clientId);
      await section.getByLabel('Client secret').fill(idp.clientSecret);
      await section.getByRole('button', { name: 'Enable OpenID' }).click();
      await section.getByText('enabled', { exact: true }).waitFor(WAIT);
      await closeFile(ada);

      const who = watchSession(ada, server.url);
      await ada.getByRole('button', { name: 'Server online' }).click();
      await ada.getByRole('menuitem', { name: 'Sign out' }).click();
      // The first OpenID sign-in is the owner's: it is started with the server password.
      await signInThroughProvider(
        ada,
        { serverUrl: server.url, issuer: idp.issuer },
        'ada',
        PASSWORD,
      );
      await files(ada).getByText('Shared with 1 user').waitFor(WAIT);
      expect(await who()).toMatchObject({
        userName: 'ada',
        permission: 'ADMIN',
        loginMethod: 'openid',
      });
    });

    it('the second user sees only the shared budget, opens it and edits it; the owner sees the edit', async () => {
      ben = await profile();
      const who = watchSession(ben, server.url);
      await signInThroughProvider(ben, { serverUrl: server.url, issuer: idp.issuer }, 'ben');
      expect(await who()).toMatchObject({
        userName: 'ben',
        permission: 'BASIC',
        loginMethod: 'openid',
      });
      await files(ben).getByText('Shared budget').waitFor(WAIT);
      await files(ben).getByText('Owner: ada').waitFor(WAIT);
      expect(await files(ben).getByText('Private budget').count()).toBe(0);
      // A basic user may not share another's file: the menu offers only Delete.
      await ben.getByRole('button', { name: 'Menu for Shared budget' }).click();
      expect(await ben.getByRole('menuitem', { name: 'Share' }).count()).toBe(0);
      await ben.keyboard.press('Escape');

      await files(ben).getByText('Shared budget').click();
      // A download and first open: slower than a page's step on a loaded machine.
      await sidebar(ben).getByText('Shared budget').waitFor({ timeout: 60_000 });
      await sidebar(ben).getByRole('button', { name: '+ Add account' }).click();
      await createLocalAccount(ben, 'Ben wallet', '5');

      await files(ada).getByText('Shared budget').click();
      await sidebar(ada).getByText('Ben wallet').waitFor(WAIT);
    });

    it('live: the next edit appears on the owner’s screen without a click; a half-typed cell stays', async () => {
      await sidebar(ada)
        .getByRole('link', { name: /^Checking/ })
        .click();
      await ada.getByRole('button', { name: '+ Add New' }).click();
      await ada.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
      await ada.keyboard.press('Tab');
      await ada.keyboard.type('Half typ');
      const payee = ada.getByRole('combobox', { name: 'Payee' });
      expect(await payee.inputValue()).toBe('Half typ');

      await sidebar(ben).getByRole('button', { name: '+ Add account' }).click();
      await createLocalAccount(ben, 'Ben savings', '7');

      // No click, no key on the owner's page: the live check brings it.
      await sidebar(ada).getByText('Ben savings').waitFor(WAIT);
      expect(await payee.inputValue()).toBe('Half typ');
      expect(await ada.evaluate(`document.activeElement?.getAttribute('aria-label')`)).toBe(
        'Payee',
      );
      expect(errors).toEqual([]);
    });

    it('a user removed while signed in is sent to the sign-in page with the notice; the checks stop', async () => {
      // Ben's budget is open and its live check running. Every answer to his syncs, recorded.
      const benSyncs: number[] = [];
      ben.on('response', (r) => {
        if (r.url().startsWith(`${server.url}/sync/`)) benSyncs.push(r.status());
      });
      const adaRequest = await ada.waitForRequest(
        (r) => r.url().startsWith(server.url) && Boolean(r.headers()['x-actual-token']),
        WAIT,
      );
      const adaToken = adaRequest.headers()['x-actual-token']!;
      const asAda = (method: string, path: string, body?: object) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: { 'x-actual-token': adaToken, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        }).then((r) => r.json() as Promise<unknown>);
      const listed = await asAda('GET', '/admin/users/');
      const benId: unknown = Array.isArray(listed)
        ? listed.find((u) => u?.userName === 'ben')?.id
        : undefined;
      expect(benId).toBeTruthy();
      expect(await asAda('DELETE', '/admin/users', { ids: [benId] })).toMatchObject({
        status: 'ok',
      });

      // No click on Ben's page: his next live check is refused and he lands on the sign-in
      // page, with the spec's notice.
      await ben.getByRole('button', { name: 'Sign in with OpenID' }).waitFor({ timeout: 60_000 });
      expect(new URL(ben.url()).pathname).toBe('/login');
      await ben.getByText('Unable to authenticate with server', { exact: true }).waitFor(WAIT);
      // Stopped cleanly: over two more check periods nothing more is asked, nothing thrown.
      const refusedSoFar = benSyncs.length;
      expect(benSyncs.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
      await ben.waitForTimeout(11_000);
      expect(benSyncs.length).toBe(refusedSoFar);
      expect(errors).toEqual([]);
    });
  },
);
