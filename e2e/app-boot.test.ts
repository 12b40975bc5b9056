import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots, SIZES } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

// Needs `npm run build` first (the server bundle and packages/web/dist).
const built =
  existsSync('packages/server/dist/main.js') && existsSync('packages/web/dist/index.html');

describe.runIf(built)('the built web app served by the Coffer server', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the app cross-origin isolated, with an SPA fallback for deep links', async () => {
    const res = await fetch(`${server.url}/settings`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('boots to a first screen without uncaught errors', async () => {
    const page = await browser.newPage({ viewport: SIZES.desktop });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    const heading = page.locator('h1, h2').first();
    await heading.waitFor({ timeout: 20_000 });
    expect((await heading.textContent())?.trim()).toBeTruthy();
    expect(await page.evaluate('self.crossOriginIsolated')).toBe(true);
    await screenshots(page, '01-first-screen');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the page's first script starts the core's worker before the app's entry has come back; the worker asks for SQLite, its wasm and the core at once", async () => {
    // Issue 29: the worker was made by the app's entry (React, the router, the kit: index-…)
    // once it had come back and run, 0.4 s into a phone's start; now boot-…, a small script
    // listed before it, makes it. The entry's answer is held here until the worker's script has
    // been asked for: a worker made by the entry is never asked for, and the page never starts.
    // (Before that, the worker was made only once a chunk of its own, worker-client, had come
    // back, after React's first render; and SQLite's wasm was asked for only once the core's
    // bundle, which held SQLite's library, had loaded and run.) A fresh context: no service
    // worker answers, so every script is a request the page sees, in the order made.
    const context = await browser.newContext({ viewport: SIZES.phone });
    const page = await context.newPage();
    const log: string[] = [];
    const file = (url: string) => new URL(url).pathname.split('/').pop() ?? '';
    // The worker's entry, not the core's bundle (worker-main-…); a hash can hold a '-'.
    const entry = /^worker-(?!main-)[\w-]+\.js$/;
    let workerAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (workerAsked = resolve));
    page.on('request', (r) => {
      log.push(`asked ${file(r.url())}`);
      if (entry.test(file(r.url()))) workerAsked();
    });
    page.on('requestfinished', (r) => log.push(`got ${file(r.url())}`));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await asked;
      await route.continue();
    });
    // Not until 'load': without the boot script that never comes, and the heading's wait fails.
    await page.goto(server.url, { waitUntil: 'commit' });
    await page.locator('h1, h2').first().waitFor({ timeout: 20_000 });
    await page.waitForFunction('performance.getEntriesByName("coffer:core-connected").length > 0');
    const scripts = log.filter((e) => e.startsWith('asked ') && /\.(js|wasm)$/.test(e));
    const at = (pattern: RegExp, what = 'asked ') =>
      log.findIndex((e) => e.startsWith(what) && pattern.test(e.slice(what.length)));
    // The page's two scripts, the boot script first, then the worker's: no chunk between them.
    expect(scripts.slice(0, 3).map((e) => e.slice('asked '.length))).toEqual([
      expect.stringMatching(/^boot-[\w-]+\.js$/),
      expect.stringMatching(/^index-[\w-]+\.js$/),
      expect.stringMatching(entry),
    ]);
    // The worker was asked for before the entry's code had come back, so before it ran.
    expect(at(entry)).toBeLessThan(at(/^index-[\w-]+\.js$/, 'got '));
    // The boot script (its modulepreload and its script tag are one request), the core's bundle
    // and SQLite's wasm asked for once: SQLite's warm-up helper (core-web's
    // sqlite/warm-helper.ts: the worker's entry again under another name, given the compiled
    // wasm) loads no core and no wasm. It asks for the entry and SQLite's library again, unless
    // the browser answers it from its memory cache, unseen here: once or twice.
    const count = (name: RegExp) => scripts.filter((e) => name.test(e.slice('asked '.length)));
    for (const name of [/^boot-[\w-]+\.js$/, /^worker-main-.+\.js$/, /^sqlite3-.+\.wasm$/])
      expect(count(name), String(name)).toHaveLength(1);
    for (const name of [/^sqlite-wasm-.+\.js$/, entry]) {
      expect(count(name).length, String(name)).toBeGreaterThanOrEqual(1);
      expect(count(name).length, String(name)).toBeLessThanOrEqual(2);
    }
    // SQLite's library before the core's bundle has come back.
    expect(at(/^sqlite-wasm-.+\.js$/)).toBeGreaterThan(at(entry));
    expect(at(/^sqlite-wasm-.+\.js$/)).toBeLessThan(at(/^worker-main-.+\.js$/, 'got '));
    // SQLite's wasm is asked for by the worker's entry beside the library, not by the library
    // once its chunk has come back and run (200 ms later on the phone bench's start).
    expect(at(/^sqlite3-.+\.wasm$/)).toBeLessThan(at(/^sqlite-wasm-.+\.js$/, 'got '));
    await context.close();
  });

  it("a browser that refuses the file storage gets the init failure screen, told before the app's entry ran", async () => {
    // The boot script's client hears the core's app-init-failure, which can come before the
    // app's entry has run (held here until the core's bundle has come back): Root still shows
    // it. The storage is refused by a folder where the worker's probe makes a file.
    const context = await browser.newContext({ viewport: SIZES.phone });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate(`navigator.storage
      .getDirectory()
      .then((root) => root.getDirectoryHandle('.coffer-probe', { create: true }))`);
    let coreIn: () => void = () => undefined;
    const core = new Promise<void>((resolve) => (coreIn = resolve));
    page.on('requestfinished', (r) => /\/worker-main-[\w-]+\.js$/.test(r.url()) && coreIn());
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await core;
      await route.continue();
    });
    await page.goto(server.url, { waitUntil: 'commit' });
    const alert = page.getByRole('alert');
    await alert
      .getByRole('heading', { name: 'Your browser is not supported' })
      .waitFor({ timeout: 20_000 });
    await expect(alert.textContent()).resolves.toContain('could not open its database storage');
    await screenshots(page, 'init-failure-storage-refused');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a screen's wait shows its spinner, and spins it, only after a second", async () => {
    // The loading screen's spinner spun from the start's first frame: each frame a compositor
    // frame, 50 ms of CPU a second in the phone bench's browser, taken from the start itself.
    const page = await browser.newPage({ viewport: SIZES.phone });
    await page.goto(server.url);
    await page.locator('h1, h2').first().waitFor({ timeout: 20_000 });
    // A string: the e2e files are typed without the DOM's names.
    const spinner = await page.evaluate(`(() => {
      const el = document.createElement('span');
      el.className = 'spinner late';
      document.body.append(el);
      const shown = {
        opacity: getComputedStyle(el).opacity,
        delays: el.getAnimations().map((a) => a.effect.getTiming().delay),
      };
      el.remove();
      return shown;
    })()`);
    expect(spinner).toEqual({ opacity: '0', delays: [1000, 1000] });
    await page.close();
  });
});
