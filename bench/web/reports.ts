/**
 * Reports in Coffer's web app beside Actual's (`@actual-app/web` served by the real
 * `@actual-app/sync-server`), in headless Chromium, on one budget of 100,000 transactions over
 * ten years (made by Actual's API, uploaded to both servers): net worth over all time, and a
 * custom report of payments by payee over all time. Each is timed in the page, from the click
 * that asks for all time to the frame that shows the final figure, beside the floor (the same
 * sums straight from SQLite with better-sqlite3). Bundled and started by bench/web-reports/run.mjs.
 *   node bench/web-reports/run.mjs [--runs 5] [--transactions 100000] [--months 120]
 *     [--payees 1000] [--only coffer|actual] [--coffer-upload] [--reuse DIR] (a budget made
 *     before: a folder holding one BudgetBench-*, e.g. bench/scale's /tmp/scale-made/1000000)
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { launchPersistentChromium } from '../../packages/core-web/src/test-helpers/chromium.ts';
import { SIZES } from '../../e2e/helpers/browser.ts';
import { startActual, startCoffer } from '../server/servers.ts';
import { coldVisit } from './flows.ts';
import { pageMemory, type PageMemory } from './memory.ts';
import {
  type App,
  BUDGET_NAME,
  formatCents,
  median,
  PASSWORD,
  madeBudget,
  setUp,
} from './setup.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    transactions: { type: 'string', default: '100000' },
    months: { type: 'string', default: '120' },
    payees: { type: 'string', default: '1000' },
    /** Upload with Coffer's client (bench/scale/coffer.ts), as bench/web-budget does. */
    'coffer-upload': { type: 'boolean', default: false },
    only: { type: 'string' },
    /** A budget made before (a folder holding one BudgetBench-*), read as it is. */
    reuse: { type: 'string' },
    'web-root': { type: 'string', default: 'packages/web/dist' },
  },
});
const RUNS = Number(values.runs);
/** After the flows: each app page's, its worker's and the renderer's memory. */
const memory: Record<string, PageMemory> = {};
const WAIT = { timeout: 300_000 };
/** A figure is final once it has not changed for this long. */
const SETTLED_MS = 2000;
const require = createRequire(import.meta.url);

/** The sums every report must show, straight from the file, and how long SQLite takes. */
function floor(dbPath: string) {
  const Database = require('better-sqlite3');
  const db = new Database(dbPath, { readonly: true });
  const live = 't.tombstone = 0 AND t.isParent = 0 AND t.date IS NOT NULL';
  const time = (sql: string) => {
    const times: number[] = [];
    let rows: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      rows = db.prepare(sql).all();
      times.push(performance.now() - t);
    }
    return { ms: median(times), rows };
  };
  const netWorth = time(
    `SELECT t.acct, t.date / 100 AS month, SUM(t.amount) AS amount FROM transactions t
     WHERE ${live} GROUP BY t.acct, month`,
  );
  const byPayee = time(
    `SELECT t.description AS payee, SUM(t.amount) AS amount FROM transactions t
     JOIN accounts a ON a.id = t.acct AND a.offbudget = 0
     WHERE ${live} AND t.amount < 0 GROUP BY t.description`,
  );
  const total = (rows: unknown[]) =>
    (rows as Array<{ amount: number }>).reduce((s, r) => s + r.amount, 0);
  db.close();
  return {
    netWorthMs: netWorth.ms,
    payeeMs: byPayee.ms,
    netWorth: total(netWorth.rows),
    payments: -total(byPayee.rows),
    payees: byPayee.rows.length,
  };
}

/** Moves inside the single-page app, as a link does (a reload would time the app's start). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState({}, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

/**
 * Where a report shows the figure that tells it is done, found again in every frame (a report
 * may replace the element while it works): an XPath, evaluated from the document.
 */
type Probe = string;

