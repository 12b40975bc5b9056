// The built web app beside Actual's web build, in headless Chromium (issue 7): JavaScript shipped
// (gzip) and the time from navigation to an interactive budget, on a first visit and for a
// returning user. Prints a table and writes bench/results/web-<time>.json.
//   node bench/web/run.mjs [--runs 5] [--returning 3] [--transactions 10000] [--settle 3000]
//     [--web-root packages/web/dist] [--no-build]
// --web-root serves another build of the app (to compare two builds). Builds (server bundle and
// packages/web/dist) unless --no-build or bench/run.mjs already did (BENCH_BUILT=1), bundles
// measure.ts (workspace and e2e helpers included, npm packages left external) and runs it.
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

const outfile = join(root, 'bench/results/.build/web-measure.mjs');
await bundleScript(join(here, 'measure.ts'), outfile);
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
