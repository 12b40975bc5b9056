/**
 * Coffer on a phone beside Actual 26.9's web build (`actual-sync-server-26`), issue 29: one
 * budget of 100,000 transactions (Actual's API makes it, each server gets its own upload),
 * Chromium as a phone (390×844, `isMobile`, `hasTouch`, taps) with a profile on disk (each app
 * its own, as a phone's browser keeps; see `openPhone`), the CPU slowed about 4× and the network
 * a shaped Fast 3G link (phone-link.ts):
 *   - first visit: a fresh profile signs in, picks the budget, until the budget is shown;
 *     the bytes the server sent meanwhile;
 *   - returning start: the app opened again (its service worker answers) until the budget is
 *     shown;
 *   - add transaction: a tap on the account's 'Add transaction' until the editor's amount field
 *     is shown and focused (phone-editor.ts); then save until the account's list is painted
 *     with the new row. Each timed tap is a touch alone (phone-tap.ts).
 * CPU: Chromium here refuses `Emulation.setCPUThrottlingRate` on worker targets ("Operation is
 * only supported for pages, not workers"), so the browser runs in a cgroup (v1 `cpu` controller,
 * `cpu.cfs_quota_us`: the v1 form of `cpu.max`), by default each page's and worker's thread with
 * its own share, as CDP's throttle would (`--quota-scope`), the share fitted in the run so a fixed busy loop in a worker takes
 * `--slowdown` (4) times as long as with no quota; both are reported (phone-quota.ts). The
 * returning start's floors (a bare page, SQLite reading the month: see phone-floor.ts) run after
 * the apps in the same browser and quota, opened the same way (`--returning-from`).
 * Times: the page's own, from the step's start (the navigation, the tap's touchend) to the
 * first frame showing its result (phone-frame.ts); the bench does not poll the page meanwhile.
 * Bundled and started by bench/web-phone/run.mjs. Needs a writable /sys/fs/cgroup/cpu.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { startActualServer } from '../../packages/server/src/interop/targets.ts';
import { startCoffer } from '../server/servers.ts';
import { startLink } from './phone-link.ts';
import { failureShot, openPhone } from './phone-browser.ts';
import { cpuQuota, fitQuota, launchInCgroup } from './phone-quota.ts';
import { countOpfs } from './phone-opfs.ts';
import { formatMarks, startMarks } from './phone-start.ts';
import { type FrameWatch, frameWatch, leafText, type Ready, watchFrames } from './phone-frame.ts';
import { printStartCpu, traceStart } from './phone-start-cpu.ts';
import { budgetFile, measureStartFloors, type StartFloors } from './phone-floor.ts';
import { type ThreadSplit, traceStep } from './phone-trace.ts';
import { rowTap } from './phone-row-tap.ts';
import {
  AMOUNT,
  endAmountEdit,
  NEW_EDITOR_IN_PAGE,
  savedInPage,
  typeAmount,
} from './phone-editor.ts';
import { fingerTap } from './phone-tap.ts';
import { countRenders } from '../../e2e/helpers/render-count.ts';
import { type App, BUDGET_NAME, PASSWORD, runBudgetScript, setUp } from './setup.ts';
import { printPhoneTable, type Result } from './phone-report.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    months: { type: 'string', default: '120' },
    returning: { type: 'string', default: '3' },
    /**
     * The browser's share of one CPU. Unset: found in the run, so the worker's busy loop is
     * `--slowdown` times slower (a share of 0.25 made it 7× slower, not 4×: the browser's other
     * processes and threads spend from the same share).
     */
    quota: { type: 'string' },
    /** The slow-down the issue asks for (4×), which the quota is fitted to when not given. */
    slowdown: { type: 'string', default: '4' },
    /**
     * `targets`: each page's and worker's thread has the share, the others run free (what CDP's
     * throttle on the page and every worker target does); `thread`: each of the browser's
     * threads has it (a phone slower on every core); `browser`: all its threads share it, as
     * until stop 49 (phone-quota.ts).
     */
    'quota-scope': { type: 'string', default: 'targets' },
    /**
     * `launch`: each returning start is the app opened again in a new tab once the last one
     * is closed (its worker gone), as from the home screen; `reload`: the same tab navigated
     * again, the last page's worker still closing its budget meanwhile (as until stop 49).
     */
    'returning-from': { type: 'string', default: 'launch' },
    only: { type: 'string' },
    /** Chrome traces of the editor's tap and of the save: each thread's busy time, what filled it. */
    trace: { type: 'boolean', default: false },
    /**
     * With `--trace`: no sampling profiler (no function names), so each thread's CPU in the
     * taps is theirs, not the profiler's (it more than doubled them).
     */
    'trace-light': { type: 'boolean', default: false },
    /** The link unshaped (no Fast 3G): for profiling the steps after the first visit. */
    'fast-link': { type: 'boolean', default: false },
    /** A budget made before by `budget.mjs make <dir>` (its one folder), instead of a new one. */
    made: { type: 'string' },
    /** The phone in an incognito profile (Playwright's `newContext`), as before stop 38. */
    incognito: { type: 'boolean', default: false },
    /** The save's OPFS calls in the workers, counted (phone-opfs.ts). */
    'opfs-calls': { type: 'boolean', default: false },
    /**
     * The components React renders on the editor's tap, under the covered page and in the
     * editor's layer (e2e/helpers/render-count.ts): a count of work the machine's load does
     * not change.
     */
    'count-renders': { type: 'boolean', default: false },
    /**
     * How long after the account page's Add transaction shows the bench taps it (ms): by then
     * its first rows are read and shown, as when a person looks at the list before tapping. 0:
     * at once, while the core still reads the rows (under the quota the worker's CPU then comes
     * out of the same share as the page's, and the editor waits for it).
     */
    settle: { type: 'string', default: '1500' },
    /** Returning starts of each floor (phone-floor.ts: a bare page, SQLite reading the month). */
    floors: { type: 'string', default: '3' },
    /**
     * Another built checkout (its root): its Coffer is measured too, as 'coffer-b', before this
     * one, in the same browser and quota (an A/B of two builds in one run; `--only coffer` keeps
     * both).
     */
    'coffer-b': { type: 'string' },
  },
});
const WAIT = { timeout: 600_000 };
const CATEGORY = 'Food';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
const CGROUP = `/sys/fs/cgroup/cpu/coffer-bench-phone-${process.pid}`;

