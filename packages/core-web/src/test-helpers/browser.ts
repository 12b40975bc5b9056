import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { cofferWorkerPlugin } from '../vite-plugin.ts';
import type { StartOptions, TestPage } from '../../test-page/main.ts';

const TEST_PAGE = fileURLToPath(new URL('../../test-page/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
};

/**
 * Build the test page (and its workers) with Vite into a temp folder. A bundled caller (a
 * benchmark) passes the page's folder, which it cannot find from its own location.
 */
export async function buildTestPage(root = TEST_PAGE): Promise<{ dir: string; cleanup(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-core-web-'));
  await build({
    root,
    logLevel: 'warn',
    configFile: false,
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: false,
      target: 'es2022',
      reportCompressedSize: false,
    },
    worker: { format: 'es', plugins: () => [cofferWorkerPlugin()] },
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Serve `dir` on 127.0.0.1 with the cross-origin isolation headers the app is served with. */
export async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
        });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export { launchChromium, launchPersistentChromium } from './chromium.ts';

/** Drive the test page in `page`: start the worker, call handlers, read pushes. */
export function driver(page: Page) {
  const start = async (options: StartOptions): Promise<void> => {
    await page.waitForFunction(() => 'coffer' in globalThis);
    // Playwright runs these functions in the page, where `coffer` is the page's API.
    await page.evaluate(
      (opts) => (globalThis as unknown as { coffer: TestPage }).coffer.start(opts),
      options,
    );
  };
  return {
    /** Start the worker on the page as it is (`open` goes to the page first). */
    start,
    async open(url: string, options: StartOptions = {}): Promise<void> {
      await page.goto(url);
      await start(options);
    },
    async reload(options: StartOptions = {}): Promise<void> {
      await page.reload();
      await start(options);
    },
    send<T = unknown>(name: string, args?: unknown): Promise<T> {
      return page.evaluate(
        ([n, a]) => (globalThis as unknown as { coffer: TestPage }).coffer.send(n, a),
        [name, args] as const,
      ) as Promise<T>;
    },
    /** See `TestPage.cutWrite`; `reload()` after it starts the core again. */
    cutWrite(budgetDir: string, sql: string, journalMode: string): Promise<unknown> {
      return page.evaluate(
        ([dir, text, mode]) =>
          (globalThis as unknown as { coffer: TestPage }).coffer.cutWrite(dir, text, mode),
        [budgetDir, sql, journalMode] as const,
      );
    },
    pushes(): Promise<Array<{ name: string; args: unknown }>> {
      return page.evaluate(() => (globalThis as unknown as { coffer: TestPage }).coffer.pushes());
    },
    /** The worker's OPFS calls by kind since its start or the last ask (`countOpfs` starts). */
    opfsCalls(): Promise<{ calls: Record<string, number> | null }> {
      return page.evaluate(() =>
        (globalThis as unknown as { coffer: TestPage }).coffer.opfsCalls(),
      ) as Promise<{ calls: Record<string, number> | null }>;
    },
    platformCheck(): Promise<unknown> {
      return page.evaluate(() =>
        (globalThis as unknown as { coffer: TestPage }).coffer.platformCheck(),
      );
    },
    /** Top-level OPFS entries, to see which storage a mode used. */
    opfsEntries(): Promise<string[]> {
      return page.evaluate(async () => {
        const nav = (
          globalThis as unknown as {
            navigator: { storage: { getDirectory(): Promise<{ keys(): AsyncIterable<string> }> } };
          }
        ).navigator;
        const names: string[] = [];
        for await (const name of (await nav.storage.getDirectory()).keys()) names.push(name);
        return names;
      });
    },
  };
}
