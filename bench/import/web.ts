// The benchmark's import in the browser: the same scenario through the core as the web app runs
// it (the worker, SQLite's wasm build, OPFS), in Debian's Chromium with a profile on disk, with
// its floor measured in the same browser after it (the same writes straight into a copy of the
// file as it was before; packages/core-web/test-page/import-floor.ts). Run
// by run.mjs (`--sides coffer-web`), which bundles this file; it prints one JSON line.
//   <bundle> --child coffer-web --dir <fresh dir> --count <n> [--trace file.json] [--profile]
//     [--compiles]
// Every run traces the preview, the import and the floor's writes without the sampling
// profiler and adds each one's CPU over all threads (and by process and thread) to the JSON line
// (bench/web/thread-cpu.ts): on a loaded machine wall times swing, CPU much less. --trace keeps
// the trace in a file; --profile adds the sampling profiler (which slows what it watches) and
// each busy thread's hot functions (bench/web/phone-trace.ts).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildTestPage,
  driver,
  launchPersistentChromium,
  serve,
} from '../../packages/core-web/src/test-helpers/browser.ts';
import type { FloorRequest } from '../../packages/core-web/test-page/import-floor.ts';
import { CATEGORIES, summarize } from '../web/phone-trace.ts';
import { CPU_CATEGORIES, traceThroughPage, windowCpu } from '../web/thread-cpu.ts';
import { compileCpu } from './compile-cpu.ts';
import { makeScenario, resolveNames } from './scenario.mjs';

const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    dir: { type: 'string' },
    count: { type: 'string' },
    trace: { type: 'string' },
    profile: { type: 'boolean', default: false },
    compiles: { type: 'boolean', default: false },
  },
});
const count = Number(values.count ?? '10000');
const dir = values.dir ?? '';
const root = resolve('.');

