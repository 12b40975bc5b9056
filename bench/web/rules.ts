/**
 * The rule editor's preview beside Actual's, in headless Chromium on 127.0.0.1 (issue 17): on
 * the web benchmark's budget (100,000 transactions) with 200 payees and 500 rules, a new
 * rule's payee condition is changed and the time is taken from the Enter that picks the payee
 * to the frame that shows the preview's first rows for it. Beside them, the floor: the same
 * first rows read by better-sqlite3 from the same file. Bundled and started by
 * bench/web-rules/run.mjs.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser, SIZES } from '../../e2e/helpers/browser.ts';
import { startActual, startCoffer } from '../server/servers.ts';
import {
  type App,
  BUDGET_NAME,
  formatCents,
  median,
  PASSWORD,
  runBudgetScript,
  setUp,
} from './setup.ts';
import { PREVIEW_FIRST } from '../../packages/web/src/components/rules/preview.ts';
import { addRulesAndPayees } from './rules-budget.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    changes: { type: 'string', default: '6' },
    transactions: { type: 'string', default: '100000' },
    settle: { type: 'string', default: '2000' },
    warm: { type: 'string', default: '8000' },
    'web-root': { type: 'string', default: 'packages/web/dist' },
    shots: { type: 'string' },
    apps: { type: 'string', default: 'coffer,actual' },
  },
});
const RUNS = Number(values.runs);
const CHANGES = Number(values.changes);
const TRANSACTIONS = Number(values.transactions);
const SHOTS = values.shots;
const SETTLE_MS = Number(values.settle);
const WARM_MS = Number(values.warm);
const WAIT = { timeout: 180_000 };
/** Opening a 100,000-transaction budget for the first time can take Actual minutes here. */
const OPEN_WAIT = { timeout: 900_000 };
const root = resolve('.');

/** The payees the condition is switched between (each on about 500 transactions). */
const TARGETS = ['Payee 017', 'Payee 142', 'Payee 088', 'Payee 031', 'Payee 196', 'Payee 063'];

/**
 * Installed in the page: the Enter that picks the payee starts the clock; the first frame after
 * the preview's rows name that payee stops it. Only the preview counts (the list of
 * suggestions names the payee too, so it is left out).
 */
