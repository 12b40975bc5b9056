import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BUILT, type ApiDevice, openApiDevice } from './helpers/api-device.ts';
import { answerReleaseTags, launchBrowser, SCREENSHOT_DIR, SIZES } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { BUILT, PASSWORD, WAIT } from './helpers/session.ts';
import { LOOK_SIZES, modalShots } from './helpers/shots.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

/** What the page and its workers reported as blocked by the Content-Security-Policy. */
const CSP_PROBE = `
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
`;

/** Like modalShots, with the section scrolled into view at each size (a phone's page is long). */
async function sectionShots(page: Page, section: Locator, name: string): Promise<void> {
  const setTheme = (theme: string) =>
    page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
  for (const theme of ['light', 'dark']) {
    await setTheme(theme);
    for (const [size, viewport] of Object.entries(LOOK_SIZES)) {
      await page.setViewportSize(viewport);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}-${theme}.png`) });
    }
  }
  await setTheme('light');
  await page.setViewportSize(SIZES.desktop);
}

/** A GET as it comes over the wire (fetch would decompress it): its headers and byte count. */
function getRaw(url: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, unknown>; bytes: number }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ headers: res.headers, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The app installed and offline, in Chromium against the built server: the service worker takes
 * control; with the server stopped and the browser offline the app starts from it, and a
 * transaction added then reaches a second device once the server is back; a newer build is
 * offered by 'A new version is ready' and starts only on Reload. No screen reports a CSP
 * violation. The web build is a copy (the test changes its service worker), served from a data
 * directory kept across the server's restart on the same port.
 */
describe.runIf(BUILT && API_BUILT)('the app installed and offline', { timeout: 240_000 }, () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'coffer-e2e-web-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-data-'));
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let device: ApiDevice | undefined;
  const errors: string[] = [];
  const cspConsole: string[] = [];
  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
  const cspViolations = async () => [
    ...cspConsole,
    ...((await page.evaluate('window.__csp ?? []')) as string[]),
  ];

  beforeAll(async () => {
    cpSync(process.env.COFFER_E2E_WEB_ROOT ?? 'packages/web/dist', webRoot, { recursive: true });
    server = await startServer({ dataDir, webRoot });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: SIZES.desktop });
    await answerReleaseTags(context);
    await context.addInitScript(CSP_PROBE);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (/Content.Security.Policy/i.test(m.text())) cspConsole.push(m.text());
    });
  });
  afterAll(async () => {
    await device?.close();
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is controlled by its service worker after the first visit, with a manifest and icons', async () => {
    await bootstrapServer(page, server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '100');
    await page.waitForFunction('navigator.serviceWorker.controller !== null', null, WAIT);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(server.url + href)).json()) as {
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    // The real build's heaviest files go brotli-compressed, cached for good; the shell revalidates.
    const assets = readdirSync(join(webRoot, 'assets'));
    for (const name of [/^worker-.+\.js$/, /^sqlite3-.+\.wasm$/, /^index-.+\.js$/]) {
      // The heaviest of the names that match (a small chunk such as worker-client-*.js also does).
      const size = (f: string) => statSync(join(webRoot, 'assets', f)).size;
      const file = assets.filter((f) => name.test(f)).sort((a, b) => size(b) - size(a))[0];
      const res = await getRaw(`${server.url}/assets/${file}`, 'br, gzip');
      expect(res.headers['content-encoding'], file).toBe('br');
      expect(res.bytes, file).toBeLessThan(statSync(join(webRoot, 'assets', file!)).size / 2);
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/', '/sw.js']) {
      const res = await getRaw(server.url + path, 'br, gzip');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
    for (const icon of manifest.icons) {
      const res = await fetch(server.url + icon.src);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
    }
  });

  it('shows every main screen without a CSP violation', async () => {
    for (const link of ['Budget', 'Reports', 'Schedules', 'Payees', 'Rules', 'Settings']) {
      const target = sidebar().getByText(link, { exact: true });
      if (!(await target.isVisible())) await sidebar().getByText(/^More/).click();
      await target.click();
      await page.getByRole('heading').first().waitFor(WAIT);
      await page.waitForLoadState('networkidle');
    }
    await sidebar()
      .getByRole('link', { name: /^Checking/ })
      .click();
    await page.getByText('Starting Balance').first().waitFor(WAIT);
    expect(await cspViolations()).toEqual([]);
  });

  it('says in Settings whether the browser keeps the budget, and offers an export when at risk', async () => {
    const settings = sidebar().getByText('Settings', { exact: true });
    if (!(await settings.isVisible())) await sidebar().getByText(/^More/).click();
    await settings.click();
    const storage = page.getByRole('region', { name: 'Storage' });
    await storage.waitFor(WAIT);
    const persisted = await page.evaluate('navigator.storage.persisted()');
    // The budget was just created and is not uploaded yet, or is: either way the section says
    // what the browser answered.
    await expect
      .poll(() => storage.textContent(), WAIT)
      .toContain(
        persisted ? 'This browser keeps Coffer’s data' : 'This browser may clear Coffer’s data',
      );
    await sectionShots(page, storage, 'settings-storage');
  });

  it('starts from the service worker with the server stopped and the browser offline, and keeps an edit made then', async () => {
    await server.stop();
    await context.setOffline(true);
    await page.goto(server.url + '/budget').catch(() => undefined);
    await sidebar()
      .getByRole('link', { name: /^Checking/ })
      .waitFor(WAIT);
    await sidebar()
      .getByRole('link', { name: /^Checking/ })
      .click();
    await page.getByText('Starting Balance').first().waitFor(WAIT);
    // The spec's sync state: the titlebar's sync button reads Offline.
    await page.getByRole('button', { name: 'Offline' }).first().waitFor(WAIT);

    await page.getByRole('button', { name: '+ Add New' }).click();
    await page.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
    const k = page.keyboard;
    await k.press('Tab');
    await k.type('Corner Shop');
    await k.press('Tab');
    await k.type('bought offline');
    await k.press('Tab');
    await k.press('Tab');
    await k.type('12.34');
    await k.press('Enter');
    await k.press('Escape');
    await page.getByText('bought offline').first().waitFor(WAIT);
    await sidebar().getByText('87.66').first().waitFor(WAIT);
  });

  it('syncs that edit when the network and the server come back', async () => {
    const port = Number(new URL(server.url).port);
    server = await startServer({ dataDir, webRoot, port });
    await context.setOffline(false);
    // Nothing clicked: coming back online, the app asks the server again and syncs.
    await page.getByRole('button', { name: 'Server online' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Sync', exact: true }).waitFor(WAIT);
    await expect.poll(() => page.getByRole('button', { name: 'Offline' }).count(), WAIT).toBe(0);

    device = await openApiDevice(server.url, PASSWORD, 'My Finances');
    const checking = (await device.api.getAccounts()).find((a) => a.name === 'Checking');
    const txs = await device.api.getTransactions(checking!.id);
    expect(txs.map((t) => [t.amount, t.notes])).toContainEqual([-1234, 'bought offline']);
  });

  it('offers a newer build as "A new version is ready" and starts it only on Reload', async () => {
    // A new deploy: another service worker script (its copies go, so the server sends it).
    const sw = join(webRoot, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8') + '\n// the next build\n');
    rmSync(sw + '.br', { force: true });
    rmSync(sw + '.gz', { force: true });
    await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
    const note = page.getByText('A new version is ready');
    await note.waitFor(WAIT);
    // Nothing was swapped: the page still runs, its edits still there.
    await page.getByText('bought offline').first().waitFor(WAIT);
    await modalShots(page, 'new-version-ready');

    const reloaded = page.waitForEvent('framenavigated', WAIT);
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await sidebar()
      .getByRole('link', { name: /^Checking/ })
      .waitFor(WAIT);
    expect(await note.count()).toBe(0);
    const scriptURL = await page.evaluate(
      'navigator.serviceWorker.getRegistration().then((r) => r.active && !r.waiting)',
    );
    expect(scriptURL).toBe(true);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe.runIf(BUILT)(
  'Settings › Storage for a budget kept only on this device',
  { timeout: 120_000 },
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      server = await startServer();
      browser = await launchBrowser();
      const context = await browser.newContext({ viewport: SIZES.desktop });
      await answerReleaseTags(context);
      page = await context.newPage();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('says plainly the budget may be lost, and offers the export and a backup', async () => {
      await page.goto(server.url + '/config-server');
      await page
        .getByRole('button', { name: /^(Don’t use a server|Stop using a server)$/ })
        .click();
      await page.getByRole('button', { name: 'Create new file' }).click();
      const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
      await sidebar.waitFor(WAIT);
      await sidebar.getByText(/^More/).click();
      await sidebar.getByText('Settings', { exact: true }).click();
      const storage = page.getByRole('region', { name: 'Storage' });
      await storage.getByText('This budget is kept only on this device.').waitFor(WAIT);
      await storage.getByRole('button', { name: 'Export data' }).waitFor(WAIT);
      await sectionShots(page, storage, 'settings-storage-local');

      await storage.getByRole('button', { name: 'Make a backup' }).click();
      await storage.getByText('Backup made.').waitFor(WAIT);
      await storage.getByRole('button', { name: 'See the backups' }).click();
      await page.getByRole('dialog', { name: 'Load Backup' }).waitFor(WAIT);
    });
  },
);
