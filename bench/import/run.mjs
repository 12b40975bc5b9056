// File import through the API: 10,000 and 50,000 transactions into an account that already
// holds 30% of them, with 50 rules and 200 payees (bench/import/scenario.mjs), through Coffer's
// built api (packages/api/dist) and through the real @actual-app/api, each run in a fresh child
// process. Prints both times and writes bench/results/import-*.json.
//   node bench/import/run.mjs [--sizes 10000,50000] [--sides coffer,actual,coffer-web]
//     [--bundle path/to/api.cjs] [--cpu-prof dir] [--heap-prof dir] [--trace file.json]
//     [--profile] [--compiles] [--repeat n] [--js-flags "<V8 flags for coffer-web's Chromium>"]
//     [--bare-floor]
// Run `npm run build` first (bench/run.mjs does). --bundle loads another build of Coffer's api
// (to compare two builds without touching packages/api/dist); --cpu-prof writes a V8 CPU profile
// of each child process into dir (--heap-prof: a sampling heap profile of what the import
// allocated, collected garbage included); --trace, a Chrome trace of coffer-web's preview, import and
// floor (--profile adds the sampling profiler and each busy thread's hot functions; --compiles,
// V8's compile events without it, and each window's compile CPU: compile-cpu.ts); --repeat,
// coffer-web's runs (each a fresh browser: the import, then its floor warm; then the floor cold
// in a fresh browser of its own), summed by CPU over all threads and given as medians
// (web-runs.mjs). Coffer's side also
// measures the floor (floor.mjs): the same rows and messages written straight into the file
// with better-sqlite3. The coffer-web side (web.ts) imports the same file in Chromium with a
// profile on disk, as the web app does, and measures its floor (the same writes into a copy of
// the file, wasm SQLite on OPFS) in a fresh browser, cold as the import is, and warm after it in
// the import's browser (bench/import/README.md).
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { bundleScript } from '../lib/bundle.mjs';
import { option, runChild } from '../lib/child.mjs';
import { measureFloor, snapshotBefore } from './floor.mjs';
import { printWeb, webRuns } from './web-runs.mjs';
import { makeScenario, resolveNames } from './scenario.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(import.meta.url);

/**
 * The import call alone, profiled through the inspector (setup stays out of the profile): by
 * CPU samples, or (`heap`) by what it allocated, garbage included. Allocation does not depend
 * on the machine's load, so it compares two builds where a loaded machine's samples cannot.
 */
