/**
 * The schedule pages of Coffer's web app beside Actual's (`@actual-app/web` served by the real
 * `@actual-app/sync-server`), in headless Chromium on 127.0.0.1, on the same budget: the web
 * benchmark's budget (made by Actual's API) plus schedules and recurring payments added by
 * Actual's API. Both apps download it; then, per fresh browser:
 * - list: a click on Schedules in the sidebar until the first schedule's name shows;
 * - editor: a click on that name until the schedule's linked transactions show;
 * - discover: a click on 'Find schedules' until the first recurring payee found shows.
 * Times are from the click to the element seen by Playwright (polled each frame), medians.
 * Bundled and started by bench/web-schedules/run.mjs (`--apps coffer` measures Coffer alone).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser, SIZES } from '../../e2e/helpers/browser.ts';
import { startActual, startCoffer, type ServerProcess } from '../server/servers.ts';
import { coldVisit } from './flows.ts';
import { median } from './setup.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    transactions: { type: 'string', default: '100000' },
    schedules: { type: 'string', default: '20' },
    recurring: { type: 'string', default: '6' },
    settle: { type: 'string', default: '3000' },
    'web-root': { type: 'string', default: 'packages/web/dist' },
    // Actual's web app did not open a 100,000-transaction budget within 3 minutes here.
    apps: { type: 'string', default: 'coffer,actual' },
  },
});
const APPS = values.apps.split(',');
const RUNS = Number(values.runs);
const TRANSACTIONS = Number(values.transactions);
const SETTLE_MS = Number(values.settle);
const PASSWORD = 'bench password';
const BUDGET_NAME = 'BudgetBench';
const WAIT = { timeout: 180_000 };
const root = resolve('.');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function runScript(script: string, args: string[]): any {
  const res = spawnSync(process.execPath, [join(root, script), ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  const line = (res.stdout ?? '')
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (res.status !== 0 || !line) {
    throw new Error(`${script} ${args[0]} failed (${res.status}): ${res.stderr.slice(-3000)}`);
  }
  return JSON.parse(line);
}

interface App {
  name: 'coffer' | 'actual';
  server: ServerProcess;
}

/** Where each app differs: how its schedule editor is left again. */
const leaveEditor: Record<App['name'], (page: Page) => Promise<void>> = {
  // Coffer's editor is a page: back to the list.
  coffer: (page) => page.goBack().then(() => undefined),
  // Actual's is a modal over the list.
  actual: (page) => page.keyboard.press('Escape'),
};

async function timed(page: Page, click: () => Promise<void>, shown: () => Promise<void>) {
  const start = performance.now();
  await click();
  await shown();
  return performance.now() - start;
}

interface Marks {
  listMs: number;
  editorMs: number;
  discoverMs: number;
}

async function oneRun(app: App, balance: string, names: Names): Promise<Marks> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: SIZES.desktop });
    const page = await context.newPage();
    await coldVisit(page, app.server.url, PASSWORD, BUDGET_NAME, balance);
    await page.waitForTimeout(SETTLE_MS);
    const text = (t: string) => page.getByText(t, { exact: true }).first();
    const listMs = await timed(
      page,
      () => text('Schedules').click(WAIT),
      () => text(names.firstSchedule).waitFor({ state: 'visible', ...WAIT }),
    );
    await page.waitForTimeout(500);
    const editorMs = await timed(
      page,
      () => text(names.firstSchedule).click(WAIT),
      () =>
        page
          .getByText('Linked transactions')
          .first()
          .waitFor({ state: 'visible', ...WAIT }),
    );
    await leaveEditor[app.name](page);
    await text('Find schedules').waitFor({ state: 'visible', ...WAIT });
    await page.waitForTimeout(500);
    const discoverMs = await timed(
      page,
      () => text('Find schedules').click(WAIT),
      () => text(names.firstFound).waitFor({ state: 'visible', ...WAIT }),
    );
    return { listMs, editorMs, discoverMs };
  } finally {
    await browser.close();
  }
}

