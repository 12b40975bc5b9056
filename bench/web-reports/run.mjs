// Reports in the built web app beside Actual's web build, in headless Chromium, on 100,000
// transactions over ten years: net worth over all time and a custom report of payments by payee
// over all time, each timed until painted (bench/web/reports.ts says how). Prints a table and
// writes bench/results/web-reports-<time>.json.
//   node bench/web-reports/run.mjs [--runs 5] [--transactions 100000] [--months 120]
//     [--payees 1000] [--only coffer|actual] [--web-root packages/web/dist] [--no-build]
//     [--coffer-upload] (upload with Coffer's client: Actual 25.6's API fails at 1,000,000 rows;
//     with --months 240 for the 20-year budget) [--reuse DIR] (a budget made before: a folder
//     holding one BudgetBench-*, e.g. bench/scale's /tmp/scale-made/1000000)
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

const outfile = join(root, 'bench/results/.build/web-reports.mjs');
await bundleScript(join(root, 'bench/web/reports.ts'), outfile);
// Coffer's client, for `--coffer-upload` (Actual 25.6's API fails at 1,000,000 rows): bundled
// whole, as bench/web-budget does, but the native SQLite driver.
if (args.includes('--coffer-upload')) {
  await bundleScript(join(root, 'bench/scale/coffer.ts'), join(root, 'bench/results/.build/scale-coffer.mjs'), { plugins: [], external: ['better-sqlite3'] }); // prettier-ignore
}
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