const PROBE = `(() => {
  const w = window;
  if (w.__rulesBench) return;
  const state = { armed: null, start: 0, done: 0 };
  w.__rulesBench = state;
  const shows = (name) => {
    const rows = document.querySelectorAll('[data-bench-preview] [role="row"], [data-bench-preview] tr, [data-bench-preview] [data-testid="row"]');
    for (const row of rows) if ((row.textContent || '').includes(name)) return true;
    return false;
  };
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && state.armed && !state.start) state.start = performance.now();
  }, true);
  new MutationObserver(() => {
    if (!state.armed || !state.start || state.done) return;
    if (!shows(state.armed)) return;
    requestAnimationFrame(() => { if (!state.done) state.done = performance.now(); });
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

interface Flow {
  /** Opens the rule editor for a new rule; resolves when its preview is on screen. */
  openEditor(page: Page, url: string): Promise<void>;
  /** The payee condition's input. */
  payeeInput(page: Page): ReturnType<Page['locator']>;
  /** Marks the preview's element so the probe can find its rows. */
  markPreview(page: Page): Promise<void>;
}

const coffer: Flow = {
  async openEditor(page, url) {
    await page.goto(`${url}/rules`);
    await page.getByRole('button', { name: 'Create new rule' }).click(WAIT);
    await page.getByRole('dialog', { name: 'Rule', exact: true }).waitFor(WAIT);
  },
  payeeInput: (page) => page.getByRole('combobox', { name: 'Condition 1 value' }),
  async markPreview(page) {
    await page
      .getByRole('table', { name: 'Transactions this rule applies to' })
      .evaluate((el: { setAttribute(name: string, value: string): void }) =>
        el.setAttribute('data-bench-preview', ''),
      );
  },
};

const actual: Flow = {
  async openEditor(page, url) {
    await page.goto(`${url}/rules`);
    await page.getByRole('button', { name: 'Create new rule' }).click(WAIT);
    await page.getByText('This rule applies to these transactions:').waitFor(WAIT);
  },
  payeeInput: (page) => page.getByRole('dialog').locator('input').first(),
  async markPreview(page) {
    // The preview table follows the heading's row in the same section (a script string: the
    // root tsconfig, which checks bench/, has no DOM types).
    await page.evaluate(`(() => {
      const heading = [...document.querySelectorAll('*')].find(
        (el) => el.childElementCount === 0 && el.textContent === 'This rule applies to these transactions:',
      );
      let section = heading;
      for (let i = 0; i < 4 && section; i++) section = section.parentElement;
      section?.setAttribute('data-bench-preview', '');
    })()`);
  },
};

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/**
 * Signs in on a fresh profile and opens the budget from the server's file list, as
 * bench/web/flows.ts does (the same selectors for both apps), with a longer wait: the time to
 * open is not what this benchmark measures.
 */
async function openBudget(page: Page, url: string, balance: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  // Coffer labels the field; Actual gives it a placeholder only.
  const field = page
    .getByLabel('Password', { exact: true })
    .or(page.getByPlaceholder('Password', { exact: true }))
    .first();
  await field.waitFor(WAIT);
  await field.fill(PASSWORD);
  await field.press('Enter');
  await page.getByText(BUDGET_NAME, { exact: true }).first().click(WAIT);
  await page
    .getByText(balance, { exact: true })
    .first()
    .waitFor({ state: 'visible', ...OPEN_WAIT });
}

/** One fresh browser: sign in and open the budget, open the editor, change the payee N times. */
async function oneRun(app: App, flow: Flow, balance: string): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: SIZES.desktop });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await openBudget(page, app.server.url, balance);
      await flow.openEditor(page, app.server.url);
    } catch (err) {
      await shot(page, `${app.name}-failed`);
      throw err;
    }
    await flow.markPreview(page);
    await page.evaluate(PROBE);
    await shot(page, `${app.name}-editor`);
    const input = flow.payeeInput(page);
    const times: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const payee = TARGETS[i % TARGETS.length]!;
      // A person reads the preview before changing the rule again: both apps finish their
      // work on the last change (Coffer's counts, Actual's full preview) first.
      // The first change also waits for what an app does after it opened a budget.
      await page.waitForTimeout(i === 0 ? WARM_MS : SETTLE_MS);
      await input.click();
      await input.fill(payee);
      // The suggestion list has caught up with the text before Enter picks from it.
      await page.getByText(payee, { exact: true }).first().waitFor(WAIT);
      await page.evaluate(
        `Object.assign(window.__rulesBench, { armed: ${JSON.stringify(payee)}, start: 0, done: 0 })`,
      );
      await input.press('Enter');
      await page.waitForFunction('window.__rulesBench.done > 0', null, WAIT);
      const ms = (await page.evaluate(
        'window.__rulesBench.done - window.__rulesBench.start',
      )) as number;
      times.push(ms);
      await page.evaluate('window.__rulesBench.armed = null');
      if (i === 0) await shot(page, `${app.name}-preview`);
    }
    if (errors.length > 0) console.warn(`${app.name}: page errors: ${errors.join(' | ')}`);
    return times;
  } finally {
    await browser.close();
  }
}

/** The floor: the preview's first rows (as many as Coffer asks for) for each payee, read by better-sqlite3. */
function floor(dbPath: string): number[] {
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const db = new Database(dbPath, { readonly: true });
  const idOf = db.prepare('SELECT id FROM payees WHERE name = ?');
  const rows = db.prepare(
    `SELECT t.id, t.date, t.description, t.amount, t.category, t.notes FROM transactions t
     WHERE t.description = ? AND t.tombstone = 0 AND t.isParent = 0
     ORDER BY t.date DESC, t.sort_order DESC, t.id LIMIT ${PREVIEW_FIRST}`,
  );
  const times: number[] = [];
  for (let i = 0; i < CHANGES * RUNS; i++) {
    const id = idOf.get(TARGETS[i % TARGETS.length])?.id;
    const start = performance.now();
    rows.all(id);
    times.push(performance.now() - start);
  }
  db.close();
  return times;
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-web-rules-'));
  const made = join(base, 'made');
  mkdirSync(made);
  const { id, checkingCents } = runBudgetScript(['make', made, String(TRANSACTIONS)]);
  const dbPath = join(made, id, 'db.sqlite');
  const added = addRulesAndPayees(dbPath);
  const balance = formatCents(checkingCents);
  const floorMs = floor(dbPath);

  const webRoot = join(base, 'web');
  cpSync(resolve(values['web-root']), webRoot, { recursive: true });
  process.env.COFFER_WEB_ROOT = webRoot;
  // The budget's zip (100,000 transactions with payee names) comes close to the sync-server's
  // default 20 MB upload limit; Coffer's server takes it as it is.
  process.env.ACTUAL_UPLOAD_FILE_SYNC_SIZE_LIMIT_MB ??= '200';
  process.env.ACTUAL_UPLOAD_FILE_SIZE_LIMIT_MB ??= '200';
  // `--apps coffer` measures Coffer alone (Actual can take longer to open 100,000
  // transactions on a busy machine than a run should).
  const chosen = values.apps.split(',');
  const apps: Array<App & { flow: Flow }> = [];
  if (chosen.includes('coffer'))
    apps.push({ name: 'coffer', server: await startCoffer(), flow: coffer });
  if (chosen.includes('actual'))
    apps.push({ name: 'actual', server: await startActual(), flow: actual });
  const results: Record<string, number[]> = { coffer: [], actual: [] };
  try {
    for (const app of apps) await setUp(app, made, id);
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? apps : [...apps].reverse();
      for (const app of order) {
        const times = await oneRun(app, app.flow, balance);
        results[app.name]!.push(...times);
        console.log(
          `run ${run + 1}/${RUNS} ${app.name}: ${times.map((t) => Math.round(t)).join(', ')} ms`,
        );
      }
    }
  } finally {
    for (const app of apps) await app.server.stop();
    rmSync(base, { recursive: true, force: true });
  }

  // Each run's first change comes right after the budget and the editor opened (the app is
  // still warming up), so it is shown apart as well.
  const stats = (xs: number[]) => ({
    medianMs: median(xs),
    maxMs: Math.max(...xs),
    firstChangeMedianMs: median(xs.filter((_, i) => i % CHANGES === 0)),
    laterMedianMs: median(xs.filter((_, i) => i % CHANGES !== 0)),
  });
  const measured = Object.entries(results).filter(([, xs]) => xs.length > 0);
  const summary = {
    transactions: TRANSACTIONS,
    rules: added.rules,
    payees: added.payees.length,
    samplesPerApp: RUNS * CHANGES,
    targetMs: 150,
    apps: Object.fromEntries(measured.map(([name, xs]) => [name, stats(xs)])),
    floor: { medianMs: median(floorMs), maxMs: Math.max(...floorMs) },
    results,
  };
  const fmt = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `\nRule editor preview: first rows after the payee condition changes ` +
      `(${TRANSACTIONS.toLocaleString()} transactions, ${added.rules} rules, target ≤ 150 ms)`,
  );
  console.log(`${''.padEnd(28)}   median      max  1st change  later`);
  for (const [name, xs] of measured) {
    const st = stats(xs);
    console.log(
      `${`${name} (Chromium)`.padEnd(28)} ${fmt(st.medianMs)} ${fmt(st.maxMs)} ${fmt(
        st.firstChangeMedianMs,
      )} ${fmt(st.laterMedianMs)}  ms`,
    );
  }
  console.log(
    `${'floor (better-sqlite3 rows)'.padEnd(28)} ${fmt(median(floorMs))} ${fmt(Math.max(...floorMs))}  ms`,
  );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const out = join(
    root,
    `bench/results/web-rules-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(out, JSON.stringify(summary, null, 2));
  console.log(`\nwritten ${out}`);
}

await main();
