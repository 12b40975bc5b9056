// The budget page's flows (open, edit, next month) in Chromium, Coffer beside Actual's web
// build on 100,000 transactions over ten years (bench/web/budget-page.ts, issue 14). Prints a
// table and writes bench/results/budget-page-<time>.json.
//   node bench/web-budget/run.mjs [--transactions 100000] [--months 120] [--runs 5]
//     [--edits 15] [--moves 15] [--only coffer|actual] [--web-root packages/web/dist] [--no-build]
//     [--coffer-upload] (upload with Coffer's client: Actual 25.6's API fails at 1,000,000 rows)
//     [--trace file.json [--trace-profile]] (Chrome traces of the last open and month move, the
//     move's split printed) [--cpu] (each month move's thread time, from a light trace)
// Builds unless --no-build or bench/run.mjs already did (BENCH_BUILT=1), bundles budget-page.ts
// (workspace and e2e helpers included, npm packages left external) and runs it.
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

const outfile = join(root, 'bench/results/.build/web-budget-page.mjs');
await bundleScript(join(root, 'bench/web/budget-page.ts'), outfile);
// Coffer's client, for `--coffer-upload` (the budget-page bench's uploads at 1,000,000 rows).
// Bundled whole, as bench/scale does, but the native SQLite driver.
await bundleScript(join(root, 'bench/scale/coffer.ts'), join(root, 'bench/results/.build/scale-coffer.mjs'), { plugins: [], external: ['better-sqlite3'] }); // prettier-ignore
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
