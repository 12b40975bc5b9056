// The account register beside Actual's web build, in headless Chromium on a 100,000-transaction
// budget (issue 15): first rows of All accounts, scrolling 5,000 rows, a search, an amount edit,
// a category change, and issue 30's in-cell flows to the next frame (a key typed in a cell, Tab
// to the next cell, a category's list opened: bench/web/register-cells.ts). Prints a table and
// writes bench/results/register-<time>.json.
//   node bench/register/run.mjs [--transactions 100000] [--months 24] [--repeats 5]
//     [--apps coffer,actual] [--actual-package actual-sync-server-26] (whose web build: 26.9;
//     @actual-app/sync-server for 25.6) [--web-root packages/web/dist] [--no-build]
//     [--coffer-upload] (upload with Coffer's client: Actual 25.6's API fails at 1,000,000 rows;
//     with --months 240 for the 20-year budget) [--reuse DIR] (a budget made before: a folder
//     holding one BudgetBench-*, e.g. bench/scale's /tmp/scale-made/1000000)
//     [--only-edits] (the edits and the in-cell flows alone) [--settle S] (seconds for the first
//     load's background builds before the flows: 4; at 1M they take minutes)
//     [--cpu] (each search's and edit's thread time)
//     [--trace file.json] (with --cpu: the last search and edit of each kind traced in full, its split printed)
// Builds (server bundle and packages/web/dist) unless --no-build or bench/run.mjs already did
// (BENCH_BUILT=1), bundles bench/web/register-measure.ts and runs it.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const args = process.argv.slice(2).filter((a) => a !== '--no-build');

process.chdir(root);
if (!process.argv.includes('--no-build') && process.env.BENCH_BUILT !== '1')
  await import(join(root, 'scripts/build.mjs'));

const outfile = join(root, 'bench/results/.build/register-measure.mjs');
await bundleScript(join(root, 'bench/web/register-measure.ts'), outfile);
// Coffer's client, for `--coffer-upload` (Actual 25.6's API fails at 1,000,000 rows): bundled
// whole, as bench/web-budget does, but the native SQLite driver.
if (args.includes('--coffer-upload')) {
  await bundleScript(join(root, 'bench/scale/coffer.ts'), join(root, 'bench/results/.build/scale-coffer.mjs'), { plugins: [], external: ['better-sqlite3'] }); // prettier-ignore
}
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
