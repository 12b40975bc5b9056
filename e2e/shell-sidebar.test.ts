import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReleaseTags, launchBrowser, screenshots, SIZES } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

// Needs `npm run build` first (the server bundle, packages/api/dist and packages/web/dist).
const built =
  existsSync('packages/server/dist/main.js') &&
  existsSync('packages/web/dist/index.html') &&
  existsSync('packages/api/dist/index.cjs');

const WAIT = { timeout: 20_000 };
const PASSWORD = 'shell sidebar password';

/** The sidebar: live balances, batched refreshes, reordering, floating mode; the top bar's count. */
describe.runIf(built)('the app shell sidebar in Chromium', { timeout: 90_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const notFound: string[] = [];

  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
  const accountNames = () =>
    sidebar()
      .locator('a.sidebar-account:not(.sidebar-group) .sidebar-account-name')
      .allTextContents();
  const groupBalance = (name: string) =>
    sidebar().locator('a.sidebar-group', { hasText: name }).locator('.amount');

  async function addAccount(name: string, balance: string, offBudget = false) {
    await sidebar().getByRole('button', { name: '+ Add account' }).click();
    await createLocalAccount(page, name, balance, { offBudget });
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: SIZES.desktop });
    await answerReleaseTags(context);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    // Page `response` events miss the favicon request; the protocol's network events do not.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.responseReceived', (e) => {
      if (e.response.status === 404) notFound.push(e.response.url);
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('loads without a 404 and shows live balances for each list', async () => {
    await bootstrapServer(page, server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    await addAccount('Checking', '1000');
    await addAccount('Savings', '500');
    await addAccount('Brokerage', '200', true);
    await expect.poll(() => groupBalance('All accounts').textContent(), WAIT).toBe('1,700.00');
    expect(await groupBalance('For budget').textContent()).toBe('1,500.00');
    expect(await groupBalance('Off budget').textContent()).toBe('200.00');
    expect(await accountNames()).toEqual(['Checking', 'Savings', 'Brokerage']);
    expect(notFound).toEqual([]);
  });

  it('keeps the balances right through a quick run of undo and redo', async () => {
    // Ten undo/redo steps sent back to back, as fast as keys can repeat. Undoing the last
    // account creation drops 200.00, redoing brings it back; ten steps end where they began.
    // (That a burst of pushes is applied as one refresh is state/cell-batcher.test.ts.)
    // A script string: the root tsconfig (which checks e2e/) has no DOM types.
    const seen = (await page.evaluate(`(async () => {
      const el = document.querySelector('a.sidebar-group .amount');
      const values = new Set();
      const observer = new MutationObserver(() => values.add(el.textContent ?? ''));
      observer.observe(el, { characterData: true, childList: true, subtree: true });
      for (let i = 0; i < 10; i++) {
        const init = { key: 'z', ctrlKey: true, metaKey: true, shiftKey: i % 2 === 1 };
        window.dispatchEvent(new KeyboardEvent('keydown', init));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [...values];
    })()`)) as string[];
    expect(seen.every((v) => v === '1,500.00' || v === '1,700.00')).toBe(true);
    await expect.poll(() => groupBalance('All accounts').textContent(), WAIT).toBe('1,700.00');
    await sidebar().getByText('Brokerage').waitFor(WAIT);
    await expect.poll(() => groupBalance('Off budget').textContent(), WAIT).toBe('200.00');
  });

  it('reorders accounts by drag and drop within their list only', async () => {
    const savings = sidebar().getByRole('link', { name: /^Savings/ });
    const checking = sidebar().getByRole('link', { name: /^Checking/ });
    await savings.dragTo(checking, { targetPosition: { x: 20, y: 4 } });
    await expect.poll(accountNames, WAIT).toEqual(['Savings', 'Checking', 'Brokerage']);
    // An off-budget account cannot land among the on-budget ones.
    await sidebar()
      .getByRole('link', { name: /^Brokerage/ })
      .dragTo(savings, { targetPosition: { x: 20, y: 4 } });
    await page.waitForTimeout(500);
    expect(await accountNames()).toEqual(['Savings', 'Checking', 'Brokerage']);
    await page.reload();
    await sidebar().getByText('Brokerage').waitFor(WAIT);
    expect(await accountNames()).toEqual(['Savings', 'Checking', 'Brokerage']);
  });

  it('reorders with Alt+arrow keys, stopping at the end of the list', async () => {
    const checking = sidebar().getByRole('link', { name: /^Checking/ });
    await checking.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(accountNames, WAIT).toEqual(['Checking', 'Savings', 'Brokerage']);
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(accountNames, WAIT).toEqual(['Savings', 'Checking', 'Brokerage']);
    // Checking is last of the on-budget list: down again does not cross into Off budget.
    await page.keyboard.press('Alt+ArrowDown');
    await page.waitForTimeout(500);
    expect(await accountNames()).toEqual(['Savings', 'Checking', 'Brokerage']);
    expect(await page.evaluate('document.activeElement?.textContent')).toMatch(/^Checking/);
  });

  it('counts uncategorized transactions another device adds, and links to them', async () => {
    const link = page.getByRole('link', { name: /uncategorized transaction/ });
    expect(await link.count()).toBe(0);
    await sidebar()
      .getByRole('link', { name: /^Checking/ })
      .click();
    const accountId = page.url().split('/accounts/')[1]!;
    await sidebar().getByText('More').click();
    await sidebar().getByText('Settings').click();
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    const syncId = (await page.getByText('Sync ID:').locator('..').locator('code').textContent())!;

    // A second device (Coffer's Node API) adds three uncategorized transactions and syncs.
    const api = createRequire(import.meta.url)('../packages/api/dist/index.cjs');
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-api-'));
    try {
      await api.init({ dataDir, serverURL: server.url, password: PASSWORD });
      await api.downloadBudget(syncId);
      await api.addTransactions(accountId, [
        { date: '2026-01-02', amount: -1200, notes: 'coffee' },
        { date: '2026-01-03', amount: -3400, notes: 'books' },
        { date: '2026-01-04', amount: -5600, notes: 'lunch' },
      ]);
      await api.sync();
      await api.shutdown();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect.poll(() => link.textContent(), WAIT).toBe('3 uncategorized transactions');
    await expect.poll(() => groupBalance('All accounts').textContent(), WAIT).toBe('1,598.00');
    await link.click();
    await page.waitForURL(/\/accounts\/uncategorized$/);
    await page.getByRole('main').getByText('lunch').waitFor(WAIT);
    expect(
      await page.getByRole('main').getByText('Starting Balance', { exact: true }).count(),
    ).toBe(0);
    await screenshots(page, 'shell-01-uncategorized');
  });

  it('floats the sidebar when unpinned: hidden until the left edge is hovered', async () => {
    // The pointer moves in steps, as a hand does; the edge strip sees it arrive.
    const hoverEdge = async () => {
      await page.mouse.move(400, 300);
      await page.mouse.move(2, 300, { steps: 6 });
    };
    const leave = () => page.mouse.move(700, 300, { steps: 6 });
    await sidebar().hover();
    await page.getByRole('button', { name: 'Unpin sidebar' }).click();
    await leave();
    await expect.poll(() => sidebar().isVisible(), WAIT).toBe(false);
    await hoverEdge();
    await expect.poll(() => sidebar().isVisible(), WAIT).toBe(true);
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'e2e/screenshots/shell-02-floating-sidebar-desktop.png' });
    await leave();
    await expect.poll(() => sidebar().isVisible(), WAIT).toBe(false);
    // Keyboard users open it from the title bar; focus moves into it; Escape closes it.
    await page.getByRole('button', { name: 'Show sidebar' }).click();
    await expect.poll(() => sidebar().isVisible(), WAIT).toBe(true);
    expect(await page.evaluate("Boolean(document.activeElement?.closest('nav'))")).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sidebar().isVisible(), WAIT).toBe(false);
    expect(await page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe(
      'Show sidebar',
    );
    // Pinned again, it stays; but a window under 668 wide always floats it.
    await hoverEdge();
    await page.getByRole('button', { name: 'Pin sidebar' }).click();
    await leave();
    await page.waitForTimeout(300);
    expect(await sidebar().isVisible()).toBe(true);
    await page.setViewportSize({ width: 640, height: 800 });
    await expect.poll(() => sidebar().isVisible(), WAIT).toBe(false);
    expect(await page.getByRole('button', { name: 'Show sidebar' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /pin sidebar/i }).count()).toBe(0);
    await page.setViewportSize(SIZES.desktop);
    await expect.poll(() => sidebar().isVisible(), WAIT).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows a page only wide windows have when it opens as the window widens from a phone’s size', async () => {
    // The layout follows the window by its resize event, which comes with the next frame. A page
    // opened before it was sent to the budget by the phone's layout still in place, and that
    // move replaced the page's address: the page asked for was lost (seen in bank-link's test).
    const open = (address: string) =>
      page.evaluate(`(() => {
        history.pushState({}, '', ${JSON.stringify(address)});
        dispatchEvent(new PopStateEvent('popstate'));
      })()`);
    const heading = page.getByRole('heading', { name: 'Schedules', exact: true });
    for (let round = 0; round < 8; round++) {
      await page.setViewportSize(SIZES.phone);
      await page.locator('.bottom-nav').waitFor(WAIT);
      await page.setViewportSize(SIZES.desktop);
      await open('/schedules');
      await heading.waitFor(WAIT);
      expect(new URL(page.url()).pathname, `round ${round}`).toBe('/schedules');
      await open('/budget');
      await heading.waitFor({ state: 'hidden', ...WAIT });
    }
    expect(errors).toEqual([]);
  });
});