/** Polls until the locator is visible: returns the ms since `start`. */
async function shownAt(l: Locator, start: number, timeout = WAIT.timeout): Promise<number> {
  const until = performance.now() + timeout;
  while (performance.now() < until) {
    if (await l.isVisible().catch(() => false)) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`not shown in ${timeout} ms: ${String(l)}`);
}

/** What each app shows once the phone's budget is on screen. */
const BUDGET_SHOWN: Record<string, (p: Page) => Locator> = {
  coffer: (p) =>
    p.getByRole('list', { name: /^Categories, / }).getByText(CATEGORY, { exact: true }),
  actual: (p) => p.getByText(CATEGORY, { exact: true }).first(),
};

/** The same, checked in the page (phone-frame.ts): a leaf 'Food' in the budget's list. */
const BUDGET_SHOWN_IN_PAGE: Record<string, Ready> = {
  coffer: leafText(
    CATEGORY,
    'ul[aria-label^="Categories, "], ol[aria-label^="Categories, "], [role="list"][aria-label^="Categories, "]',
  ),
  actual: leafText(CATEGORY),
};

/**
 * A tap on the page's heading, or a text outside any control (nothing happens), measured in the
 * page as the steps are: from the tap's touchend to the first frame after its click. The floor
 * under the tap's figures.
 */
async function emptyFrameAt(page: Page, frames: FrameWatch): Promise<number> {
  // A heading outside any control: the heading tapped in Actual 26.9's account page opened a
  // modal (react-aria's, over the list: its 'empty' frame took 142-584 ms, and the row's tap
  // after it hit the modal), not an empty tap.
  const inert = ':not(button *, a *, label *, [role="button"], [role="button"] *, [role="link"] *)';
  const heading = page.locator(`:is(h1, h2, h3, [role="heading"])${inert}`);
  const text = page.locator(`:is(p, span)${inert}`).filter({ hasText: /\S/ });
  const target = (await heading.filter({ visible: true }).count()) > 0 ? heading : text;
  await fingerTap(page, target.filter({ visible: true }).first(), {
    before: () => frames.arm('empty', 'click'),
  });
  return frames.next('empty', 60_000);
}