/** The XPath of the element a locator finds, by tag and position from the root. */
async function xpathOf(locator: Locator): Promise<Probe> {
  return locator.evaluate((el) => {
    // No DOM types in the root project: just what the walk needs.
    type Node = { tagName: string; parentElement: Node | null; children: ArrayLike<Node> };
    const steps: string[] = [];
    for (let n = el as unknown as Node; n.parentElement; n = n.parentElement) {
      const same = Array.from(n.parentElement.children).filter((c) => c.tagName === n.tagName);
      steps.unshift(`${n.tagName.toLowerCase()}[${same.indexOf(n) + 1}]`);
    }
    return `/html/${steps.join('/')}`;
  });
}

/**
 * Clicks `trigger` inside the page and reads the probe's text frame by frame: the time from
 * the click to the frame in which the text last changed, once it has been still for a while.
 */
async function timeToFinal(trigger: Locator, probe: Probe): Promise<{ ms: number; text: string }> {
  return trigger.evaluate(
    async (button, { probe: kind, settled, limit }) => {
      // The root project has no DOM types; this runs in the page.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const page = globalThis as any;
      const doc = page.document;
      const frame = () => new Promise<void>((r) => page.requestAnimationFrame(() => r()));
      const read = (): string =>
        doc.evaluate(kind, doc, null, 9, null).singleNodeValue?.textContent ?? '';
      let last = read();
      let changedAt = -1;
      const t0 = performance.now();
      (button as unknown as { click(): void }).click();
      for (;;) {
        await frame();
        const now = performance.now();
        const text = read();
        if (text !== last) {
          last = text;
          changedAt = now;
        }
        // A blank figure is a report still at work, not a result.
        if (changedAt >= 0 && last !== '' && now - changedAt > settled) break;
        if (now - t0 > limit) break;
      }
      return { ms: changedAt < 0 ? -1 : changedAt - t0, text: last };
    },
    { probe, settled: SETTLED_MS, limit: 600_000 },
  );
}

/**
 * Waits until a figure has stopped changing (the report is done with its last request). A figure
 * still showing `previous` (the last run's all-time result) is not settled: a slow app keeps it
 * on screen while it works out the short range, and timing from there would time that work.
 */
async function settle(figure: Locator, previous: string): Promise<string> {
  let last = '';
  let still = 0;
  await figure.waitFor(WAIT);
  // Bounded: a short range whose figure equals the all-time one would otherwise wait forever.
  const until = Date.now() + WAIT.timeout;
  const stale = () => previous !== '' && last.trim() === previous && Date.now() < until;
  while (still < 4 || stale()) {
    await figure.page().waitForTimeout(500);
    const text = (await figure.textContent()) ?? '';
    still = text === last ? still + 1 : 0;
    last = text;
  }
  return last;
}

interface Outcome {
  /** Click to final frame, per run. */
  ms: number[];
  /** Coffer only: of that, the queries' time (the last report-data measure), per run. */
  dataMs?: number[];
  text: string;
  /** Why the flow stopped before its runs were done (the app did not finish within WAIT). */
  failed?: string;
}

interface Flow {
  /**
   * Shows the report on its short range; returns the figure (to wait for it to settle), where to
   * read it in the page (by default the figure's own place), and the "all time" control.
   */
  open(page: Page): Promise<{ figure: Locator; probe?: Probe; allTime: () => Promise<Locator> }>;
}

const coffer: Record<'netWorth' | 'payees', Flow> = {
  netWorth: {
    async open(page) {
      await goInApp(page, '/reports/net-worth?range=6m&accounts=all');
      await page.getByRole('button', { name: '6 months' }).click(WAIT);
      const figure = page.getByRole('group', { name: 'Change' }).locator('.amount').last();
      return {
        figure,
        allTime: async () => page.getByRole('button', { name: 'All time' }),
      };
    },
  },
  payees: {
    async open(page) {
      await goInApp(page, '/reports/custom?groupBy=Payee&measure=Payment&range=6m');
      await page.getByRole('button', { name: '6 months' }).click(WAIT);
      const figure = page.getByRole('group', { name: 'Total' }).locator('.amount');
      return {
        figure,
        allTime: async () => page.getByRole('button', { name: 'All time' }),
      };
    },
  },
};

