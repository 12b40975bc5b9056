/**
 * Importing a 10,000-row CSV through each app's import modal, in headless Chromium: Coffer's
 * built app beside Actual's web build (`@actual-app/web`, served by the real
 * `@actual-app/sync-server`), on the same budget (made by Actual's API, uploaded to both) and
 * the same file. Timed in the page from the file being chosen to the result on screen: the
 * counts Coffer's modal shows, or, in Actual (whose modal closes without counts), the last
 * imported transaction in its register. Bundled and started by bench/web-import/run.mjs.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { SIZES } from '../../e2e/helpers/browser.ts';
import { launchPersistentChromium } from '../../packages/core-web/src/test-helpers/chromium.ts';
import { startActual, startCoffer } from '../server/servers.ts';
import { coldVisit } from './flows.ts';
import { CATEGORIES } from './phone-trace.ts';
import { CPU_CATEGORIES, traceThroughPage, windowCpu } from './thread-cpu.ts';
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
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    transactions: { type: 'string', default: '10000' },
    apps: { type: 'string', default: 'coffer,actual' },
    'web-root': { type: 'string', default: 'packages/web/dist' },
    // Coffer's trace kept in this file; --profile adds the sampling profiler (it slows the work).
    trace: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const TRANSACTIONS = Number(values.transactions);
const WAIT = { timeout: Number(process.env.BENCH_IMPORT_WAIT_MS ?? 15 * 60_000) };

const PAYEES = Array.from({ length: 200 }, (_, i) => `Shop ${String(i + 1).padStart(3, '0')}`);

/**
 * The file: ROWS rows of Date (ISO), Payee, Notes, Amount over the year up to tomorrow,
 * newest first as banks list them; the first row is the one to find in a register.
 */
