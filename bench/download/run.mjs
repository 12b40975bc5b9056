// A new device downloads a 100,000-transaction budget and catches up with the server, Coffer
// beside Actual in one run, on the same server (Coffer's, then the real sync-server):
//   1. the real @actual-app/api makes the budget (bench/budget's builder, plus payees), uploads
//      it and keeps editing after the upload (the tail: imports, edits, deletions);
//   2. a fresh data directory downloads it and syncs until its merkle equals the server's:
//      Actual through @actual-app/api 6.9 and 26.9 (init + downloadBudget), Coffer through its core with the
//      cloud module (download-budget) and through its built packages/api (the same calls as
//      Actual's), each in its own process;
//   3. both results are checked against the source file and the server (balances, contents,
//      merkle) before any time is reported.
// Where the clock stops, on every side: the file downloaded, the budget open and caught up
// with the server (Actual: downloadBudget's open and full sync; Coffer: the catch-up before
// the open and the sync on load). '+ first budget month' adds one budget month read; '+ idle'
// waits until the process has been idle for three seconds, so the work an app leaves to the
// background after that point (Coffer's months not on screen and derived tables) is counted
// too (Actual 26.9 leaves none).
// Prints a table and writes bench/results/download-<time>.json.
//   node bench/download/run.mjs [--transactions 100000] [--tail 1000] [--servers coffer,actual]
//     [--repeat 1] [--cpu-prof dir] [--reuse dir] [--sides actual,actual-26,coffer,coffer-api]
// --repeat n runs each new device n times (alternating who goes first) and reports the median.
// --sides picks the new devices (all four by default; `coffer` alone for profiling).
// Environment switches: DOWNLOAD_BENCH_PROFILE / DOWNLOAD_BENCH_HEAP (Coffer's clocked part
// profiled, coffer.ts), DOWNLOAD_BENCH_V8_FLAGS + DOWNLOAD_BENCH_OUTPUT (V8's traces of that part,
// counted by deopts.mjs), DOWNLOAD_BENCH_COFFER_B (another build's Coffer side beside this one's,
// main.ts).
// The orchestrator (main.ts) and the Coffer side (coffer.ts) are TypeScript: this file bundles
// them with esbuild; the Actual-side children are this file again with `--child`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const mode = option('child', null);
if (mode) {
  const print = console.log.bind(console);
  // DOWNLOAD_BENCH_VERBOSE=1: the apps' own logging goes to stderr (shown when a child fails).
  console.log = process.env.DOWNLOAD_BENCH_VERBOSE ? console.error : () => {};
  let out;
  if (mode === 'make') {
    const { makeBudget } = await import('./source.mjs');
    out = { id: await makeBudget(option('dir'), Number(option('transactions'))) };
  } else if (mode === 'upload') {
    const { uploadAndEdit } = await import('./source.mjs');
    out = await uploadAndEdit(option('dir'), option('id'), option('url'), option('password'), Number(option('tail'))); // prettier-ignore
  } else if (mode === 'actual' || mode === 'actual-26' || mode === 'coffer-api') {
    const { apiNewDevice } = await import('./actual-side.mjs');
    await apiNewDevice(mode, JSON.parse(option('options')));
  } else {
    throw new Error(`unknown child ${mode}`);
  }
  if (out) print(JSON.stringify(out));
  process.exit(0);
}

process.chdir(root);
if (!existsSync(join(root, 'packages/server/dist/main.js'))) {
  const res = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
// Per run, so two runs at once (or a rebuild during a run) never swap the code under one.
const outDir = join(root, `bench/results/.build/download-${process.pid}`);
mkdirSync(outDir, { recursive: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as benchRequire } from 'node:module'; const require = benchRequire(import.meta.url);",
  },
};
// The Coffer side is bundled whole (workspace and npm code) but the native SQLite driver, as a
// built app would ship it.
await build({
  ...common,
  entryPoints: [join(here, 'coffer.ts')],
  outfile: join(outDir, 'download-coffer.mjs'),
  external: ['better-sqlite3'],
});
// The orchestrator loads npm packages from node_modules.
await bundleScript(join(here, 'main.ts'), join(outDir, 'download-main.mjs'), {
  sourcemap: 'inline',
});
const res = spawnSync(
  process.execPath,
  [join(outDir, 'download-main.mjs'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root, env: { ...process.env, DOWNLOAD_BENCH_BUILD: outDir } },
);
rmSync(outDir, { recursive: true, force: true });
process.exit(res.status ?? 1);
