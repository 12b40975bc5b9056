// Filtering the register by a tag beside Actual 26.9's web build, in headless Chromium, on a
// budget whose transactions are 10 % tagged (issue 32): from the click on a tag in a row's notes
// until only tagged rows are painted, with the frame floor in the same run (bench/web/tags.ts
// says how). Prints a table and writes bench/results/tags-<time>.json.
//   node bench/tags/run.mjs [--transactions 100000] [--repeats 5] [--apps coffer,actual] [--trace]
//     [--profile] (--trace: a timeline of the last filter; --profile: its hottest functions)
//     [--trace-first] (the timeline of the first filter instead: the cold one)
//     [--trace-try N] (the timeline of the Nth filter: 1 is the first)
//     [--web-root packages/web/dist] [--no-build] [--wait-seconds 180]
// Builds (server bundle and packages/web/dist) unless --no-build or bench/run.mjs already did
// (BENCH_BUILT=1), bundles bench/web/tags.ts and runs it.
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

const outfile = join(root, 'bench/results/.build/tags.mjs');
await bundleScript(join(root, 'bench/web/tags.ts'), outfile);
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
