/**
 * The account register, Coffer beside Actual's web build (26.9, served by its own server
 * `actual-sync-server-26`; `--actual-package @actual-app/sync-server` for 25.6), in headless
 * Chromium on the same budget (100,000 transactions by default): All accounts until its first rows are painted, scrolling 5,000 rows (frame
 * times), a search until the filtered rows are painted, and an amount edit until the running
 * balance and the sidebar balance show it, and a category change until the row shows it; then
 * the in-cell flows (register-cells.ts): a key typed, Tab to the next cell, a category's list
 * opened, each until the next frame.
 * `--only-edits` skips the first rows, scrolling and search; `--cpu` reports each search's and
 * edit's thread time (the page's main thread and the core's worker, from a light trace),
 * `--trace file.json` traces the last of each kind in full. Bundled and started
 * by bench/register/run.mjs.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchPersistentChromium } from '../../packages/core-web/src/test-helpers/chromium.ts';
import { SIZES } from '../../e2e/helpers/browser.ts';
import { startActualServer } from '../../packages/server/src/interop/targets.ts';
import { startCoffer } from '../server/servers.ts';
import { coldVisit } from './flows.ts';
import { pageMemory, type PageMemory } from './memory.ts';
import {
  type AppName,
  clearSearch,
  editAmount,
  editCategory,
  firstRows,
  frameFloor,
  type FrameStats,
  newestPayment,
  scroll5000,
  scrollTop,
  search,
  SELECTORS,
} from './register.ts';
import { openCategoryList, tabToNextCell, typeInCell } from './register-cells.ts';
import { printStepTrace, traceStep } from './step-trace.ts';
import {
  type App,
  BUDGET_NAME,
  formatCents,
  median,
  madeBudget,
  PASSWORD,
  setUp,
} from './setup.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    /** Months the budget spans (budget.mjs's default: 24); 240 for the 20-year 1M budget. */
    months: { type: 'string', default: '24' },
    /** Upload with Coffer's client (bench/scale/coffer.ts), as bench/web-budget does. */
    'coffer-upload': { type: 'boolean', default: false },
    /** A budget made before (a folder holding one BudgetBench-*), read as it is. */
    reuse: { type: 'string' },
    repeats: { type: 'string', default: '5' },
    apps: { type: 'string', default: 'coffer,actual' },
    /** The Actual server whose web build is measured: the newest (26.9) unless told. */
    'actual-package': { type: 'string', default: 'actual-sync-server-26' },
    'web-root': { type: 'string', default: 'packages/web/dist' },
    /** Only the edits and the in-cell flows (after the open). */
    'only-edits': { type: 'boolean', default: false },
    /**
     * Seconds left to the first load's background work before the flows: the derived tables'
     * builds (at 1,000,000 transactions they outlast the default 4 s, and a search then scans).
     */
    settle: { type: 'string', default: '4' },
    /** Each search's and edit's thread time, from a light trace (bench/web/step-trace.ts). */
    cpu: { type: 'boolean', default: false },
    /** With --cpu: a full trace of the last search and edit of each kind, to `<file>-<kind>.json`, split printed. */
    trace: { type: 'string' },
  },
});
const TRANSACTIONS = Number(values.transactions);
const REPEATS = Number(values.repeats);
const root = resolve('.');
// Categories the budget has (bench/budget/budget-file.mjs), none a part of another's name.
const SEARCHES = ['Extra 10', 'Extra 11', 'Extra 12', 'Extra 5', 'Extra 6'];
/** What a flow that did not finish counts as: the time it was given (register.ts). */
const TIMED_OUT = 180_000;

interface Result {
  /** Why the app could not be measured at all (e.g. its budget did not open in time). */
  failed?: string;
  floorMs: number[];
  firstRowsMs: number[];
  scroll: FrameStats;
  searchMs: number[];
  editMs: number[];
  categoryMs: number[];
  /** A key typed into a cell, Tab to the next cell, a click opening a cell's autocomplete. */
  typeMs: number[];
  moveMs: number[];
  openListMs: number[];
  /** With --cpu: each search's and edit's thread time (ms), the page's main thread and the core's worker. */
  cpu: Record<string, number[]>;
  /** After the flows: the page's, its worker's and the renderer's memory. */
  memory?: PageMemory;
}

