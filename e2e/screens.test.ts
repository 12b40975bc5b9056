import type { Locator, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReleaseTags, screenshots, SIZES } from './helpers/browser.ts';
import {
  BUILT,
  PASSWORD,
  type Profile,
  type Session,
  startSession,
  WAIT,
} from './helpers/session.ts';
import { bootstrapServer, importNynab } from './helpers/steps.ts';

/**
 * Every main screen at 1280×800 and 390×844 on a budget with real data (an nYNAB export), for
 * looking at: `screenshots/screen-*`. On the phone, the mobile notice and a notification must
 * leave the page, each other and the tab bar uncovered; nothing may log an error meanwhile.
 */
describe.runIf(BUILT)('the main screens at both sizes', { timeout: 90_000 }, () => {
  let session: Session;
  let profile: Profile;
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  // Which page load made each request. The test's own navigations (goto, reload) cut off what
  // the page they leave still had open — the start-up checks run after a sync, late on a busy
  // machine — and that is no failure of the app; every other failed request is. The page left
  // (its core's worker) can still start a request after the navigation's own request, so a
  // request cut off before the new page has loaded counts as the old page's too.
  let pageLoad = 0;
  let leaving = false;
  const madeIn = new Map<Request, number>();

  beforeAll(async () => {
    session = await startSession();
    profile = session.first;
    profile.page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    profile.page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === profile.page.mainFrame()) {
        pageLoad += 1;
        leaving = true;
      }
      madeIn.set(r, pageLoad);
    });
    profile.page.on('load', () => {
      leaving = false;
    });
    profile.page.on('requestfailed', (r) => {
      const error = r.failure()?.errorText;
      const cutOff = error === 'net::ERR_ABORTED' && (leaving || madeIn.get(r)! < pageLoad);
      if (!cutOff) failedRequests.push(`${r.url()} ${error}`);
    });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('the manager’s file list', async () => {
    const { page } = profile;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await importNynab(page);
    await profile.sidebar().getByRole('button', { name: /▾/ }).first().click();
    await page.getByRole('menuitem', { name: 'Close file' }).click();
    await page.getByRole('button', { name: 'Create new file' }).waitFor(WAIT);
    await screenshots(page, 'screen-1-files');
  });

  it('the budget, accounts, an account, payees and settings', async () => {
    const { page, sidebar, main } = profile;
    await page.getByRole('button', { name: 'Create new file' }).waitFor(WAIT);
    // The nYNAB export's budget is named Test.
    await page.getByText('Test', { exact: true }).click();
    await sidebar().waitFor(WAIT);
    await page.goto(`${session.server.url}/budget`);
    await sidebar().waitFor(WAIT);
    await screenshots(page, 'screen-2-budget');
    await sidebar().getByText('All accounts').click();
    await main().getByText(/./).first().waitFor(WAIT);
    await screenshots(page, 'screen-3-accounts');
    await sidebar().locator('a.sidebar-account:not(.sidebar-group)').first().click();
    await main().getByRole('row').nth(2).waitFor(WAIT);
    await screenshots(page, 'screen-4-account');
    await profile.goTo('Payees');
    await page.getByRole('table', { name: 'Payees' }).getByRole('row').nth(2).waitFor(WAIT);
    await screenshots(page, 'screen-5-payees');
    await profile.goTo('Settings');
    await page.getByText('Formatting').waitFor(WAIT);
    await screenshots(page, 'screen-6-settings');
  });

  it('keeps the page, the mobile notice, a notification and the tab bar apart on a phone', async () => {
    const { page, context } = profile;
    // A newer release: once the check is allowed (on this Settings page), the sticky
    // new-version notification shows after the reload.
    await page.getByLabel('Check for new versions').check();
    await page.getByText('You’re up to date!').waitFor(WAIT);
    await answerReleaseTags(context, ['v99.0.0']);
    await page.setViewportSize(SIZES.phone);
    await page.reload();
    const notice = page.getByRole('dialog', { name: /features are limited on small screens/ });
    const update = page.getByRole('status').filter({ hasText: 'A new version of Coffer' });
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await notice.waitFor(WAIT);
    await update.waitFor(WAIT);
    await page.getByText('Hide decimal places').waitFor(WAIT);
    const box = async (l: Locator) => {
      const b = await l.boundingBox();
      if (!b) throw new Error('not laid out');
      return { top: b.y, bottom: b.y + b.height };
    };
    const mainBox = await box(profile.main());
    const noticeBox = await box(notice);
    const updateBox = await box(update);
    const tabsBox = await box(tabs);
    expect(mainBox.bottom).toBeLessThanOrEqual(noticeBox.top + 0.5);
    expect(noticeBox.bottom).toBeLessThanOrEqual(tabsBox.top + 0.5);
    expect(updateBox.bottom).toBeLessThanOrEqual(noticeBox.top);
    expect(tabsBox.bottom).toBeLessThanOrEqual(SIZES.phone.height + 0.5);
    // The last settings control scrolls into view above the notice, not under it.
    await page.getByText('Show advanced settings').scrollIntoViewIfNeeded();
    const last = await box(page.getByText('Show advanced settings'));
    expect(last.bottom).toBeLessThanOrEqual(noticeBox.top);
    await page.screenshot({ path: 'e2e/screenshots/screen-7-notice-and-notification-phone.png' });
    // Settings → About names the newer release the check found.
    await page.getByText('New version available:').waitFor(WAIT);
    await page.setViewportSize(SIZES.desktop);
    expect(profile.errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(failedRequests).toEqual([]);
  });
});
