/**
 * The budget page, Coffer beside Actual's web build (26.9, served by its own
 * `actual-sync-server-26`; `--actual-package @actual-app/sync-server` for 25.6), in headless Chromium on one budget of 100,000 transactions over
 * ten years (30 categories) that Actual's API made and each server got its own upload of:
 *   - open: a returning user opens /budget until this month's To Budget is shown (warm);
 *   - edit: a budgeted amount typed, then Enter, until the new To Budget is painted;
 *   - month: the next-month arrow, until the next month's To Budget is painted.
 * Edit and month are timed inside the page, from the input event to the animation frame after
 * the DOM shows the result. Bundled and started by bench/web-budget/run.mjs.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchPersistentChromium } from '../../packages/core-web/src/test-helpers/chromium.ts';
import { SIZES } from '../../e2e/helpers/browser.ts';
import { startActualServer } from '../../packages/server/src/interop/targets.ts';
import { startCoffer } from '../server/servers.ts';
import { coldVisit } from './flows.ts';
import { emptyTimings, reportBudgetPage, type Timings } from './budget-page-report.ts';
import { pageMemory } from './memory.ts';
import { printStepTrace, traceStep } from './step-trace.ts';
import { type App, BUDGET_NAME, formatCents, PASSWORD, runBudgetScript, setUp } from './setup.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    months: { type: 'string', default: '120' },
    runs: { type: 'string', default: '5' },
    edits: { type: 'string', default: '15' },
    moves: { type: 'string', default: '15' },
    /** One app only ('coffer' or 'actual'), to look at it alone. */
    only: { type: 'string' },
    'web-root': { type: 'string', default: 'packages/web/dist' },
    'actual-package': { type: 'string', default: 'actual-sync-server-26' },
    'coffer-upload': { type: 'boolean', default: false },
    /**
     * Write a Chrome trace of Coffer's last open to this file (for chrome://tracing), and of its
     * last month move beside it (`-month.json`), whose split is printed (bench/web/step-trace.ts).
     */
    trace: { type: 'string' },
    /**
     * Trace every month move lightly and report the thread time it took the page and the core
     * (what a loaded machine's wall times hide).
     */
    cpu: { type: 'boolean', default: false },
    /** With --trace: sample the month move's script too (slower; names the hot functions). */
    'trace-profile': { type: 'boolean', default: false },
  },
});
const TRANSACTIONS = Number(values.transactions);
const MONTHS = Number(values.months);
const RUNS = Number(values.runs);
const EDITS = Number(values.edits);
const MOVES = Number(values.moves);
const WAIT = { timeout: 180_000 };
/** A category of Actual's default budget, which both apps show. */
const CATEGORY = 'Food';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function monthOf(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

function addMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(y, m - 1 + n, 1));
}

/** How each app shows the things the flows touch, as CSS selectors. */
interface Selectors {
  /** A month's To Budget (or Overbudget) figure. */
  toBudget(month: string): string;
  /** A figure of the month in the budget table (the month is the one shown). */
  monthShown(month: string): string;
  /** Opens the Budgeted cell of CATEGORY in the first shown month for typing. */
  startEdit(page: Page, month: string): Promise<void>;
  /** Puts next month's To Budget in the page. */
  showNextMonth(page: Page): Promise<void>;
}