function emptyResult(): Result {
  return {
    floorMs: [],
    firstRowsMs: [],
    scroll: { frames: 0, maxMs: 0, p95Ms: 0, over33: 0, rows: 0, seconds: 0 },
    searchMs: [],
    editMs: [],
    categoryMs: [],
    typeMs: [],
    moveMs: [],
    openListMs: [],
    cpu: {},
  };
}

async function goToChecking(page: Page): Promise<void> {
  await page.getByText('Checking', { exact: true }).first().click();
  await page.waitForURL(/\/accounts\/[^/]+$/);
  await page.waitForTimeout(1500);
}

/**
 * Actual's running balance column, which the edit's three balances need: 25.6 has 'Show
 * running balance' in the account menu, 26.9 a switch under 'Manage table columns'. 26.9's
 * 'Welcome to Actual!' card lies over the register's last rows: it is closed first.
 */
async function showActualRunningBalance(page: Page): Promise<void> {
  const welcome = page.getByText('Welcome to Actual!');
  if (await welcome.isVisible()) {
    await page
      .locator('div', { has: welcome })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  const old = page.getByText('Show running balance');
  if (await old.isVisible()) {
    await old.click();
  } else {
    await page.getByText('Manage table columns').click();
    // The switch's input is hidden; its label is what a person taps.
    await page.locator('label[for="toggle-column-balance"]').click();
    await page.getByRole('button', { name: 'Save' }).click();
  }
  await page.waitForTimeout(1500);
}

async function measureApp(app: App, balanceCents: number, base: string): Promise<Result> {
  const name = app.name as AppName;
  // A profile on disk, as a user's browser keeps one; its folder also finds the renderer whose
  // memory is reported.
  const profile = join(base, `profile-${app.name}`);
  const context = await launchPersistentChromium(profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize(SIZES.desktop);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await coldVisit(page, app.server.url, PASSWORD, BUDGET_NAME, formatCents(balanceCents), {
      timeout: 900_000,
    });
    // Let the first load's background work (sync, caches) settle, as a person would.
    await page.waitForTimeout(Number(values.settle) * 1000);
    const result = emptyResult();
    /** One measurement; a flow that does not finish in time counts as the time it was given. */
    const attempt = async (label: string, fn: () => Promise<number>): Promise<number | null> => {
      try {
        const ms = await fn();
        console.log(`${app.name}: ${label} ${Math.round(ms)} ms`);
        return ms;
      } catch (e) {
        console.log(`${app.name}: ${label} did not finish: ${(e as Error).message.split('\n')[0]}`);
        // What the page showed instead, to read: the screen and the first rows' categories.
        const shot = join(root, `bench/results/register-${app.name}-${label.replace(/\W+/g, '-')}-failed.png`); // prettier-ignore
        await page.screenshot({ path: shot }).catch(() => undefined);
        const shown = await page
          .locator(SELECTORS[name].row)
          .evaluateAll(
            (rows, sel) =>
              rows.slice(0, 12).map((r) => r.querySelector(sel)?.textContent?.trim() ?? ''),
            SELECTORS[name].category,
          )
          .catch(() => []);
        console.log(`${app.name}: shown instead (${shot}): ${JSON.stringify(shown)}`);
        return null;
      }
    };
    /** With --cpu, `fn`'s thread time is kept under `label` (the page's and the worker's). */
    const timed = async (label: string, fn: () => Promise<number>): Promise<number> => {
      if (!values.cpu) return fn();
      const last = values.trace && (result.cpu[`${label} page`]?.length ?? 0) === REPEATS - 1;
      const file = last ? values.trace!.replace(/(\.json)?$/, `-${label}.json`) : undefined;
      const trace = await traceStep(page, { startMark: 'bench:step', endMark: 'bench:painted', light: !last, file, profile: Boolean(last) }); // prettier-ignore
      let ms: number;
      try {
        ms = await fn();
      } catch (e) {
        // Stopped (and written) all the same: the trace of a step that never finished is the
        // one to read, and the next step's trace cannot start while this one runs.
        await trace.stop().catch(() => undefined);
        throw e;
      }
      await page.waitForTimeout(100);
      const split = await trace.stop();
      if (last) printStepTrace(`${app.name}: ${label} (${Math.round(ms)} ms)`, split);
      const { cpuMs } = split;
      // A trace without the step's marks (they fell outside it) has no thread time to give:
      // counted as 0, it pulled a median down (Actual's searches at 10k: 353, 0, 0 → 0).
      if (cpuMs.CrRendererMain === undefined) {
        console.log(`${app.name}: ${label}: its trace holds no step, no thread time kept`);
        return ms;
      }
      const keep = (key: string, x: number | undefined) =>
        (result.cpu[key] ??= []).push(Math.round((x ?? 0) * 10) / 10);
      keep(`${label} page`, cpuMs.CrRendererMain);
      keep(`${label} worker`, cpuMs['DedicatedWorker thread']);
      return ms;
    };
    for (let i = 0; i < (values['only-edits'] ? 0 : REPEATS); i++) {
      await goToChecking(page);
      result.floorMs.push(await frameFloor(page));
      const ms = await attempt('All accounts, first rows', () => firstRows(page, name));
      result.firstRowsMs.push(ms ?? TIMED_OUT);
      if (ms === null) break;
    }
    await page.waitForTimeout(1500);
    try {
      if (values['only-edits']) throw new Error('skipped (--only-edits)');
      result.scroll = await scroll5000(page, name);
      console.log(`${app.name}: scroll ${JSON.stringify(result.scroll)}`);
      await scrollTop(page, name);
      for (let i = 0; i < REPEATS; i++) {
        const ms = await attempt('search', () =>
          timed('search', () => search(page, name, SEARCHES[i % SEARCHES.length]!)),
        );
        result.searchMs.push(ms ?? TIMED_OUT);
        if (ms === null) break;
        await clearSearch(page, name, SEARCHES[i % SEARCHES.length]!);
      }
    } catch (e) {
      console.log(
        `${app.name}: scrolling or searching failed: ${(e as Error).message.split('\n')[0]}`,
      );
    }
    try {
      await goToChecking(page);
      if (name === 'actual') await showActualRunningBalance(page);
      let balance = balanceCents;
      for (let i = 0; i < REPEATS; i++) {
        const payment = await newestPayment(page, name);
        const next = payment + 100;
        balance -= 100;
        const ms = await attempt('edit', () =>
          timed('edit', () =>
            editAmount(page, name, (next / 100).toFixed(2), formatCents(balance)),
          ),
        );
        result.editMs.push(ms ?? TIMED_OUT);
        if (ms === null) break;
        await page.waitForTimeout(500);
      }
      const newest = page
        .locator(SELECTORS[name].row)
        .filter({ has: page.locator(SELECTORS[name].payment, { hasText: /\d/ }) })
        .first()
        .locator(SELECTORS[name].category);
      for (let i = 0; i < REPEATS; i++) {
        // Always another category than the row has, so every change moves something.
        const now = (await newest.textContent())?.trim();
        const category = now === 'Extra 5' ? 'Extra 6' : 'Extra 5';
        const ms = await attempt('category', () =>
          timed('category', () => editCategory(page, name, category)),
        );
        result.categoryMs.push(ms ?? TIMED_OUT);
        if (ms === null) break;
        await page.waitForTimeout(500);
      }
      const cellFlows: Array<[string, number[], (p: Page, a: AppName) => Promise<number>]> = [
        ['type', result.typeMs, typeInCell],
        ['move', result.moveMs, tabToNextCell],
        ['open list', result.openListMs, openCategoryList],
      ];
      for (const [label, times, flow] of cellFlows) {
        for (let i = 0; i < REPEATS; i++) {
          const ms = await attempt(label, () => timed(label, () => flow(page, name)));
          times.push(ms ?? TIMED_OUT);
          if (ms === null) break;
          await page.waitForTimeout(300);
        }
      }
    } catch (e) {
      console.log(`${app.name}: the edit failed: ${(e as Error).message.split('\n')[0]}`);
    }
    result.memory = await pageMemory(page, profile);
    console.log(`${app.name}: memory ${JSON.stringify(result.memory)}`);
    if (errors.length > 0) console.warn(`${app.name}: page errors: ${errors.join(' | ')}`);
    return result;
  } finally {
    await context.close();
  }
}

/** The version of the web build the given Actual server package serves. */
function actualWebVersion(serverPackage: string): string {
  const require = createRequire(import.meta.url);
  const server = createRequire(require.resolve(`${serverPackage}/package.json`));
  return (server('@actual-app/web/package.json') as { version: string }).version;
}

function report(results: Record<string, Result>) {
  const actualVersion = actualWebVersion(values['actual-package']);
  const c = results.coffer ?? emptyResult();
  const a = results.actual ?? emptyResult();
  const ms = (x: number) => Math.round(x);
  const shown = (r: Result, x: number) => (r.failed ? 'not measured' : ms(x));
  const rows: Array<[string, (r: Result) => number, number | null]> = [
    ['frame floor: a click to the next frame (ms)', (r) => median(r.floorMs), null],
    ['All accounts: first rows painted (ms)', (r) => median(r.firstRowsMs), 150],
    ['scroll 5,000 rows: longest frame (ms)', (r) => r.scroll.maxMs, 33],
    ['  95th percentile frame (ms)', (r) => r.scroll.p95Ms, null],
    ['  frames over 33 ms', (r) => r.scroll.over33, 0],
    ['  rows scrolled', (r) => r.scroll.rows, null],
    ['search: filtered rows painted (ms)', (r) => median(r.searchMs), 50],
    ['edit an amount: running and sidebar balance painted (ms)', (r) => median(r.editMs), 33],
    ['change a category: the row painted with it (ms)', (r) => median(r.categoryMs), 33],
    ['type a key in a cell: the next frame (ms)', (r) => median(r.typeMs), 16.7],
    ['Tab to the next cell: the next frame (ms)', (r) => median(r.moveMs), 16.7],
    ["open a cell's autocomplete: the next frame (ms)", (r) => median(r.openListMs), 16.7],
  ];
  const actualColumn = `Actual ${actualVersion}`;
  const table = Object.fromEntries(
    rows.map(([label, f, target]) => {
      const x = f(c);
      const y = f(a);
      return [
        label,
        {
          Coffer: shown(c, x),
          [actualColumn]: shown(a, y),
          'Actual / Coffer':
            x > 0 && target !== 0 && !c.failed && !a.failed ? `${(y / x).toFixed(1)}x` : '',
          target: target === null ? '' : target === 0 ? 'none' : `≤ ${target}`,
        },
      ];
    }),
  );
  console.log(
    `\nThe register: ${TRANSACTIONS} transactions, medians of ${REPEATS}. Each from the input ` +
      'event to the frame that shows the result, in Chromium.',
  );
  console.table(table);
  for (const [name, r] of Object.entries(results)) {
    if (r.failed) console.log(`${name}: ${r.failed}`);
    for (const [what, xs] of Object.entries(r.cpu)) {
      console.log(`${name}: ${what} thread time (ms): ${xs.join(', ')}; median ${median(xs)}`);
    }
  }
  const outDir = join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `register-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ benchmark: 'register', transactions: TRANSACTIONS, months: Number(values.months), repeats: REPEATS, actualVersion, results, node: process.version }, null, 2), // prettier-ignore
  );
  console.log(`Results: ${file}`);
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-register-'));
  const made = join(base, 'made');
  mkdirSync(made);
  const { dir, id, checkingCents } = madeBudget(made, [String(TRANSACTIONS), values.months], values.reuse); // prettier-ignore
  // A snapshot of the build: others may rebuild packages/web/dist while this runs.
  const webRoot = join(base, 'web');
  cpSync(resolve(values['web-root']), webRoot, { recursive: true });
  process.env.COFFER_WEB_ROOT = webRoot;
  const wanted = values.apps.split(',');
  const apps: App[] = [];
  if (wanted.includes('coffer')) apps.push({ name: 'coffer', server: await startCoffer() });
  if (wanted.includes('actual')) {
    const s = await startActualServer({}, values['actual-package']);
    apps.push({ name: 'actual', server: { name: values['actual-package'], ...s } });
  }
  try {
    const uploader = values['coffer-upload']
      ? resolve('bench/results/.build/scale-coffer.mjs')
      : undefined;
    for (const app of apps) await setUp(app, dir, id, uploader);
    const results: Record<string, Result> = {};
    for (const app of apps) {
      // An app that cannot be measured (Actual that does not open the budget in time on a busy
      // machine) is reported as such, and the others' figures are still printed and written.
      results[app.name] = await measureApp(app, checkingCents, base).catch((e: Error): Result => ({
        ...emptyResult(),
        failed: `not measured: ${e.message.split('\n')[0]}`,
      }));
    }
    report(results);
  } finally {
    for (const app of apps) await app.server.stop();
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
