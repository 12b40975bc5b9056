/**
 * Filtering the register by a tag (issue 32), Coffer beside Actual 26.9's web build
 * (`actual-sync-server-26`), in headless Chromium on the same budget: 10 % of its transactions
 * hold `#trip` in their notes (written into the made file before each server gets its upload).
 * In the Checking register, a click on a `#trip` tag in a row's notes (Coffer's chip, Actual's
 * tag button: both add 'has tag #trip' to the filter) until the first frame where every shown
 * row holds the tag; the frame floor (a click that changes nothing, to the next frame) in the
 * same run. Bundled and started by bench/tags/run.mjs.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser, SIZES } from '../../e2e/helpers/browser.ts';
import { startActualServer } from '../../packages/server/src/interop/targets.ts';
import { startCoffer } from '../server/servers.ts';
import { coldVisit } from './flows.ts';
import { traceStep } from './phone-trace.ts';
import { printTimeline, traceTimeline } from './trace-timeline.ts';
import { frameFloor, SELECTORS, type AppName } from './register.ts';
import {
  type App,
  BUDGET_NAME,
  formatCents,
  median,
  PASSWORD,
  runBudgetScript,
  setUp,
} from './setup.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    repeats: { type: 'string', default: '5' },
    apps: { type: 'string', default: 'coffer,actual' },
    'web-root': { type: 'string', default: 'packages/web/dist' },
    /**
     * A Chrome trace of Coffer's last filter, as a timeline: each task of the main thread and
     * the core's worker from the click, with its script, layout and paint (trace-timeline.ts).
     */
    trace: { type: 'boolean', default: false },
    /** The timeline of the first filter instead (the cold one: the core's first tag query). */
    'trace-first': { type: 'boolean', default: false },
    /** The timeline of this try instead (1: the first), to see a slow one of the first few. */
    'trace-try': { type: 'string' },
    /** The same with the sampling profiler: the hottest functions (it slows every task). */
    profile: { type: 'boolean', default: false },
    /** How long a register may take to show its rows (Actual's at 100,000 on a loaded machine). */
    'wait-seconds': { type: 'string', default: '180' },
  },
});
const TRANSACTIONS = Number(values.transactions);
const REPEATS = Number(values.repeats);
const TAG = 'trip';
const TARGET_MS = 50;
const WAIT = Number(values['wait-seconds']) * 1000;
const root = resolve('.');

/** Where each app shows a row's notes (Actual by its data-testid). */
const NOTES: Record<AppName, string> = {
  coffer: '[data-col=notes]',
  actual: '[data-testid="notes"]',
};

/** One transaction in ten (by row order) gets ` #trip` after its notes, in the made file. */
function tagTenPercent(dbPath: string): number {
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const db = new Database(dbPath);
  const res = db
    .prepare(
      `UPDATE transactions SET notes = TRIM(COALESCE(notes, '') || ' #${TAG}')
       WHERE rowid % 10 = 0 AND tombstone = 0`,
    )
    .run();
  db.close();
  return res.changes as number;
}

/**
 * In the page: from the click on the first `#trip` tag in the register to the first frame where
 * rows are shown and every one holds the tag.
 */
function clickTag(page: Page, app: AppName): Promise<number> {
  const arg = { row: SELECTORS[app].row, notes: NOTES[app], tag: `#${TAG}` };
  return page.evaluate(
    `(async (arg) => {
      const rows = () => [...document.querySelectorAll(arg.row)];
      const notesOf = (r) => r.querySelector(arg.notes)?.textContent ?? '';
      const tagEl = rows().flatMap((r) => [...(r.querySelector(arg.notes)?.querySelectorAll('*') ?? [])])
        // Its own text (Coffer's chip also holds a screen-reader hint in a child).
        .find((el) => [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim() === arg.tag);
      if (!tagEl) throw new Error('no ' + arg.tag + ' shown in the first rows');
      // Unfiltered, nine rows in ten hold no tag: only the filter makes every row hold it.
      const ready = () => {
        const shown = rows();
        return shown.length > 0 && shown.every((r) => notesOf(r).includes(arg.tag));
      };
      const t0 = performance.now();
      (tagEl.closest('button, [role=button], a') ?? tagEl).click();
      return await new Promise((resolve, reject) => {
        const done = () => requestAnimationFrame(() => resolve(performance.now() - t0));
        if (ready()) return done();
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          clearTimeout(timer);
          done();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error('timed out')); }, ${WAIT});
      });
    })(${JSON.stringify(arg)})`,
  ) as Promise<number>;
}

interface Result {
  failed?: string;
  floorMs: number[];
  filterMs: number[];
}

async function openChecking(page: Page): Promise<void> {
  await page.getByText('Checking', { exact: true }).first().click();
  await page.waitForURL(/\/accounts\/[^/]+$/);
  await page.locator(SELECTORS.coffer.row).or(page.locator(SELECTORS.actual.row)).first().waitFor({
    timeout: WAIT,
  });
  await page.waitForTimeout(1500);
}

