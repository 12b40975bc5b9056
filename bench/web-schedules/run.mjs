// The schedule pages beside Actual's (bench/web/schedules.ts): the list, the editor and
// "Find schedules" on the web benchmark's budget with schedules added by Actual's API.
//   node bench/web-schedules/run.mjs [--runs 3] [--transactions 100000] [--schedules 20]
//     [--recurring 6] [--settle 3000] [--web-root packages/web/dist] [--no-build]
// Builds unless --no-build or bench/run.mjs already did (BENCH_BUILT=1); prints a table and
// writes bench/results/web-schedules-<time>.json.
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

const outfile = join(root, 'bench/results/.build/web-schedules.mjs');
await bundleScript(join(root, 'bench/web/schedules.ts'), outfile);
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