const actual: Record<'netWorth' | 'payees', Flow> = {
  netWorth: {
    async open(page) {
      await goInApp(page, '/reports/net-worth');
      await page.getByRole('button', { name: '6 months' }).click(WAIT);
      // The change under the net worth, e.g. +12,345.67.
      const figure = page.getByText(/^[+-][\d,]+\.\d\d$/).first();
      return {
        figure,
        allTime: async () => page.getByRole('button', { name: 'All time' }),
      };
    },
  },
  payees: {
    async open(page) {
      await goInApp(page, '/reports/custom');
      // "Payment:" and its value sit in two boxes of one row.
      const figure = page.getByText(/^Payment:/).locator('../..');
      await figure.waitFor(WAIT);
      // Actual's selects open a list of buttons; the select itself is named by its value, so a
      // value is picked only while the select shows the other one.
      const pick = async (select: Locator, item: string) => {
        await select.click(WAIT);
        const button = page.getByRole('button', { name: item, exact: true }).first();
        // Open and done moving (a click while the list still slides in is lost).
        await button.click({ trial: true, ...WAIT });
        return button;
      };
      await (
        await pick(page.getByRole('button', { name: 'Category', exact: true }), 'Payee')
      ).click();
      const range = page.getByRole('button', { name: /^(Last 6 months|All time)$/ }).first();
      if ((await range.textContent())?.trim() === 'All time') {
        await (await pick(range, 'Last 6 months')).click();
      }
      return { figure, allTime: () => pick(range, 'All time') };
    },
  },
};