function printTrace(what: string, trace: { wallMs: number; threads: ThreadSplit[] }): void {
  console.log(`${what} traced over ${trace.wallMs} ms`);
  for (const t of trace.threads.slice(0, 4)) {
    console.log(`  ${t.thread}: busy ${t.busyMs} ms, CPU ${t.cpuMs} ms`);
    for (const k of t.top) console.log(`    ${k.ms} ms ×${k.count} ${k.what}`);
    for (const h of t.hot) console.log(`    ${h.samples} samples in ${h.where}`);
  }
}

/** Which app a measured one is (a second Coffer build is a Coffer). */
const kindOf = (app: App) => (app.name.startsWith('coffer') ? 'coffer' : 'actual');

async function measureApp(app: App, launched: Browser, out: Result, dir: string): Promise<void> {
  const kind = kindOf(app);
  const link = await startLink(app.server.url);
  const { context, browser } = await openPhone(launched, {
    dir,
    name: app.name,
    cgroup: CGROUP,
    options: { ...PHONE, args: ARGS },
    incognito: values.incognito!,
  });
  // No step waits for ever (Playwright's own default is none): one an app cannot do ends its
  // row with a note naming the step, and the other app is still measured.
  context.setDefaultTimeout(180_000);
  await watchFrames(context, BUDGET_SHOWN_IN_PAGE[kind]!);
  if (values['count-renders'])
    await context.addInitScript(countRenders(['shell-route', 'shell-layer']));
  try {
    // The page's and its workers' errors (a failed open logs its reason there), for the notes.
    const watched = async () => {
      const p = await context.newPage();
      p.on('console', (m) => {
        if (m.type() === 'error') out.notes.push(`console: ${m.text().slice(0, 300)}`);
      });
      return p;
    };
    let page = await watched();
    let frames = frameWatch(page);
    link.shape(!values['fast-link']);
    link.reset();
    const start = performance.now();
    await page.goto(link.url, { waitUntil: 'commit' });
    const field = page
      .getByLabel('Password', { exact: true })
      .or(page.getByPlaceholder('Password', { exact: true }))
      .first();
    await field.waitFor(WAIT);
    await field.fill(PASSWORD);
    await field.press('Enter');
    const file = page.getByText(BUDGET_NAME, { exact: true }).first();
    await file.waitFor(WAIT);
    // The app, the sign-in and the file list: what the first visit costs before the budget's
    // own download (the rest, with any code the budget's screens load).
    out.beforeBudgetBytes = link.down();
    await file.tap();
    out.firstVisit = await shownAt(BUDGET_SHOWN[kind]!(page), start);
    // The page's own figure for it (from its document's start, which may be later than the
    // first navigation's if the app loaded a new document on the way).
    out.firstVisitInPage = await frames.next('shown');
    // What the rest of the first start brings (the code loaded after the budget showed), and
    // the service worker's own copies: over Fast 3G its install (every precached file fetched
    // again) ends well after the page's network is idle, and a returning start before it is
    // not served by it.
    // At most 180 s: Actual 26.9's page never goes idle (it retries a host it cannot resolve), and
    // the whole run waited 600 s here.
    await page.waitForLoadState('networkidle', { timeout: 180_000 }).catch(() => {});
    // Polled from here: the app's CSP refuses the page-side eval `waitForFunction` uses.
    for (let waited = 0; waited < 180_000; waited += 500) {
      if (await page.evaluate('!!navigator.serviceWorker?.controller')) break;
      await page.waitForTimeout(500);
    }
    out.firstVisitBytes = link.down();
    console.log(`${app.name}: first visit ${Math.round(out.firstVisit)} ms, ${link.down()} B`);
    const controlled = await page.evaluate('!!navigator.serviceWorker?.controller');
    if (!controlled) out.notes.push('no service worker in control after the first visit');

    for (let i = 0; i < Number(values.returning); i++) {
      // The last returning start is traced too, without the sampling profiler (it more than
      // doubled the start): each thread's CPU until the budget is shown.
      const last = i === Number(values.returning) - 1;
      if (values['returning-from'] === 'launch') {
        // The app opened again from its icon: a new tab, the last one closed first (with its
        // worker), so no earlier start's work overlaps this one.
        const next = await watched();
        await page.close();
        page = next;
        frames = frameWatch(page);
      }
      const traced =
        values.trace && last
          ? await traceStart(
              browser,
              page,
              join(tmpdir(), `phone-start-${app.name}-${process.pid}.json`),
            )
          : null;
      // From the new document's navigation start (the page's figure: phone-frame.ts).
      await page.goto(`${link.url}/budget`, { waitUntil: 'commit' });
      out.returning.push(await frames.next('shown'));
      out.returningMarks.push(await startMarks(page));
      console.log(`${app.name}: start ${i + 1}: ${formatMarks(out.returningMarks.at(-1)!)}`);
      if (traced)
        printStartCpu(`${app.name}: returning start (${traced.file})`, await traced.stop());
    }
    console.log(`${app.name}: returning ${out.returning.map(Math.round).join(', ')} ms`);

    // The hook for the touch editor: an 'Add transaction' button on the account's page.
    await page.getByRole('link', { name: 'Accounts' }).first().tap();
    await page.getByText('Checking', { exact: true }).first().tap();
    // Coffer's is a link (to /transactions/new), Actual's a button.
    const add = page
      .getByRole('button', { name: /^Add transaction$|^Add$/ })
      .or(page.getByRole('link', { name: 'Add transaction', exact: true }))
      .first();
    if (
      !(await add.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      out.notes.push('no Add transaction button on the account page (editor not on this build)');
      return;
    }
    await page.waitForTimeout(Number(values.settle));
    const openTrace = values.trace
      ? await traceStep(
          browser,
          page,
          join(tmpdir(), `phone-open-${app.name}-${process.pid}.json`),
          !values['trace-light'],
        )
      : null;
    if (values['count-renders']) await page.evaluate('window.__resetRenders?.()');
    await fingerTap(page, add, { before: () => frames.arm('editor', NEW_EDITOR_IN_PAGE[kind]!) });
    const amount = AMOUNT[kind]!(page);
    out.editorReady = await frames.next('editor', 60_000);
    if (openTrace) out.openTrace = await openTrace.stop();
    if (values['count-renders']) {
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
      out.tapRenders = (await page.evaluate('({ ...window.__renders })')) as Record<string, number>;
      console.log(`${app.name}: components rendered by the tap ${JSON.stringify(out.tapRenders)}`);
    }
    await typeAmount(kind, page, amount, '12.34');
    const save = page.getByRole('button', { name: /^(Add transaction|Save|Add)$/ }).last();
    await endAmountEdit(kind, page, save);
    const trace = values.trace
      ? await traceStep(
          browser,
          page,
          join(tmpdir(), `phone-save-${app.name}-${process.pid}.json`),
          !values['trace-light'],
        )
      : null;
    const opfs = values['opfs-calls'] ? await countOpfs(page) : null;
    await fingerTap(page, save, { before: () => frames.arm('saved', savedInPage(kind)) });
    out.saved = await frames.next('saved', 60_000);
    // The editor's history step back may come after the paint: the floor's tap waits for it.
    await page.waitForURL((u) => !u.pathname.includes('/transactions/'), { timeout: 60_000 });
    // Counted up to the paint: stopping the trace takes a while, and the workers go on.
    if (opfs) out.saveOpfs = await opfs.stop();
    if (trace) out.saveTrace = await trace.stop();
    if (out.saveOpfs) {
      console.log(`${app.name}: the save's OPFS calls ${JSON.stringify(out.saveOpfs)}`);
    }
    // The floor, on the list just painted: what a tap and the polling cost by themselves.
    out.emptyFrame = await emptyFrameAt(page, frames);
    out.emptyClick = await frames.next('empty:click');
    // A row's tap: the saved row, until its editor shows its amount (phone-row-tap.ts).
    const trace_ = values.trace ? { profile: !values['trace-light'] } : false;
    out.rowTap = await rowTap(kind, app.name, browser, page, frames, trace_).catch((err) => {
      out.notes.push(`row tap: ${String(err).split('\n')[0]!.slice(0, 500)}`);
      return undefined;
    });
    if (out.rowTap) console.log(`${app.name}: row tap → editor ${Math.round(out.rowTap.ms)} ms`);
    console.log(
      `${app.name}: editor ${Math.round(out.editorReady)} ms, save ${Math.round(out.saved)} ms, empty frame ${Math.round(out.emptyFrame)} ms (its click ${Math.round(out.emptyClick)} ms after the lift)`,
    );
    if (out.openTrace) printTrace(`${app.name}: editor's tap`, out.openTrace);
    if (out.saveTrace) printTrace(`${app.name}: save`, out.saveTrace);
    const rowTrace = out.rowTap?.trace;
    if (rowTrace) printTrace(`${app.name}: row's tap (${rowTrace.file})`, rowTrace);
  } catch (err) {
    out.notes.push(await failureShot(context, app.name));
    throw err;
  } finally {
    await context.close();
    await link.close();
  }
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-phone-'));
  let made = join(base, 'made');
  let id: string;
  if (values.made) {
    made = resolve(values.made);
    id = readdirSync(made)[0]!;
  } else {
    mkdirSync(made);
    ({ id } = runBudgetScript(['make', made, values.transactions!, values.months!]));
  }
  const actual = await startActualServer({}, 'actual-sync-server-26');
  const apps: App[] = [
    ...(values['coffer-b']
      ? [{ name: 'coffer-b', server: await startCoffer(values['coffer-b']) }]
      : []),
    { name: 'coffer', server: await startCoffer() },
    {
      name: 'actual',
      server: {
        name: 'actual-sync-server-26',
        url: actual.url,
        pid: actual.pid,
        stop: actual.stop,
      },
    },
  ];
  const browser = await launchInCgroup(base, CGROUP, ARGS);
  const scope = values['quota-scope'];
  if (scope !== 'targets' && scope !== 'thread' && scope !== 'browser')
    throw new Error(`--quota-scope: ${scope}`);
  const cpu = cpuQuota(CGROUP, scope);
  const results: Record<string, Result> = {};
  let loop = { free: NaN, quota: NaN, share: NaN, scope: cpu.scope };
  let floors: StartFloors | null = null;
  try {
    for (const app of apps)
      if (!values.only || values.only === kindOf(app)) await setUp(app, made, id);
    loop = await fitQuota(browser, cpu, {
      quota: values.quota === undefined ? undefined : Number(values.quota),
      slowdown: Number(values.slowdown),
    });
    console.log(
      `worker busy loop: ${Math.round(loop.free)} ms free, ${Math.round(loop.quota)} ms under the quota ${loop.share.toFixed(2)} (${loop.scope}; ${cpu.placed} threads placed so far)`,
    );
    for (const app of apps) {
      if (values.only && values.only !== kindOf(app)) continue;
      const r: Result = { returning: [], returningMarks: [], notes: [] };
      results[app.name] = r;
      try {
        await measureApp(app, browser, r, base);
      } catch (err) {
        r.notes.push(String(err).split('\n')[0]!.slice(0, 200));
      }
    }
    if (Number(values.floors) > 0) {
      const phone = { dir: base, name: 'floor', cgroup: CGROUP, options: { ...PHONE, args: ARGS }, incognito: false }; // prettier-ignore
      floors = await measureStartFloors(browser, phone, budgetFile(made), {
        repeats: Number(values.floors),
        launch: values['returning-from'] === 'launch',
      });
    }
  } finally {
    await browser.close();
    for (const app of apps) await app.server.stop();
    cpu.remove();
    rmSync(base, { recursive: true, force: true });
  }
  printPhoneTable(results, { transactions: Number(values.transactions), loop, floors });
  const dir = resolve('bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `phone-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ values, loop, results, floors }, null, 2));
  console.log(`\nwrote ${file}`);
}

await main();
