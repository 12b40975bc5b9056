import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerReleaseTags,
  launchBrowser,
  RELEASE_TAGS_URL,
  screenshots,
  SIZES,
} from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { allowUpdateCheck, bootstrapServer, createLocalAccount } from './helpers/steps.ts';

// Needs `npm run build` first (the server bundle and packages/web/dist).
const built =
  existsSync('packages/server/dist/main.js') && existsSync('packages/web/dist/index.html');

const WAIT = { timeout: 20_000 };
const PASSWORD = 'shell banners password';
// page.evaluate takes script strings here: the root tsconfig (which checks e2e/) has no DOM types.

/** The top bar's toggles, privacy mode, the update banner and notification, narrow screens. */
describe.runIf(built)('the app shell top bar and banners in Chromium', { timeout: 90_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
  const filterOf = (selector: string) =>
    page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).filter`);
  const amountFilter = () => filterOf('main .amount');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: SIZES.desktop });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    // The release tags (normally GitHub's) and the version the origin serves: a newer one.
    await answerReleaseTags(context, ['v23.10.0', 'v23.8.1', 'edge']);
    await context.route('**/version.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"version":"23.9.0"}' }),
    );
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('announces a newer release once, and a newer build at this origin', async () => {
    await bootstrapServer(page, server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    await sidebar().getByRole('button', { name: '+ Add account' }).click();
    await createLocalAccount(page, 'Checking', '1234.56');
    // The release check asks GitHub, so it waits until the person allows it.
    expect(await page.getByText('A new version of Coffer').count()).toBe(0);
    await allowUpdateCheck(page);

    const notice = page.getByRole('status').filter({ hasText: 'A new version of Coffer' });
    await notice.waitFor(WAIT);
    expect(await notice.getByRole('button', { name: 'Open changelog' }).isVisible()).toBe(true);
    const banner = page.getByRole('status').filter({ hasText: 'App updated to 23.9.0' });
    await banner.waitFor(WAIT);
    expect(await banner.getByRole('button', { name: 'Restart' }).isVisible()).toBe(true);
    expect(await banner.getByRole('link', { name: 'Release notes' }).isVisible()).toBe(true);
    await screenshots(page, 'shell-03-update-banner');

    await banner.getByRole('button', { name: 'Close' }).click();
    await notice.getByRole('button', { name: 'Close' }).click();
    expect(await banner.count()).toBe(0);
    // The origin now serves this build: no banner; the release was announced: no notice.
    await context.unroute('**/version.json');
    await page.reload();
    await sidebar().getByText('Checking').waitFor(WAIT);
    await page.waitForTimeout(1500);
    expect(await page.getByText('A new version of Coffer').count()).toBe(0);
    expect(await page.getByText(/App updated to/).count()).toBe(0);
  });

  it('checks for a release again when the browser comes back online', async () => {
    // A check made offline asks nothing; the browser's online event makes up for it.
    await context.unroute(RELEASE_TAGS_URL);
    await answerReleaseTags(context, ['v23.11.0', 'v23.10.0']);
    await page.evaluate("window.dispatchEvent(new Event('online'))");
    const notice = page.getByRole('status').filter({ hasText: 'Coffer 23.11.0 is out' });
    await notice.waitFor(WAIT);
    await notice.getByRole('button', { name: 'Close' }).click();
  });

  it('shows the theme and privacy toggles only behind their flags', async () => {
    const themeToggle = page.getByRole('button', { name: 'Switch to dark theme' });
    const privacyToggle = page.getByRole('button', { name: 'Enable privacy mode' });
    expect(await themeToggle.count()).toBe(0);
    expect(await privacyToggle.count()).toBe(0);
    await sidebar().getByText('More').click();
    await sidebar().getByText('Settings').click();
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    await page.getByRole('button', { name: /I understand the risks/ }).click();
    await page.getByLabel('Privacy mode').check();
    await page.getByLabel('Dark mode').check();

    await themeToggle.click();
    await expect
      .poll(() => page.evaluate('document.documentElement.dataset.theme'), WAIT)
      .toBe('dark');
    await screenshots(page, 'shell-08-dark-theme');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect
      .poll(() => page.evaluate('document.documentElement.dataset.theme'), WAIT)
      .toBe('light');
  });

  it('blurs amounts everywhere in privacy mode, except on narrow screens', async () => {
    await sidebar().getByText('Checking').click();
    await page.getByRole('main').getByText('Starting Balance', { exact: true }).waitFor(WAIT);
    expect(await amountFilter()).toBe('none');
    await page.getByRole('button', { name: 'Enable privacy mode' }).click();
    await expect.poll(amountFilter, WAIT).toBe('blur(3px)');
    const sidebarFilter = await filterOf('nav[aria-label="Sidebar"] .amount');
    expect(sidebarFilter).toBe('blur(3px)');
    await screenshots(page, 'shell-04-privacy');
    await page.setViewportSize(SIZES.phone);
    await expect.poll(amountFilter, WAIT).toBe('none');
    await page.setViewportSize(SIZES.desktop);
    await page.getByRole('button', { name: 'Disable privacy mode' }).click();
    await expect.poll(amountFilter, WAIT).toBe('none');
  });

  it('gives the phone an accounts list and an account header', async () => {
    await page.setViewportSize(SIZES.phone);
    await page.getByRole('button', { name: 'Try it anyway' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByText('Accounts').click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Accounts' }).waitFor(WAIT);
    await main.getByRole('link', { name: /Checking/ }).click();
    await main.getByRole('heading', { name: 'Checking' }).waitFor(WAIT);
    await expect
      .poll(() => main.getByTestId('account-balance').textContent(), WAIT)
      .toBe('1,234.56');
    expect(await main.getByRole('button', { name: 'Back to accounts' }).isVisible()).toBe(true);
    await main.getByText('Starting Balance', { exact: true }).waitFor(WAIT);
    await page.screenshot({ path: 'e2e/screenshots/shell-05-phone-account-phone.png' });
    await main.getByRole('button', { name: 'Back to accounts' }).click();
    await main.getByRole('link', { name: /Checking/ }).waitFor(WAIT);
    await page.screenshot({ path: 'e2e/screenshots/shell-06-phone-accounts-phone.png' });
    await page.setViewportSize(SIZES.desktop);
  });

  it('shows the mobile notice on narrow screens until dismissed', async () => {
    const notice = page.getByRole('dialog', { name: /features are limited on small screens/ });
    await context.clearCookies();
    await page.setViewportSize(SIZES.phone);
    await page.reload();
    await notice.waitFor(WAIT);
    expect(await notice.textContent()).toContain('Coffer features are limited on small screens.');
    await page.screenshot({ path: 'e2e/screenshots/shell-07-mobile-notice-phone.png' });
    // 'Try it anyway' alone: hidden for five minutes, through a cookie.
    await notice.getByRole('button', { name: 'Try it anyway' }).click();
    expect(await notice.count()).toBe(0);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor(WAIT);
    await page.waitForTimeout(500);
    expect(await notice.count()).toBe(0);
    expect((await context.cookies()).map((c) => c.name)).toContain('coffer-hide-mobile-notice');
    // With 'Don't remind me again' it stays hidden without the cookie too.
    await context.clearCookies();
    await page.reload();
    await notice.waitFor(WAIT);
    await notice.getByLabel('Don’t remind me again').check();
    await notice.getByRole('button', { name: 'Try it anyway' }).click();
    await context.clearCookies();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor(WAIT);
    await page.waitForTimeout(1000);
    expect(await notice.count()).toBe(0);
    // Never on wide screens.
    await context.clearCookies();
    await page.setViewportSize(SIZES.desktop);
    expect(await notice.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