const SELECTORS: Record<string, Selectors> = {
  coffer: {
    // The summary's button carries its month, whichever of To Budget or Overbudget it shows.
    toBudget: (month) => `.bt-to-budget[data-month="${month}"] .amount`,
    // The table swaps a month's whole column at once, so its To Budget stands for all of it.
    monthShown: (month) => SELECTORS.coffer!.toBudget(month),
    async startEdit(page, month) {
      const title = `${MONTH_NAMES[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
      await page.getByLabel(`Budgeted for ${CATEGORY}, ${title}`, { exact: true }).focus();
    },
    async showNextMonth(page) {
      await page.getByRole('button', { name: 'Show 2 months' }).click();
    },
  },
  actual: {
    // Actual 25.6 keeps the months beside the shown one mounted; each summary holds its month's
    // cells, and the To Budget figure is the one whose cell name did not serialize.
    toBudget: (month) =>
      `[data-testid="budget-summary"]:has([data-testid="budget${month.replace('-', '')}!available-funds"]) [data-cellname="[object Object]"]`,
    monthShown: (month) =>
      `[data-testid="budget-table"] [data-testid^="budget${month.replace('-', '')}!sum-amount-"]`,
    async startEdit(page) {
      const cell = page
        .getByTestId('budget-table')
        .getByTestId('row')
        .filter({ hasText: CATEGORY })
        .first()
        .getByTestId('budget')
        .first();
      await cell.click();
      // The cell's input is focused once it is being edited (it is not always inside the cell).
      await page.waitForFunction(
        `document.activeElement?.tagName === 'INPUT' && !!document.activeElement.closest('[data-testid="budget-table"]')`,
        undefined,
        WAIT,
      );
    },
    async showNextMonth() {},
  },
};

/**
 * Arms timers in the page: they start at the next `event` (capture phase, so before the app
 * sees it) and each stops at the animation frame after its selector shows a text other than
 * the one it had (`before`; null: any text).
 */
async function armTimer(page: Page, event: string, targets: Array<[string, string | null]>) {
  // A script string: the root tsconfig (which checks bench/) has no DOM types.
  await page.evaluate(`(() => {
    const targets = ${JSON.stringify(targets)};
    const state = { start: 0, ends: targets.map(() => 0), painted: targets.map(() => 0) };
    window.__bench = state;
    document.addEventListener(${JSON.stringify(event)}, () => { state.start = performance.now(); performance.mark('bench:step'); }, { capture: true, once: true });
    const seen = targets.map(() => false);
    const observer = new MutationObserver(() => {
      if (!state.start) return;
      targets.forEach(([selector, before], i) => {
        if (seen[i]) return;
        const text = document.querySelector(selector)?.textContent ?? null;
        if (text === null || text === '' || text === before) return;
        seen[i] = true;
        // The frame's callbacks run before its style, layout and paint; the task after them
        // comes once the frame is painted.
        requestAnimationFrame(() => {
          state.ends[i] = performance.now();
          setTimeout(() => { state.painted[i] = performance.now(); performance.mark('bench:painted'); }, 0);
        });
      });
      if (seen.every(Boolean)) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

// Page predicates are functions, not strings: the app's CSP has no 'unsafe-eval', and a string
// predicate is evaluated with eval in the page. Each is sent to the page as its source, so it
// names only its own argument and the page's globals; the root tsconfig (which checks bench/)
// has no DOM types, hence the loose globals.

/** Whether an element matching `selector` is laid out (the figure is on screen). */
function visibleIn(selector: string): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const doc = (globalThis as any).document;
  return [...doc.querySelectorAll(selector)].some(
    (el: { getClientRects(): { length: number } }) => el.getClientRects().length > 0,
  );
}

function benchDone(): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return Boolean((globalThis as any).__bench?.painted.every((e: number) => e > 0));
}

/** The milliseconds from the event to each target's frame. */
async function elapsed(page: Page): Promise<number[]> {
  return (await elapsedBoth(page)).frame;
}

/** … to each target's frame, and to the task after that frame (its layout and paint done). */
async function elapsedBoth(page: Page): Promise<{ frame: number[]; painted: number[] }> {
  await page.waitForFunction(benchDone, undefined, WAIT);
  return (await page.evaluate(
    '({ frame: window.__bench.ends.map((e) => e - window.__bench.start), painted: window.__bench.painted.map((e) => e - window.__bench.start) })',
  )) as { frame: number[]; painted: number[] };
}

/** Fills `out` as the flows run; a flow that gets stuck leaves what was measured before it. */
async function measureApp(
  app: App,
  checkingBalance: string,
  base: string,
  out: Timings,
): Promise<void> {
  const sel = SELECTORS[app.name]!;
  // A profile on disk, as a user's browser keeps one (an incognito OPFS lives in memory and
  // writes slower).
  const profile = join(base, `profile-${app.name}`);
  const context = await launchPersistentChromium(profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize(SIZES.desktop);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The first visit downloads the budget; every measured open after it is a warm one.
    await coldVisit(page, app.server.url, PASSWORD, BUDGET_NAME, checkingBalance);
    const month = monthOf(new Date());
    const next = addMonth(month, 1);
    const text = async (selector: string) =>
      (await page.locator(selector).first().textContent(WAIT)) ?? '';
    const openBudget = async () => {
      await page.goto(`${app.server.url}/budget`, { waitUntil: 'commit' });
      // Checked on every animation frame: a locator's wait re-checks at growing intervals (up
      // to 500 ms apart), which would hide most of what happens in the first second.
      await page.waitForFunction(visibleIn, sel.toBudget(month), { polling: 'raf', ...WAIT });
    };

    for (let i = 0; i < RUNS; i++) {
      const trace =
        values.trace && app.name === 'coffer' && i === RUNS - 1
          ? await startTrace(page, values.trace)
          : null;
      const start = performance.now();
      await openBudget();
      out.open.push(performance.now() - start);
      await trace?.stop();
      if (app.name === 'coffer') {
        // Where the time goes, from the page's own marks (ms since navigation start).
        out.openMarks.push(
          (await page.evaluate(`(() => {
            const at = (n) => Math.round(performance.getEntriesByName(n)[0]?.startTime ?? NaN);
            const chunk = performance.getEntriesByType('resource').find((r) => /BudgetPage-/.test(r.name));
            return {
              budgetChunkLoaded: Math.round(chunk?.responseEnd ?? NaN),
              coreConnected: at('coffer:core-connected'),
              userKnown: at('coffer:user-known'),
              budgetLoaded: at('coffer:budget-loaded'),
              budgetDataLoaded: at('coffer:budget-data-loaded'),
              cellsRequested: at('coffer:budget-cells-requested'),
              tableShown: at('coffer:budget-shown'),
            };
          })()`)) as Record<string, number>,
        );
      }
    }
    console.log(`${app.name}: opened`);

    // Forward is measured; a step back between keeps every move on the same data.
    for (let i = 0; i < MOVES; i++) {
      await armTimer(page, 'click', [[sel.monthShown(next), null]]);
      // The last move is traced in full with --trace; every move lightly with --cpu.
      const full = values.trace && app.name === 'coffer' && i === MOVES - 1;
      const traced =
        full || values.cpu
          ? await traceStep(page, {
              startMark: 'bench:step',
              endMark: 'bench:painted',
              file: full ? values.trace!.replace(/(\.json)?$/, '-month.json') : undefined,
              profile: values['trace-profile'],
              light: !full,
            })
          : null;
      await page.getByTitle('Next month', { exact: true }).first().click();
      const moved = await elapsedBoth(page);
      out.month.push(moved.frame[0]!);
      out.monthPainted.push(moved.painted[0]!);
      const split = await traced?.stop();
      if (split) {
        out.monthCpu.push(split.cpuMs.CrRendererMain ?? NaN);
        out.monthWorkerCpu.push(split.cpuMs['DedicatedWorker thread'] ?? 0);
      }
      if (split && full) printStepTrace(`${app.name}: next month (${out.month.at(-1)!.toFixed(1)} ms)`, split); // prettier-ignore
      await page.getByTitle('Previous month', { exact: true }).first().click();
      await page
        .locator(sel.monthShown(month))
        .first()
        .waitFor({ state: 'visible', ...WAIT });
      await page.waitForTimeout(300);
    }
    console.log(`${app.name}: moved`);

    // Next month's To Budget must be in the page: Actual keeps the months beside the shown one
    // mounted; Coffer is asked to show two.
    await sel.showNextMonth(page);
    await page
      .locator(sel.toBudget(next))
      .first()
      .waitFor({ state: 'attached', ...WAIT });
    for (let i = 0; i < EDITS; i++) {
      await sel.startEdit(page, month);
      await page.keyboard.press('Control+a');
      // Large enough that the category's balance stays positive, so next month's To Budget moves.
      await page.keyboard.type(String(5000 + i * 7));
      const targets: Array<[string, string]> = [
        [sel.toBudget(month), await text(sel.toBudget(month))],
        [sel.toBudget(next), await text(sel.toBudget(next))],
      ];
      await armTimer(page, 'keydown', targets);
      await page.keyboard.press('Enter');
      const [now, later] = await elapsed(page);
      out.edit.push(now!);
      out.editNext.push(later!);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
    }
    out.memory = await pageMemory(page, profile);
    if (errors.length > 0) console.warn(`${app.name}: page errors: ${errors.join(' | ')}`);
  } catch (err) {
    // What the page showed when a flow got stuck, to see why.
    const shot = join(resolve('bench/results'), `budget-page-${app.name}-failure.png`);
    await context
      .pages()[0]
      ?.screenshot({ path: shot })
      .catch(() => {});
    console.error(`${app.name}: ${String(err)}; the page is in ${shot}`);
    throw err;
  } finally {
    await context.close();
  }
}

async function main() {
  const root = resolve('.');
  const base = mkdtempSync(join(tmpdir(), 'bench-budget-page-'));
  const made = join(base, 'made');
  mkdirSync(made);
  const { id, checkingCents } = runBudgetScript([
    'make',
    made,
    String(TRANSACTIONS),
    String(MONTHS),
  ]);
  const webRoot = join(base, 'web');
  cpSync(resolve(values['web-root']), webRoot, { recursive: true });
  process.env.COFFER_WEB_ROOT = webRoot;
  // With --only, the other app's server is not started nor given the budget (at 1,000,000
  // transactions Actual's server refuses the upload at its default limit).
  const apps: App[] = [];
  if (values.only !== 'actual') apps.push({ name: 'coffer', server: await startCoffer() });
  if (values.only !== 'coffer') {
    // The newest Actual (26.9); `--actual-package @actual-app/sync-server` runs the older 25.6.
    const s = await startActualServer({}, values['actual-package']);
    apps.push({ name: 'actual', server: { name: values['actual-package'], ...s } });
  }
  const results: Record<string, Timings> = {};
  const failures: Record<string, string> = {};
  try {
    const uploader = values['coffer-upload']
      ? resolve('bench/results/.build/scale-coffer.mjs')
      : undefined;
    for (const app of apps) await setUp(app, made, id, uploader);
    for (const app of apps) {
      if (values.only && values.only !== app.name) continue;
      const r = emptyTimings();
      results[app.name] = r;
      try {
        await measureApp(app, formatCents(checkingCents), base, r);
      } catch (err) {
        failures[app.name] = String(err).split('\n')[0]!.slice(0, 200);
      }
      console.log(
        `${app.name}: open ${r.open.map(Math.round).join(', ')} ms; edit ${r.edit.map((x) => x.toFixed(1)).join(', ')} ms; edit, next month ${r.editNext.map((x) => x.toFixed(1)).join(', ')} ms; month ${r.month.map((x) => x.toFixed(1)).join(', ')} ms (painted ${r.monthPainted.map((x) => x.toFixed(1)).join(', ')}; page cpu ${r.monthCpu.join(', ')}; worker cpu ${r.monthWorkerCpu.join(', ')})`,
      );
    }
  } finally {
    for (const app of apps) await app.server.stop();
    rmSync(base, { recursive: true, force: true });
  }

  reportBudgetPage({ transactions: TRANSACTIONS, months: MONTHS, results, failures }, root);
}

await main();

/** A Chrome trace of the page's threads through the DevTools protocol, written on `stop`. */
async function startTrace(page: Page, file: string): Promise<{ stop(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'blink.user_timing', 'v8.execute', 'toplevel'],
    },
  });
  return {
    async stop() {
      const done = new Promise<void>((resolve) =>
        cdp.once('Tracing.tracingComplete', () => resolve()),
      );
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      await cdp.detach();
    },
  };
}
