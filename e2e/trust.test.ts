import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerReleaseTags,
  RELEASE_TAGS_URL,
  SCREENSHOT_DIR,
  screenshots,
  SIZES,
} from './helpers/browser.ts';
import {
  BUILT,
  PASSWORD,
  type Profile,
  type Session,
  startSession,
  WAIT,
} from './helpers/session.ts';
import { MONTH, monthTitle, readBudgeted } from './helpers/budget.ts';
import { bootstrapServer } from './helpers/steps.ts';

/**
 * What a newcomer meets, taken at its word: the demo budget from the first-run screen, an About
 * page that never claims an update check it could not make (and makes none before the person
 * allows it), and a file list that tells two copies of one budget apart, keeps the closed demo
 * budget, and says 'Syncing' of no closed file.
 */
describe.runIf(BUILT)('honest screens for a newcomer, in Chromium', { timeout: 90_000 }, () => {
  let session: Session;
  let profile: Profile;
  let page: Profile['page'];
  /** Every request the page made, in order. */
  const requests: string[] = [];
  const exportDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-export-'));
  const thirdParty = () => requests.filter((url) => !url.startsWith(session.server.url));

  /** Both sizes in the light theme, then 1100×800 in both themes and the desktop in dark. */
  async function lookAt(name: string): Promise<void> {
    await screenshots(page, name);
    const shot = (suffix: string) =>
      page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${suffix}.png`) });
    await page.setViewportSize({ width: 1100, height: 800 });
    await shot('1100');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await shot('1100-dark');
    await page.setViewportSize(SIZES.desktop);
    await shot('desktop-dark');
    await page.evaluate("document.documentElement.dataset.theme = 'light'");
  }

  beforeAll(async () => {
    session = await startSession();
    profile = session.first;
    page = profile.page;
    page.on('request', (r) => requests.push(r.url()));
  });
  afterAll(async () => {
    await session?.close();
    rmSync(exportDir, { recursive: true, force: true });
  });

  it('a newcomer opens the demo budget from the first-run screen', async () => {
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('heading', { name: 'Let’s get started!' }).waitFor(WAIT);
    await lookAt('trust-01-first-run');
    await page.getByRole('button', { name: 'Try the demo budget' }).click();

    // Accounts with balances in the sidebar, a budget, and an account's transactions.
    for (const name of ['Checking', 'Credit Card', 'Savings']) {
      await profile.sidebar().getByText(name, { exact: true }).waitFor(WAIT);
    }
    await profile.sidebar().getByText('Budget', { exact: true }).click();
    // The month's summary, and money budgeted in its categories.
    await page
      .getByRole('button', { name: new RegExp(`^(To Budget|Overbudget) in ${monthTitle(MONTH)}:`) })
      .waitFor(WAIT);
    // The demo budgets 320.00 for groceries every month, this one too.
    await expect.poll(() => readBudgeted(page, 'Groceries', MONTH), WAIT).toBe(32_000);
    await profile.sidebar().getByText('Checking', { exact: true }).click();
    await profile.main().getByRole('row').filter({ hasText: 'Fresh Market' }).first().waitFor(WAIT);
    expect(await profile.main().getByRole('row').count()).toBeGreaterThan(10);
    await screenshots(page, 'trust-02-demo-account');
    expect(profile.errors).toEqual([]);
  });

  it('About: nothing is asked of a third party until allowed; offline it says it could not check', async () => {
    await profile.goTo('Settings');
    const about = page.getByRole('region', { name: 'About' });
    const status = about.getByRole('status', { name: 'Update check' });
    await status.getByText('Coffer does not check for new versions.').waitFor(WAIT);
    expect(await about.getByLabel('Check for new versions').isChecked()).toBe(false);
    // Start, bootstrap, demo, reload, settings: every request went to this server.
    expect(thirdParty()).toEqual([]);

    await profile.context.setOffline(true);
    await about.getByLabel('Check for new versions').check();
    await status
      .getByText('Couldn’t check for new versions. Check your connection and try again.')
      .waitFor(WAIT);
    expect(await about.getByText('You’re up to date!').count()).toBe(0);
    expect(thirdParty()).toEqual([]);
    await lookAt('trust-03-about-offline');

    // Back online, the check runs again (the release list is answered inside the browser).
    await answerReleaseTags(profile.context, ['v23.8.1']);
    await profile.context.setOffline(false);
    await status.getByText('You’re up to date!').waitFor(WAIT);
    expect(thirdParty()).toEqual([RELEASE_TAGS_URL]);
    // Turned off again, it forgets what it found and asks nothing more.
    await about.getByLabel('Check for new versions').uncheck();
    await status.getByText('Coffer does not check for new versions.').waitFor(WAIT);
  });

  it('after importing its own export, the file list tells the two copies apart', async () => {
    // A budget of one's own, on the server; then its export, imported again.
    await profile.sidebar().getByRole('button', { name: /▾/ }).first().click();
    await page.getByRole('menuitem', { name: 'Close file' }).click();
    await page.getByRole('button', { name: 'Create new file' }).click();
    await profile.sidebar().waitFor(WAIT);
    await profile.goTo('Settings');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export data' }).click();
    const zip = join(exportDir, (await download).suggestedFilename());
    await (await download).saveAs(zip);
    await profile.sidebar().getByRole('button', { name: /▾/ }).first().click();
    await page.getByRole('menuitem', { name: 'Close file' }).click();
    await page.getByRole('button', { name: 'Import file' }).click();
    await page.getByRole('button', { name: 'Coffer or Actual export (.zip)' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByText('Select file...').click();
    await (await chooser).setFiles(zip);
    await profile.sidebar().waitFor(WAIT);
    await profile.sidebar().getByRole('button', { name: /▾/ }).first().click();
    await page.getByRole('menuitem', { name: 'Close file' }).click();

    const files = page.getByRole('list', { name: 'Files' });
    const copies = files.getByRole('button', { name: /^My Finances/ });
    await expect.poll(() => copies.count(), WAIT).toBe(2);
    const names = await copies.evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ''));
    // One is here and on the server (just opened), the other only on the server.
    const here = names.find((n) => n.includes('On this device and the server'));
    const there = names.find((n) => n.includes('On the server only'));
    expect(here).toMatch(/Last opened .*Local file My-Finances-/);
    expect(there).toMatch(/Not downloaded to this device · Server file [0-9a-f]{8}/);
    expect(new Set(names).size).toBe(2);
    // Closed files are not syncing: the copy here and on the server says it is synced.
    expect(here).toContain('Synced');
    expect(await files.getByText('Syncing').count()).toBe(0);
    // The demo budget, closed at the start of this test, is still listed: a local file.
    const demo = files.getByRole('button', { name: /^Demo Budget/ });
    expect(await demo.count()).toBe(1);
    expect(await demo.textContent()).toMatch(/On this device only.*Local$/);
    await lookAt('trust-04-two-copies');

    // The delete dialog says which copy it is about.
    await files.getByRole('button', { name: /^Menu for My Finances \(Server file/ }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete My Finances' });
    await dialog
      .getByText(/On the server only · Not downloaded to this device · Server file/)
      .waitFor(WAIT);
    await page.keyboard.press('Escape');
    expect(profile.errors).toEqual([]);
  });
});