const site = await buildTestPage(join(root, 'packages/core-web/test-page'));
const server = await serve(site.dir);
const context = await launchPersistentChromium(join(dir, 'profile'));
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const tab = driver(page);
  await tab.open(server.url);
  const must = async <T>(name: string, args?: unknown): Promise<T> => {
    const res = await tab.send<T>(name, args);
    if (res && typeof res === 'object' && 'error' in res) {
      throw new Error(`${name} refused: ${JSON.stringify(res)}`);
    }
    return res;
  };

  const scenario = makeScenario(count);
  await must('create-budget', { budgetName: 'Import bench', avoidUpload: true });
  const account = await must<string>('account-create', { name: 'Checking' });
  const groupId = await must<string>('category-group-create', { name: 'Bench' });
  const ids = { payee: new Map<string, string>(), category: new Map<string, string>() };
  for (const name of scenario.categories) {
    ids.category.set(name, await must<string>('category-create', { name, groupId }));
  }
  for (const name of scenario.payees) {
    ids.payee.set(name, await must<string>('payee-create', { name }));
  }
  // The account's rows as the API's addTransactions (run.mjs) makes them before there are
  // rules: the payee by name, the name kept as imported_payee.
  const added = scenario.existing.map(({ payee_name, ...tx }) => ({
    ...tx,
    account,
    imported_payee: payee_name,
    payee: ids.payee.get(payee_name),
    cleared: true,
  }));
  await must('transactions-batch-update', { added });
  for (const rule of scenario.rules) await must('rule-add', resolveNames(rule, ids));

  // The floor (test-page/import-floor.ts): a copy of the budget's file as it is now, into which
  // the import's writes are written again straight after it, in this browser.
  const budgets = await must<Array<{ id: string; name: string }>>('get-budgets');
  const budget = budgets.find((b) => b.name === 'Import bench');
  if (!budget) throw new Error('the budget is not listed');
  const budgetDir = `/documents/${budget.id}`;
  const floorStep = async (request: { phase: FloorRequest['phase']; live?: boolean }) => {
    const answer = (await page.evaluate(
      (req) =>
        (
          globalThis as unknown as { coffer: { importFloor(r: unknown): Promise<unknown> } }
        ).coffer.importFloor(req),
      { ...request, budgetDir },
    )) as { result?: Record<string, unknown>; error?: string };
    if (answer.error) throw new Error(`import floor (${request.phase}): ${answer.error}`);
    return answer.result ?? {};
  };
  // As into a budget open for a while: the derived tables the core builds in the background
  // after an open (sums, account order, notes and tag indexes) are current, so the import keeps
  // them in step. Without this wait the import sometimes came before the builds and left them
  // to the build, and its CPU swung between about 0.7 and 1.4 s of the worker's.
  const waited = performance.now();
  let derived: Record<string, unknown> = {};
  for (;;) {
    // The file cannot be read while a build step writes it: read again after a pause.
    derived = await floorStep({ phase: 'derived' }).catch((e: unknown) => ({ error: String(e) }));
    if ('error' in derived) derived = { readable: false };
    if (Object.values(derived).every(Boolean)) break;
    if (performance.now() - waited > 120_000)
      throw new Error(`derived tables not built: ${JSON.stringify(derived)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const derivedWaitMs = performance.now() - waited;
  await floorStep({ phase: 'snapshot' });

  // The file's rows wait in the page, so the time is the import's (the worker's part and the
  // hop to it, as when the app imports a parsed file), not the test driver's.
  await page.evaluate((rows) => {
    (globalThis as { benchRows?: unknown }).benchRows = rows;
  }, scenario.incoming);
  // --compiles: V8's compile events too (each lazy compile, each optimising job), still
  // without the sampling profiler.
  const tracing = await traceThroughPage(
    page,
    values.profile
      ? CATEGORIES.split(',')
      : [...CPU_CATEGORIES, ...(values.compiles ? ['disabled-by-default-v8.compile'] : [])],
  );
  const timed = await page.evaluate(async (accountId) => {
    const scope = globalThis as unknown as {
      benchRows: unknown[];
      coffer: { send(name: string, args: unknown): Promise<unknown> };
    };
    // The worker's time split: the preview (what the modal shows first) is the import's
    // reading part alone (normalise, rules, matching), writing nothing.
    performance.mark('bench:preview');
    const p0 = performance.now();
    const preview = (await scope.coffer.send('transactions-import-preview', {
      accountId,
      transactions: scope.benchRows,
    })) as { previewToken?: string | null };
    const previewMs = performance.now() - p0;
    // As the modal does: the import names the preview it follows, and the worker writes what
    // that preview worked out (the budget has not changed in between).
    performance.mark('bench:import');
    const t0 = performance.now();
    const result = await scope.coffer.send('transactions-import', {
      accountId,
      transactions: scope.benchRows,
      previewToken: preview.previewToken ?? null,
    });
    const ms = performance.now() - t0;
    performance.mark('bench:imported');
    // What the core does after answering (its background work) shows in the next 1.5 s.
    await new Promise((r) => setTimeout(r, 1500));
    performance.mark('bench:settled');
    return { ms, previewMs, result };
  }, account);
  const result = timed.result as { errors?: unknown[]; added: string[]; updated: string[] };
  // The floor's writes, each a task of the worker's own between two marks, after the import.
  const prepared = await floorStep({ phase: 'prepare' });
  const derivedAfter = await floorStep({ phase: 'derived' });
  const floorWrite = async (live: boolean, name: string) => {
    await page.evaluate((mark) => performance.mark(mark), `bench:${name}`);
    const out = await floorStep({ phase: 'write', live });
    await page.evaluate((mark) => performance.mark(mark), `bench:${name}-done`);
    return out;
  };
  const floor = { ...prepared, ...(await floorWrite(false, 'floor')) };
  const floorLive = await floorWrite(true, 'floor-live');
  await floorStep({ phase: 'finish' });
  const events = await tracing.stop(values.trace ? resolve(values.trace) : undefined);
  console.log(
    JSON.stringify({
      side: 'coffer-web',
      count,
      importMs: timed.ms,
      previewMs: timed.previewMs,
      added: result.added.length,
      updated: result.updated.length,
      errors: result.errors ?? [],
      ...floor,
      ...floorLive,
      derivedWaitMs,
      derivedAfter,
      cpu: {
        preview: windowCpu(events, 'bench:preview', 'bench:import'),
        import: windowCpu(events, 'bench:import', 'bench:imported'),
        settle: windowCpu(events, 'bench:imported', 'bench:settled'),
        floor: windowCpu(events, 'bench:floor', 'bench:floor-done'),
        floorLive: windowCpu(events, 'bench:floor-live', 'bench:floor-live-done'),
      },
      compiles: values.compiles
        ? {
            preview: compileCpu(events, 'bench:preview', 'bench:import'),
            import: compileCpu(events, 'bench:import', 'bench:imported'),
            floor: compileCpu(events, 'bench:floor', 'bench:floor-done'),
          }
        : undefined,
      trace: values.profile ? summarize({ traceEvents: events }) : undefined,
    }),
  );
} finally {
  await context.close();
  await server.close();
  site.cleanup();
}