async function measureApp(
  app: App,
  flows: typeof coffer,
  balance: string,
  base: string,
): Promise<Record<string, Outcome>> {
  // A profile on disk, as a user's browser keeps one (as bench/register): in memory, the 1M
  // budget's storage did not fit and the cold visit never showed the budget.
  const profile = join(base, `profile-${app.name}`);
  const context = await launchPersistentChromium(profile);
  const out: Record<string, Outcome> = {};
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize(SIZES.desktop);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await coldVisit(page, app.server.url, PASSWORD, BUDGET_NAME, balance, { timeout: 900_000 });
    for (const [name, flow] of Object.entries(flows)) {
      out[name] = { ms: [], text: '' };
      // A flow an app cannot finish within WAIT is a result too (reported as such); the runs
      // already made and the other flows still count.
      for (let run = 0; run < RUNS && !out[name]!.failed; run++) {
        const opened = await flow.open(page).catch(async (e: unknown) => {
          await page.screenshot({
            path: `bench/results/.build/reports-${app.name}-${name}-failed.png`,
          });
          out[name]!.failed = `run ${run + 1}: ${(e as Error).message.split('\n')[0]}`;
          console.warn(`${app.name} ${name} ${out[name]!.failed}`);
          return null;
        });
        if (!opened) break;
        const { figure, probe, allTime } = opened;
        await settle(figure, out[name]!.text);
        // Where the figure is, read before a select's list opens and moves things about.
        const where = probe ?? (await xpathOf(figure));
        const result = await timeToFinal(await allTime(), where);
        out[name]!.ms.push(result.ms);
        const dataMs = await page.evaluate(
          `performance.getEntriesByName('coffer:report-data').map((e) => e.duration).pop() ?? -1`,
        );
        if (app.name === 'coffer') (out[name]!.dataMs ??= []).push(Number(dataMs));
        out[name]!.text = result.text.trim();
        const queries = app.name === 'coffer' ? ` (queries ${Math.round(Number(dataMs))} ms)` : '';
        console.log(
          `${app.name} ${name} run ${run + 1}: ${Math.round(result.ms)} ms${queries} → ${out[name]!.text}`,
        );
      }
      await page
        .screenshot({
          path: `bench/results/.build/reports-${app.name}-${name}.png`,
          timeout: 120_000,
        })
        .catch(() => console.warn(`${app.name} ${name}: no screenshot`));
    }
    if (errors.length > 0) console.warn(`${app.name}: page errors: ${errors.join(' | ')}`);
    memory[app.name] = await pageMemory(page, profile);
    console.log(`${app.name}: memory ${JSON.stringify(memory[app.name])}`);
  } finally {
    await context.close();
  }
  return out;
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-reports-'));
  const transactions = Number(values.transactions);
  mkdirSync(join(base, 'made'));
  const { dir: made, id, checkingCents } = madeBudget(join(base, 'made'), [String(transactions), values.months, values.payees], values.reuse); // prettier-ignore
  const facts = floor(join(made, id, 'db.sqlite'));
  console.log(
    `budget: ${transactions} transactions over ${values.months} months, ${facts.payees} payees; ` +
      `floor (better-sqlite3): net worth sums ${facts.netWorthMs.toFixed(1)} ms, payee sums ${facts.payeeMs.toFixed(1)} ms`,
  );
  const webRoot = join(base, 'web');
  cpSync(resolve(values['web-root']), webRoot, { recursive: true });
  process.env.COFFER_WEB_ROOT = webRoot;
  const apps: Array<{ app: App; flows: typeof coffer }> = [];
  if (values.only !== 'actual')
    apps.push({ app: { name: 'coffer', server: await startCoffer() }, flows: coffer });
  if (values.only !== 'coffer')
    apps.push({ app: { name: 'actual', server: await startActual() }, flows: actual });
  const results: Record<string, Record<string, Outcome>> = {};
  try {
    const uploader = values['coffer-upload']
      ? resolve('bench/results/.build/scale-coffer.mjs')
      : undefined;
    for (const { app } of apps) await setUp(app, made, id, uploader);
    for (const { app, flows } of apps) {
      results[app.name] = await measureApp(app, flows, formatCents(checkingCents), base);
    }
  } finally {
    for (const { app } of apps) await app.server.stop();
    rmSync(base, { recursive: true, force: true });
  }

  const expected = { netWorth: formatCents(facts.netWorth), payees: formatCents(facts.payments) };
  const rows = ['netWorth', 'payees'].map((flow) => {
    const c = results.coffer?.[flow];
    const a = results.actual?.[flow];
    const cm = c?.ms.length ? median(c.ms) : NaN;
    const am = a?.ms.length ? median(a.ms) : NaN;
    return {
      flow,
      cofferMs: Math.round(cm),
      cofferQueriesMs: c?.dataMs ? Math.round(median(c.dataMs)) : undefined,
      actualMs: Math.round(am),
      speedup: Number((am / cm).toFixed(1)),
      floorMs: Number((flow === 'netWorth' ? facts.netWorthMs : facts.payeeMs).toFixed(1)),
      cofferShows: c?.text,
      expected: expected[flow as keyof typeof expected],
      actualShows: a?.text,
      failed: [c?.failed && `coffer ${c.failed}`, a?.failed && `actual ${a.failed}`]
        .filter(Boolean)
        .join('; '),
    };
  });
  console.table(rows);
  for (const r of rows) {
    // Coffer must finish every flow and show the file's figure; Actual's failures are results.
    if (results.coffer?.[r.flow]?.failed) process.exitCode = 1;
    if (r.cofferShows !== undefined && !r.cofferShows.endsWith(r.expected)) {
      console.error(`coffer ${r.flow}: shows ${r.cofferShows}, the file says ${r.expected}`);
      process.exitCode = 1;
    }
  }
  mkdirSync('bench/results', { recursive: true });
  const file = join(
    'bench/results',
    `web-reports-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    JSON.stringify(
      { transactions, months: Number(values.months), runs: RUNS, facts, rows, results, memory },
      null,
      2,
    ),
  );
  console.log(`written ${file}`);
}

await main();