function makeCsv(path: string): { first: { payee: string; notes: string } } {
  const lines = ['Date,Payee,Notes,Amount'];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  // Ending tomorrow, so the file's newest row is the newest in any register.
  const end = Date.now() + 86_400_000;
  for (let i = 0; i < ROWS; i++) {
    const date = new Date(end - Math.floor((i * 365) / ROWS) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const payee = PAYEES[Math.floor(next() * PAYEES.length)]!;
    const cents = -Math.floor(next() * 20000 + 100);
    const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    lines.push(`${date},${payee},Import bench ${i + 1},${amount}`);
  }
  writeFileSync(path, lines.join('\n') + '\n');
  return { first: { payee: lines[1]!.split(',')[1]!, notes: 'Import bench 1' } };
}

const mark = (page: Page) => page.evaluate('window.__benchImportStart = performance.now()');
/** Milliseconds since the mark, read one frame after the result was found on screen. */
const since = async (page: Page) =>
  Number(
    await page.evaluate(
      'new Promise((r) => requestAnimationFrame(() => r(performance.now() - window.__benchImportStart)))',
    ),
  );

interface Timing {
  /** The modal shows the file's transactions and its import button. */
  ready: number;
  /** The result is on screen. */
  ms: number;
  /** Coffer's: every thread's CPU in each step (`windowCpu`). */
  cpu?: Record<'preview' | 'import' | 'register', ReturnType<typeof windowCpu>>;
}

/** Marks in the page's timeline (the trace's user timing) at the steps of the import. */
const markStep = (page: Page, name: string) =>
  page.evaluate((n) => void performance.mark(n), `bench:${name}`);

/**
 * Coffer's import through its modal, traced without the sampling profiler: every thread's CPU
 * (the page, the core's worker, the browser process, the compile threads) from the file chosen
 * to the preview, from the click on Import to the counts on screen, and from Done to the
 * register showing the file's newest row (bench/web/thread-cpu.ts).
 */
async function cofferImport(page: Page, csv: string, first: { notes: string }): Promise<Timing> {
  await page.getByRole('button', { name: 'Account menu' }).click(WAIT);
  await page.getByRole('menuitem', { name: 'Import transactions' }).click(WAIT);
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  const chooser = page.waitForEvent('filechooser', WAIT);
  await dialog.getByRole('button', { name: 'Select file...' }).click(WAIT);
  const files = await chooser;
  const tracing = await traceThroughPage(
    page,
    values.profile ? CATEGORIES.split(',') : CPU_CATEGORIES,
  );
  await markStep(page, 'chosen');
  await mark(page);
  await files.setFiles(csv);
  const button = dialog.getByRole('button', { name: /^Import [\d,]+ transactions$/ });
  await button.waitFor(WAIT);
  const ready = await since(page);
  await markStep(page, 'ready');
  await markStep(page, 'click');
  await button.click(WAIT);
  await dialog.getByLabel('Import results').waitFor(WAIT);
  const ms = await since(page);
  await markStep(page, 'results');
  // Added, updated and already there: every row of the file is accounted for.
  const counts = await dialog.getByLabel('Import results').locator('dd').allTextContents();
  const total = counts.reduce((sum, c) => sum + Number(c.replace(/,/g, '')), 0);
  if (total !== ROWS) throw new Error(`coffer: counts ${counts.join('/')}, expected ${ROWS}`);
  await markStep(page, 'done');
  await dialog.getByRole('button', { name: 'Done' }).click(WAIT);
  await page.getByText(first.notes, { exact: true }).first().waitFor(WAIT);
  await markStep(page, 'register');
  const events = await tracing.stop(values.trace ? resolve(values.trace) : undefined);
  return {
    ready,
    ms,
    cpu: {
      preview: windowCpu(events, 'bench:chosen', 'bench:ready'),
      import: windowCpu(events, 'bench:click', 'bench:results'),
      register: windowCpu(events, 'bench:done', 'bench:register'),
    },
  };
}

async function actualImport(page: Page, csv: string, first: { notes: string }): Promise<Timing> {
  const chooser = page.waitForEvent('filechooser', WAIT);
  chooser.catch(() => undefined);
  await page
    .getByRole('button', { name: /^Import/ })
    .first()
    .click(WAIT);
  const files = await chooser;
  await mark(page);
  await files.setFiles(csv);
  const dialog = page.getByRole('dialog').filter({ hasText: 'Import transactions' });
  const button = dialog.getByRole('button', { name: /^Import [\d,]+ transactions?$/ });
  await button.waitFor(WAIT);
  const ready = await since(page);
  await button.click(WAIT);
  // Actual's modal closes once its import is done (its register fills in later): the end.
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  const ms = await since(page);
  await page.getByText(first.notes, { exact: true }).first().waitFor(WAIT);
  return { ready, ms };
}

/**
 * One fresh browser profile, kept on disk as a user's is (an incognito profile keeps OPFS in
 * memory, where large writes run several times slower than on disk): the app downloads the
 * budget, then the file is imported.
 */
async function oneRun(app: App, csv: string, balance: string, first: { notes: string }) {
  const profile = mkdtempSync(join(tmpdir(), `bench-import-${app.name}-`));
  const context = await launchPersistentChromium(profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize(SIZES.desktop);
    try {
      await coldVisit(page, app.server.url, PASSWORD, BUDGET_NAME, balance);
      return app.name === 'coffer'
        ? await cofferImport(page, csv, first)
        : await actualImport(page, csv, first);
    } catch (e) {
      // What the page showed when a step failed, to see which one.
      await page
        .screenshot({ path: resolve(`bench/results/web-import-failed-${app.name}.png`) })
        .catch((shot: unknown) => console.error('no screenshot:', shot));
      throw e;
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Each step's CPU over all threads, by process, and its busiest threads. */
function printCpu(cpu: NonNullable<Timing['cpu']>): void {
  for (const [step, w] of Object.entries(cpu)) {
    const byProcess = Object.entries(w.byProcess)
      .filter(([, ms]) => ms >= 5)
      .map(([p, ms]) => `${p} ${ms}`)
      .join(', ');
    console.log(`  ${step}: ${w.wallMs} ms wall, ${w.totalMs} ms CPU (${byProcess})`);
    for (const t of w.threads.slice(0, 4)) console.log(`    ${t.cpuMs} ms ${t.thread}`);
  }
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-web-import-'));
  const made = join(base, 'made');
  mkdirSync(made);
  const { id, checkingCents } = runBudgetScript(['make', made, String(TRANSACTIONS)]);
  const balance = formatCents(checkingCents);
  const csv = join(base, 'statement.csv');
  const { first } = makeCsv(csv);
  const webRoot = join(base, 'web');
  cpSync(resolve(values['web-root']), webRoot, { recursive: true });
  process.env.COFFER_WEB_ROOT = webRoot;
  const wanted = values.apps.split(',');
  const apps: App[] = [];
  if (wanted.includes('coffer')) apps.push({ name: 'coffer', server: await startCoffer() });
  if (wanted.includes('actual')) apps.push({ name: 'actual', server: await startActual() });
  const times: Record<string, Timing[]> = {};
  try {
    for (const app of apps) {
      await setUp(app, made, id);
      times[app.name] = [];
    }
    for (let run = 0; run < RUNS; run++) {
      // Each run is a fresh profile that downloads the budget before the import.
      for (const app of run % 2 === 0 ? apps : [...apps].reverse()) {
        const t = await oneRun(app, csv, balance, first);
        times[app.name]!.push(t);
        console.log(
          `run ${run + 1}/${RUNS} ${app.name} (load ${loadavg()[0]!.toFixed(1)}): ${Math.round(t.ms)} ms (preview at ${Math.round(t.ready)} ms)`,
        );
        if (t.cpu) printCpu(t.cpu);
      }
    }
    const summary = Object.fromEntries(
      Object.entries(times).map(([name, xs]) => [
        name,
        {
          'file chosen → result (ms, median)': Math.round(median(xs.map((x) => x.ms))),
          'file chosen → preview (ms, median)': Math.round(median(xs.map((x) => x.ready))),
          runs: xs.map((x) => Math.round(x.ms)).join(', '),
          ...(xs[0]?.cpu
            ? {
                'click → result, CPU (ms, median)': Math.round(
                  median(xs.map((x) => x.cpu?.import.totalMs ?? 0)),
                ),
                'Done → register, CPU (ms, median)': Math.round(
                  median(xs.map((x) => x.cpu?.register.totalMs ?? 0)),
                ),
              }
            : {}),
        },
      ]),
    );
    const coffer = summary.coffer?.['file chosen → result (ms, median)'];
    const actual = summary.actual?.['file chosen → result (ms, median)'];
    console.log(
      `\nImporting a ${ROWS.toLocaleString('en-US')}-row CSV through the import modal into Checking ` +
        `(a budget of ${TRANSACTIONS.toLocaleString('en-US')} transactions), file chosen → result on screen, ` +
        `median of ${RUNS}:`,
    );
    console.table(summary);
    if (coffer && actual) console.log(`Actual / Coffer: ${(actual / coffer).toFixed(1)}x`);
    const out = resolve('bench/results');
    mkdirSync(out, { recursive: true });
    const file = join(out, `web-import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify({ rows: ROWS, transactions: TRANSACTIONS, runs: RUNS, summary }, null, 2),
    );
    console.log(`Results: ${file}`);
  } finally {
    for (const app of apps) await app.server.stop();
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