async function measureApp(app: App, balanceCents: number): Promise<Result> {
  const name = app.name as AppName;
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: SIZES.desktop })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await coldVisit(page, app.server.url, PASSWORD, BUDGET_NAME, formatCents(balanceCents), {
      timeout: 900_000,
    });
    await page.waitForTimeout(4000);
    const result: Result = { floorMs: [], filterMs: [] };
    for (let i = 0; i < REPEATS; i++) {
      // A fresh register each time: no filter left from the run before.
      await page.getByText('All accounts', { exact: true }).first().click();
      await openChecking(page);
      result.floorMs.push(await frameFloor(page));
      const traceAt = values['trace-try'] ? Number(values['trace-try']) - 1 : null;
      const last =
        name === 'coffer' && i === (traceAt ?? (values['trace-first'] ? 0 : REPEATS - 1));
      const file = join(tmpdir(), `tags-filter-${process.pid}.json`);
      const tracing = values.trace || values['trace-first'] || traceAt !== null;
      const traced = last && tracing ? await traceTimeline(browser, page, file) : null;
      const profiled = last && values.profile ? await traceStep(browser, page, file) : null;
      try {
        const ms = await clickTag(page, name);
        // After the frame the step waited for: the paint of its rows is in the trace.
        await page.waitForTimeout(200);
        if (traced) printTimeline(`coffer: filter by #${TAG}`, await traced.stop());
        if (profiled) printTrace(await profiled.stop());
        console.log(`${app.name}: filter by #${TAG}, rows painted ${Math.round(ms)} ms`);
        result.filterMs.push(ms);
      } catch (e) {
        console.log(`${app.name}: filter by tag did not finish: ${(e as Error).message}`);
        result.filterMs.push(WAIT);
        break;
      }
    }
    if (errors.length > 0) console.warn(`${app.name}: page errors: ${errors.join(' | ')}`);
    return result;
  } finally {
    await browser.close();
  }
}

function printTrace(trace: Awaited<ReturnType<Awaited<ReturnType<typeof traceStep>>['stop']>>) {
  console.log(`coffer: filter by #${TAG} traced over ${trace.wallMs} ms`);
  for (const t of trace.threads.slice(0, 4)) {
    console.log(`  ${t.thread}: busy ${t.busyMs} ms`);
    for (const k of t.top) console.log(`    ${k.ms} ms ×${k.count} ${k.what}`);
    for (const h of t.hot) console.log(`    ${h.samples} samples in ${h.where}`);
  }
}

function report(results: Record<string, Result>, tagged: number) {
  const ms = (r: Result | undefined, f: (r: Result) => number[]) =>
    !r ? '' : r.failed ? 'not measured' : Math.round(median(f(r)));
  const c = results.coffer;
  const a = results.actual;
  console.log(
    `\nFilter the register by a tag: ${TRANSACTIONS} transactions, ${tagged} tagged #${TAG}, ` +
      `medians of ${REPEATS}, from the click to the frame that shows only tagged rows.`,
  );
  console.table({
    'frame floor: a click to the next frame (ms)': {
      Coffer: ms(c, (r) => r.floorMs),
      'Actual 26.9': ms(a, (r) => r.floorMs),
      target: '',
    },
    'filter by a tag: rows painted (ms)': {
      Coffer: ms(c, (r) => r.filterMs),
      'Actual 26.9': ms(a, (r) => r.filterMs),
      target: `≤ ${TARGET_MS}`,
    },
  });
  for (const [name, r] of Object.entries(results))
    if (r.failed) console.log(`${name}: ${r.failed}`);
  const outDir = join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `tags-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ benchmark: 'tags', transactions: TRANSACTIONS, tagged, repeats: REPEATS, results, node: process.version }, null, 2), // prettier-ignore
  );
  console.log(`Results: ${file}`);
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-tags-'));
  const made = join(base, 'made');
  mkdirSync(made);
  const { id, checkingCents } = runBudgetScript(['make', made, String(TRANSACTIONS)]);
  const tagged = tagTenPercent(join(made, id, 'db.sqlite'));
  // A snapshot of the build: others may rebuild packages/web/dist while this runs.
  const webRoot = join(base, 'web');
  cpSync(resolve(values['web-root']), webRoot, { recursive: true });
  process.env.COFFER_WEB_ROOT = webRoot;
  const wanted = values.apps.split(',');
  const apps: App[] = [];
  if (wanted.includes('coffer')) apps.push({ name: 'coffer', server: await startCoffer() });
  if (wanted.includes('actual')) {
    const s = await startActualServer({}, 'actual-sync-server-26');
    apps.push({
      name: 'actual',
      server: { name: 'actual-sync-server-26', url: s.url, pid: s.pid, stop: s.stop },
    });
  }
  try {
    for (const app of apps) await setUp(app, made, id);
    const results: Record<string, Result> = {};
    for (const app of apps) {
      results[app.name] = await measureApp(app, checkingCents).catch((e: Error): Result => ({
        failed: `not measured: ${e.message.split('\n')[0]}`,
        floorMs: [0],
        filterMs: [0],
      }));
    }
    report(results, tagged);
  } finally {
    for (const app of apps) await app.server.stop();
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
