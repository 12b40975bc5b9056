// The benchmark's import in the browser: the same scenario through the core as the web app runs
// it (the worker, SQLite's wasm build, OPFS), in Debian's Chromium with a profile on disk, with
// its floor: the same writes straight into a copy of the file as it was before
// (packages/core-web/test-page/import-floor.ts), run cold in a fresh browser of its own
// (cold-floor.ts: the floor), and warm in the import's browser after it (as before; its
// SQLite wasm is tiered up and its JS warm by then: bench/import/README.md). Run by run.mjs
// (`--sides coffer-web`), which bundles this file; it prints one JSON line.
//   <bundle> --child coffer-web --dir <fresh dir> --count <n> [--trace file.json] [--profile]
//     [--compiles] [--js-flags "<V8 flags>"] [--bare-floor]
// Every run traces the preview, the import and the floors' writes without the sampling
// profiler and adds each one's CPU over all threads (and by process and thread) to the JSON line
// (bench/web/thread-cpu.ts): on a loaded machine wall times swing, CPU much less. --trace keeps
// the trace in a file (the cold floor's beside it, -cold-floor.json); --profile adds the
// sampling profiler (which slows what it watches) and each busy thread's hot functions
// (bench/web/phone-trace.ts). --js-flags goes to both browsers (`--trace-opt --trace-deopt`:
// V8 prints to the browser's stdout, which Playwright shows with DEBUG=pw:browser).
// --bare-floor: the cold floor's browser runs no set-up before the writes (cold-floor.ts).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildTestPage,
  launchPersistentChromium,
  serve,
} from '../../packages/core-web/src/test-helpers/browser.ts';
import type { FloorExport } from '../../packages/core-web/test-page/import-floor.ts';
import { CATEGORIES, summarize } from '../web/phone-trace.ts';
import { CPU_CATEGORIES, traceThroughPage, windowCpu } from '../web/thread-cpu.ts';
import { coldFloor } from './cold-floor.ts';
import { compileCpu } from './compile-cpu.ts';
import { makeScenario } from './scenario.mjs';
import { floorStep, setUpBudget } from './web-setup.ts';

const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    dir: { type: 'string' },
    count: { type: 'string' },
    trace: { type: 'string' },
    profile: { type: 'boolean', default: false },
    compiles: { type: 'boolean', default: false },
    'js-flags': { type: 'string' },
    'bare-floor': { type: 'boolean', default: false },
  },
});
const count = Number(values.count ?? '10000');
const dir = values.dir ?? '';
const root = resolve('.');

const site = await buildTestPage(join(root, 'packages/core-web/test-page'));
const server = await serve(site.dir);
const jsFlags = values['js-flags'] ? [`--js-flags=${values['js-flags']}`] : [];
const context = await launchPersistentChromium(join(dir, 'profile'), jsFlags);
let closed = false;
try {
  const scenario = makeScenario(count);
  const { page, account, budgetDir, derivedWaitMs } = await setUpBudget(
    context,
    server.url,
    scenario,
  );
  // The floors (test-page/import-floor.ts): a copy of the budget's file as it is now, into
  // which the import's writes are written again after it, warm in this browser, then cold in
  // another (cold-floor.ts).
  const floorStepHere = (phase: 'snapshot' | 'prepare' | 'derived' | 'export' | 'finish') =>
    floorStep(page, { phase, budgetDir });
  await floorStepHere('snapshot');

  // --compiles: V8's compile events too (each lazy compile, each optimising job), still
  // without the sampling profiler.
  const categories = values.profile
    ? CATEGORIES.split(',')
    : [...CPU_CATEGORIES, ...(values.compiles ? ['disabled-by-default-v8.compile'] : [])];
  const tracing = await traceThroughPage(page, categories);
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
  const prepared = await floorStepHere('prepare');
  const derivedAfter = await floorStepHere('derived');
  const floorWrite = async (live: boolean, name: string) => {
    await page.evaluate((mark) => performance.mark(mark), `bench:${name}`);
    const out = await floorStep(page, { phase: 'write', budgetDir, live });
    await page.evaluate((mark) => performance.mark(mark), `bench:${name}-done`);
    return out;
  };
  const floor = { ...prepared, ...(await floorWrite(false, 'floor')) };
  const floorLive = await floorWrite(true, 'floor-live');
  const events = await tracing.stop(values.trace ? resolve(values.trace) : undefined);
  const exported = (await floorStepHere('export')) as unknown as FloorExport;
  await floorStepHere('finish');
  // The import's browser ends before the cold floor's starts: nothing of it runs beside it.
  await context.close();
  closed = true;
  const coldOptions = {
    dir,
    url: server.url,
    scenario,
    categories,
    compiles: values.compiles,
    profile: values.profile,
    bare: values['bare-floor'],
    jsFlags,
  };
  const cold = await coldFloor(exported, {
    ...coldOptions,
    derived: false,
    trace: values.trace?.replace(/(\.json)?$/, '-cold-floor.json'),
  });
  // The same, in a browser of its own again, with the derived tables' rows the import left.
  const coldDerived = await coldFloor(exported, {
    ...coldOptions,
    derived: true,
    trace: values.trace?.replace(/(\.json)?$/, '-cold-floor-derived.json'),
  });
  console.log(
    JSON.stringify({
      side: 'coffer-web',
      count,
      importMs: timed.ms,
      previewMs: timed.previewMs,
      added: result.added.length,
      updated: result.updated.length,
      errors: result.errors ?? [],
      // The warm floor's wall time keeps its old name (floorMs), beside the cold one's.
      ...floor,
      ...floorLive,
      floorColdMs: cold.floorColdMs,
      floorColdRebuilt: cold.floorColdRebuilt,
      floorColdBare: values['bare-floor'],
      floorColdDerivedMs: coldDerived.floorColdMs,
      derivedRows: exported.writes.derived.map(
        (d) => `${d.table} ${d.put.length}/${d.removed.length}`,
      ),
      derivedWaitMs,
      derivedAfter,
      cpu: {
        preview: windowCpu(events, 'bench:preview', 'bench:import'),
        import: windowCpu(events, 'bench:import', 'bench:imported'),
        settle: windowCpu(events, 'bench:imported', 'bench:settled'),
        floor: windowCpu(events, 'bench:floor', 'bench:floor-done'),
        floorLive: windowCpu(events, 'bench:floor-live', 'bench:floor-live-done'),
        floorCold: cold.cpu,
        floorColdDerived: coldDerived.cpu,
      },
      compiles: values.compiles
        ? {
            preview: compileCpu(events, 'bench:preview', 'bench:import'),
            import: compileCpu(events, 'bench:import', 'bench:imported'),
            floor: compileCpu(events, 'bench:floor', 'bench:floor-done'),
            floorCold: cold.compiles,
          }
        : undefined,
      trace: values.profile ? summarize({ traceEvents: events }) : undefined,
      coldFloorTrace: cold.trace,
    }),
  );
} finally {
  if (!closed) await context.close();
  await server.close();
  site.cleanup();
}
