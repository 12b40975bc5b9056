/**
 * Coffer's web app beside Actual's (`@actual-app/web`, served by the real `@actual-app/sync-server`
 * exactly as its users get it), in headless Chromium on 127.0.0.1. Both open the same budget,
 * made by Actual's API and uploaded to each server. Bundled and started by bench/web/run.mjs.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchBrowser, SIZES } from '../../e2e/helpers/browser.ts';
import { startActual, startCoffer } from '../server/servers.ts';
import { coldVisit, type Marks, returningVisit } from './flows.ts';
import { report, shipped, type Sizes, type Visit } from './report.ts';
import {
  type App,
  BUDGET_NAME,
  formatCents,
  median,
  PASSWORD,
  runBudgetScript,
  setUp,
} from './setup.ts';
import { cpuBetween, cpuByPid, recordResponses } from './visit.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    returning: { type: 'string', default: '3' },
    transactions: { type: 'string', default: '10000' },
    settle: { type: 'string', default: '3000' },
    'web-root': { type: 'string', default: 'packages/web/dist' },
  },
});
const RUNS = Number(values.runs);
const RETURNING = Number(values.returning);
const TRANSACTIONS = Number(values.transactions);
const SETTLE_MS = Number(values.settle);
const root = resolve('.');

/** One fresh browser (fresh profile): the first visit, then `RETURNING` returning ones. */
async function oneRun(app: App, balance: string): Promise<{ cold: Visit; returning: Visit[] }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: SIZES.desktop });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const measure = async (visit: () => Promise<Marks>): Promise<Visit> => {
      const recorder = recordResponses(page);
      const before = cpuByPid();
      const marks = await visit();
      const cpu = cpuBetween(before, cpuByPid(), app.server.pid);
      return {
        marks,
        browserCpuMs: cpu.browserMs,
        serverCpuMs: cpu.serverMs,
        loaded: recorder.stop(),
      };
    };
    const cold = await measure(() =>
      coldVisit(page, app.server.url, PASSWORD, BUDGET_NAME, balance),
    );
    const returning: Visit[] = [];
    for (let i = 0; i < RETURNING; i++) {
      // A returning user comes back after background work (sync, precaching) has finished.
      await page.waitForTimeout(SETTLE_MS);
      returning.push(await measure(() => returningVisit(page, app.server.url, balance)));
    }
    if (errors.length > 0) console.warn(`${app.name}: page errors: ${errors.join(' | ')}`);
    return { cold, returning };
  } finally {
    await browser.close();
  }
}

/** Bytes of each distinct JS/wasm URL: raw, and gzip level 9 (both servers send them plain). */
async function sizes(urls: Iterable<string>): Promise<Sizes> {
  const out: Sizes = new Map();
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status} (the build changed under the benchmark?)`);
    const body = Buffer.from(await res.arrayBuffer());
    out.set(url, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return out;
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const made = join(base, 'made');
  mkdirSync(made);
  const { id, checkingCents } = runBudgetScript(['make', made, String(TRANSACTIONS)]);
  const balance = formatCents(checkingCents);

  // A snapshot of the build: others may rebuild packages/web/dist while this runs.
  const webRoot = join(base, 'web');
  cpSync(resolve(values['web-root']), webRoot, { recursive: true });
  process.env.COFFER_WEB_ROOT = webRoot;
  const apps: App[] = [
    { name: 'coffer', server: await startCoffer() },
    { name: 'actual', server: await startActual() },
  ];
  const results: Record<string, { cold: Visit; returning: Visit[] }[]> = {};
  try {
    for (const app of apps) {
      await setUp(app, made, id);
      results[app.name] = [];
    }
    for (let run = 0; run < RUNS; run++) {
      // Alternating the order spreads the machine's noise over both apps.
      const order = run % 2 === 0 ? apps : [...apps].reverse();
      for (const app of order) {
        const r = await oneRun(app, balance);
        results[app.name]!.push(r);
        console.log(
          `run ${run + 1}/${RUNS} ${app.name}: first visit ${Math.round(r.cold.marks.interactive!)} ms, ` +
            `returning ${r.returning.map((v) => Math.round(v.marks.interactive!)).join(', ')} ms`,
        );
      }
    }

    const allUrls = new Set(
      Object.values(results)
        .flatMap((rs) => rs.flatMap((r) => [r.cold, ...r.returning].flatMap((v) => v.loaded)))
        .filter((l) => l.kind !== 'other')
        .map((l) => l.url),
    );
    const size = await sizes(allUrls);
    const summary = Object.fromEntries(
      apps.map((app) => {
        const rs = results[app.name]!;
        const colds = rs.map((r) => r.cold);
        const rets = rs.flatMap((r) => r.returning);
        const m = (vs: Visit[], f: (v: Visit) => number) => median(vs.map(f));
        return [
          app.name,
          {
            cold: {
              signInShownMs: m(colds, (v) => v.marks.signInShown!),
              budgetShownMs: m(colds, (v) => v.marks.budgetShown!),
              interactiveMs: m(colds, (v) => v.marks.interactive!),
              browserCpuMs: m(colds, (v) => v.browserCpuMs),
              serverCpuMs: m(colds, (v) => v.serverCpuMs),
              shipped: shipped(colds[0]!.loaded, size),
            },
            returning: {
              budgetShownMs: m(rets, (v) => v.marks.budgetShown!),
              interactiveMs: m(rets, (v) => v.marks.interactive!),
              browserCpuMs: m(rets, (v) => v.browserCpuMs),
              serverCpuMs: m(rets, (v) => v.serverCpuMs),
              shipped: shipped(rets[0]!.loaded, size),
            },
          },
        ];
      }),
    );
    report(
      { transactions: TRANSACTIONS, runs: RUNS, returning: RETURNING, root },
      summary,
      results,
      size,
      balance,
    );
  } finally {
    for (const app of apps) await app.server.stop();
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