interface Names {
  firstSchedule: string;
  firstFound: string;
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-web-schedules-'));
  const made = join(base, 'made');
  mkdirSync(made);
  const { id, checkingCents } = runScript('bench/web/budget.mjs', [
    'make',
    made,
    String(TRANSACTIONS),
  ]);
  const names: Names = runScript('bench/web/schedules-budget.mjs', [
    made,
    id,
    String(values.schedules),
    String(values.recurring),
  ]);
  // The recurring payments moved Checking's balance: read it back from the file.
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const db = new Database(join(made, id, 'db.sqlite'), { readonly: true });
  const cents = (
    db
      .prepare(
        `SELECT COALESCE(SUM(t.amount), 0) AS cents FROM transactions t
         JOIN accounts a ON a.id = t.acct
         WHERE a.name = 'Checking' AND t.tombstone = 0 AND t.isParent = 0`,
      )
      .get() as { cents: number }
  ).cents;
  db.close();
  void checkingCents;
  const balance = (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  const webRoot = join(base, 'web');
  cpSync(resolve(values['web-root']), webRoot, { recursive: true });
  process.env.COFFER_WEB_ROOT = webRoot;
  const apps: App[] = [];
  if (APPS.includes('coffer')) apps.push({ name: 'coffer', server: await startCoffer() });
  if (APPS.includes('actual')) apps.push({ name: 'actual', server: await startActual() });
  const results: Record<string, Marks[]> = Object.fromEntries(apps.map((a) => [a.name, []]));
  try {
    for (const app of apps) {
      const bootstrap = () =>
        fetch(`${app.server.url}/account/bootstrap`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: PASSWORD }),
        });
      const res = await bootstrap().catch(bootstrap);
      if (!res.ok) throw new Error(`${app.name}: bootstrap ${res.status}`);
      const copy = mkdtempSync(join(tmpdir(), 'bench-web-upload-'));
      cpSync(made, copy, { recursive: true });
      runScript('bench/web/budget.mjs', ['upload', copy, id, app.server.url, PASSWORD]);
      rmSync(copy, { recursive: true, force: true });
    }
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? apps : [...apps].reverse();
      for (const app of order) {
        const marks = await oneRun(app, balance, names);
        results[app.name]!.push(marks);
        console.log(
          `run ${run + 1}/${RUNS} ${app.name}: list ${Math.round(marks.listMs)} ms, editor ` +
            `${Math.round(marks.editorMs)} ms, discover ${Math.round(marks.discoverMs)} ms`,
        );
      }
    }
  } finally {
    for (const app of apps) await app.server.stop();
    rmSync(base, { recursive: true, force: true });
  }

  const require = createRequire(import.meta.url);
  const actualVersion = require('@actual-app/web/package.json').version as string;
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, rs]) => [
      name,
      {
        listMs: median(rs.map((r) => r.listMs)),
        editorMs: median(rs.map((r) => r.editorMs)),
        discoverMs: median(rs.map((r) => r.discoverMs)),
      },
    ]),
  );
  console.log(
    `\nSchedule pages, ${TRANSACTIONS} transactions, ${values.schedules} schedules, ` +
      `${values.recurring} recurring payees, median of ${RUNS} (Actual web ${actualVersion}):`,
  );
  console.log(`| step | ${apps.map((a) => a.name).join(' | ')} |`);
  console.log(`|---|${apps.map(() => '---:').join('|')}|`);
  for (const [step, label] of [
    ['listMs', 'Schedules list shown'],
    ['editorMs', 'Schedule editor shown'],
    ['discoverMs', 'Found schedules shown'],
  ] as const) {
    const cells = apps.map((a) => `${Math.round(summary[a.name]![step])} ms`);
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
  const out = join(root, 'bench/results');
  mkdirSync(out, { recursive: true });
  const file = join(out, `web-schedules-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { transactions: TRANSACTIONS, values, actualVersion, summary, results },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
}

await main();