async function startProfile(heap) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  const domain = heap ? 'HeapProfiler' : 'Profiler';
  await session.post(`${domain}.enable`);
  if (heap) {
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  } else await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post(heap ? 'HeapProfiler.stopSampling' : 'Profiler.stop');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** In a child: one side, one size, reported as one JSON line on stdout. */
async function child(side, dataDir, count) {
  const api =
    side === 'coffer'
      ? require(resolve(root, option('bundle', 'packages/api/dist/index.cjs')))
      : require('@actual-app/api');
  const print = console.log.bind(console);
  console.log = () => {};
  console.info = () => {};
  console.warn = () => {};
  const scenario = makeScenario(count);

  await api.init({ dataDir });
  await api.internal.send('create-budget', { budgetName: 'Import bench', avoidUpload: true });
  const accountId = await api.createAccount({ name: 'Checking' }, 0);
  const group = await api.createCategoryGroup({ name: 'Bench' });
  const ids = { payee: new Map(), category: new Map() };
  for (const name of scenario.categories) {
    ids.category.set(name, await api.createCategory({ name, group_id: group }));
  }
  for (const name of scenario.payees) ids.payee.set(name, await api.createPayee({ name }));
  await api.addTransactions(accountId, scenario.existing);
  for (const rule of scenario.rules) {
    const res = await api.internal.send('rule-add', resolveNames(rule, ids));
    if (res?.error) throw new Error(`rule refused: ${JSON.stringify(res.error)}`);
  }

  const budgetDir = () =>
    readdirSync(dataDir)
      .map((name) => join(dataDir, name))
      .find((path) => statSync(path).isDirectory());
  // Coffer's side also measures the floor (see floor.mjs): the file as it was before the import.
  const floorCopy = join(dataDir, 'floor.sqlite');
  const newest =
    side === 'coffer' ? snapshotBefore(join(budgetDir(), 'db.sqlite'), floorCopy) : null;

  // The reading part of the import alone (normalise, rules, matching; what the modal's preview
  // runs), before the import, so the figures show how the time splits.
  let previewMs;
  if (side === 'coffer') {
    const p0 = performance.now();
    await api.internal.send('transactions-import-preview', {
      accountId,
      transactions: scenario.incoming,
    });
    previewMs = performance.now() - p0;
  }
  const heapDir = option('heap-prof', null);
  const profDir = heapDir ?? option('cpu-prof', null);
  const profiler = profDir ? await startProfile(heapDir !== null) : null;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await api.importTransactions(accountId, scenario.incoming);
  const importMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const profName = `import-${side}-${count}.${heapDir ? 'heapprofile' : 'cpuprofile'}`;
  if (profiler) await profiler.stop(join(profDir, profName));
  // CPU time (user + system) stays fair when other work shares the machine; wall time does not.
  const importCpuMs = (cpu.user + cpu.system) / 1000;
  const stored = await api.getTransactions(accountId, '2000-01-01', '2100-01-01');
  await api.shutdown().catch(() => {});

  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const dbPath = join(budgetDir(), 'db.sqlite');
  const floor = newest === null ? {} : measureFloor(dbPath, floorCopy, newest);
  const Database = require('better-sqlite3');
  const db = new Database(dbPath, { readonly: true });
  const messages = db.prepare('SELECT count(*) AS n FROM messages_crdt').get().n;
  const categorised = db
    .prepare('SELECT count(*) AS n FROM transactions WHERE category IS NOT NULL AND tombstone = 0')
    .get().n;
  db.close();
  print(
    JSON.stringify({
      side,
      count,
      importMs,
      importCpuMs,
      previewMs,
      added: result.added.length,
      updated: result.updated.length,
      errors: result.errors ?? [],
      transactions: stored.length,
      categorised,
      messages,
      ...floor,
      peakRssMb,
    }),
  );
  process.exit(0);
}

function runSide(side, count) {
  const profDir = option('cpu-prof', null);
  const heapDir = option('heap-prof', null);
  return runChild(
    fileURLToPath(import.meta.url),
    side,
    [
      ...['--count', String(count)],
      ...['--bundle', option('bundle', 'packages/api/dist/index.cjs')],
      ...(profDir ? ['--cpu-prof', resolve(profDir)] : []),
      ...(heapDir ? ['--heap-prof', resolve(heapDir)] : []),
    ],
    { cwd: root, prefix: 'bench-import' },
  );
}

