// Does Chromium keep SQLite's compiled wasm between starts (issue 29)? A returning phone start
// spends 90-110 ms of CPU on V8's optimised compiles of sqlite3.wasm and about 20 ms on its lazy
// first-call compiles, which a code cache hit would skip. This loads the pinned sqlite-wasm (from
// node_modules) in a dedicated worker or the page, fetched straight from an HTTP server
// (`immutable`) or through a service worker's Cache Storage as the app does, runs SQL enough to
// tier up, stays open `--wait` ms, and relaunches Chromium on the same profile `--loads` times.
// Each load prints the code cache's trace events (`v8.wasm.cachedModule` is a write,
// `v8.wasm.moduleCacheHit` a hit), the optimised compiles' CPU, the lazy compiles, and the size
// of the profile's wasm code cache.
//   node bench/web-phone/wasm-cache.mjs [--where worker|main] [--via direct|sw] [--loads 3]
//     [--wait 6000]
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'; // prettier-ignore
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { option } from '../lib/child.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const where = option('where', 'worker');
const via = option('via', 'direct');
const loads = Number(option('loads', '3'));
const wait = Number(option('wait', '6000'));

const SQL = `
  const { default: init } = await import('/index.mjs');
  globalThis.sqlite3ApiConfig = { disable: { vfs: { opfs: true, 'opfs-wl': true, kvvfs: true } } };
  const sqlite3 = await init();
  const db = new sqlite3.oo1.DB(':memory:');
  db.exec('CREATE TABLE t(a INTEGER, b TEXT)');
  for (let r = 0; r < 30; r++) {
    db.exec("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<20000) INSERT INTO t SELECT x, 'v'||x FROM c");
    db.exec('SELECT sum(a), count(*) FROM t GROUP BY a % 7');
    db.exec('DELETE FROM t');
  }`;
const PAGE = `<!doctype html><html><body><script type="module">
  if (${via === 'sw'} && !navigator.serviceWorker.controller) {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    location.reload();
  } else if (${where === 'main'}) {
    ${SQL}
    document.title = 'done';
  } else {
    new Worker('/worker.mjs', { type: 'module' }).onmessage = () => (document.title = 'done');
  }
</script></body></html>`;
const FILES = ['/index.mjs', '/sqlite3.wasm', '/worker.mjs'];
const SW = `
  const FILES = ${JSON.stringify(FILES)};
  self.addEventListener('install', (e) => { e.waitUntil(caches.open('c').then((c) => c.addAll(FILES))); self.skipWaiting(); });
  self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
  self.addEventListener('fetch', (e) => {
    const path = new URL(e.request.url).pathname;
    if (FILES.includes(path)) e.respondWith(caches.open('c').then((c) => c.match(path)).then((r) => r ?? fetch(e.request)));
  });`;

const site = mkdtempSync(join(tmpdir(), 'wasm-cache-site-'));
const dist = join(root, 'node_modules/@sqlite.org/sqlite-wasm/dist');
copyFileSync(join(dist, 'index.mjs'), join(site, 'index.mjs'));
copyFileSync(join(dist, 'sqlite3.wasm'), join(site, 'sqlite3.wasm'));
writeFileSync(join(site, 'index.html'), PAGE);
writeFileSync(join(site, 'worker.mjs'), `${SQL}\npostMessage('done');\n`);
writeFileSync(join(site, 'sw.js'), SW);

const TYPES = { html: 'text/html', mjs: 'text/javascript', js: 'text/javascript', wasm: 'application/wasm' }; // prettier-ignore
const server = http.createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const file = path === '/' ? 'index.html' : path.slice(1);
  try {
    const body = readFileSync(join(site, file));
    const immutable = file !== 'index.html' && file !== 'sw.js';
    res.writeHead(200, {
      'content-type': TYPES[file.split('.').pop()] ?? 'text/plain',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
const address = server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

/** Bytes under `dir` (0 when it does not exist). */
function sizeOf(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, e) => sum + (e.isDirectory() ? sizeOf(join(dir, e.name)) : statSync(join(dir, e.name)).size), // prettier-ignore
      0,
    );
  } catch {
    return 0;
  }
}

const profile = mkdtempSync(join(tmpdir(), 'wasm-cache-profile-'));
const CACHE_EVENTS = /^v8\.wasm\.(cachedModule|moduleCacheHit|moduleCacheInvalid|compiledModule)$/;
try {
  for (let i = 0; i < loads; i++) {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['disabled-by-default-devtools.timeline', 'v8.wasm'] },
    });
    await page.goto(url);
    await page.waitForFunction("document.title === 'done'", null, { timeout: 300_000 });
    await page.waitForTimeout(wait);
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    await complete;
    await context.close();
    const cache = events.filter((e) => CACHE_EVENTS.test(e.name)).map((e) => e.name);
    const cpu = (name) => events.filter((e) => e.name === name).reduce((s, e) => s + (e.tdur ?? e.dur ?? 0) / 1000, 0); // prettier-ignore
    const lazy = events.filter((e) => e.name === 'wasm.CompileLazy').length;
    const kept = sizeOf(join(profile, 'Default/Code Cache/wasm'));
    console.log(
      `${where}, ${via}, load ${i + 1}: code cache events ${cache.join(', ') || 'none'};` +
        ` optimised compiles ${Math.round(cpu('wasm.TopTierCompilation'))} ms CPU, lazy compiles ×${lazy};` +
        ` wasm code cache on disk ${kept} B`,
    );
  }
} finally {
  server.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(site, { recursive: true, force: true });
}