const childSide = option('child', null);
if (childSide) {
  await child(childSide, option('dir'), Number(option('count', '10000')));
} else {
  const sizes = option('sizes', '10000,50000').split(',').map(Number);
  const sides = option('sides', 'coffer,coffer-web,actual').split(',');
  const repeat = Number(option('repeat', '1'));
  const actualVersion = require('@actual-app/api/package.json').version;
  const webScript = join(root, 'bench/results/.build/import-web.mjs');
  if (sides.includes('coffer-web')) await bundleScript(join(here, 'web.ts'), webScript);
  const results = [];
  for (const count of sizes) {
    console.log(
      `importTransactions: ${count} transactions, 30% already in the account, 50 rules, 200 payees`,
    );
    const runs = {};
    for (const side of sides) {
      runs[side] =
        side === 'coffer-web' ? webRuns(webScript, count, repeat, root) : runSide(side, count);
    }
    const label = {
      coffer: 'Coffer (packages/api)',
      'coffer-web': 'Coffer in Chromium (wasm, OPFS)',
      actual: `Actual (@actual-app/api ${actualVersion})`,
    };
    const rounded = (ms) => (ms === undefined ? '' : Math.round(ms));
    const rows = Object.values(runs).map((r) => ({
      side: label[r.side],
      'import, wall (ms)': Math.round(r.importMs),
      'import, CPU (ms)': rounded(r.importCpuMs),
      'of it reading (ms)': rounded(r.previewMs),
      'peak RSS (MB)': rounded(r.peakRssMb),
      added: r.added,
      updated: r.updated,
      'rows after': r.transactions ?? '',
      categorised: r.categorised ?? '',
      messages: r.messages ?? '',
      'floor, wall (ms)': rounded(r.floorMs),
      // coffer-web: floorMs is the warm floor (after the import, in its browser); this, the cold.
      'cold floor, wall (ms)': rounded(r.floorColdMs),
    }));
    console.table(rows);
    const entry = { count, ...runs };
    if (runs.coffer && runs.actual) {
      entry.speedup = runs.actual.importMs / runs.coffer.importMs;
      entry.cpuSpeedup = runs.actual.importCpuMs / runs.coffer.importCpuMs;
      console.log(
        `Coffer is ${entry.speedup.toFixed(1)}x faster by wall time, ${entry.cpuSpeedup.toFixed(1)}x by CPU time (target: at least 10x).`,
      );
      if (runs.coffer.transactions !== runs.actual.transactions) {
        console.log(
          'Note: the row counts differ. @actual-app/api 6.9 matches within 7 days either way;' +
            " Coffer keeps 23.8.1's window (4 days before to 1 day after).",
        );
      }
    }
    if (runs.coffer && count === 50_000) {
      const ok = runs.coffer.importMs <= 3000;
      console.log(
        `50,000 through Coffer: ${Math.round(runs.coffer.importMs)} ms (target: at most 3000 ms) ${ok ? 'met' : 'NOT met'}.`,
      );
      // DESIGN.md §5 measured a floor of 2.6 s beside its 3 s target; the same ratio here.
      console.log(
        `Floor on this machine (the same rows and messages written straight with better-sqlite3): ` +
          `${Math.round(runs.coffer.floorMs)} ms wall, ${Math.round(runs.coffer.floorCpuMs)} ms CPU; ` +
          `Coffer takes ${(runs.coffer.importMs / runs.coffer.floorMs).toFixed(2)}x the floor ` +
          `(the target allows ${(3000 / 2600).toFixed(2)}x).`,
      );
    }
    // Issue 30's targets, each against its floor measured in the same run (same writes).
    const web = runs['coffer-web'];
    if (web?.floorMs) {
      entry.webFloorRatio = printWeb(web);
      entry.webWarmFloorRatio = web.cpuRatioWarm;
    }
    if (runs.coffer?.floorMs) {
      entry.floorRatio = runs.coffer.importMs / runs.coffer.floorMs;
      entry.floorCpuRatio = runs.coffer.importCpuMs / runs.coffer.floorCpuMs;
      entry.floorLiveCpuRatio = runs.coffer.importCpuMs / runs.coffer.floorLiveCpuMs;
      const rebuilt = runs.coffer.floorRebuilt.length;
      console.log(
        `Coffer (packages/api) takes ${entry.floorRatio.toFixed(2)}x its better-sqlite3 floor by wall ` +
          `time, ${entry.floorCpuRatio.toFixed(2)}x by CPU time (target at 50,000: at most 1.3x); ` +
          `the floor built ${rebuilt} ${rebuilt === 1 ? 'index' : 'indexes'} again after the writes, ` +
          `as the write path does (${Math.round(runs.coffer.floorCpuMs)} ms CPU). The floor that ` +
          `kept them live took ${Math.round(runs.coffer.floorLiveCpuMs)} ms CPU: ` +
          `${entry.floorLiveCpuRatio.toFixed(2)}x.`,
      );
    }
    results.push(entry);
  }
  const outDir = join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ benchmark: 'import', actualVersion, node: process.version, results }, null, 2),
  );
  console.log(`Results: ${file}`);
}
