// Importing a 10,000-row CSV through the import modal: Coffer's web app beside Actual's web
// build, in headless Chromium (bench/web/import.ts). Prints a table and writes
// bench/results/web-import-<time>.json.
//   node bench/web-import/run.mjs [--rows 10000] [--runs 3] [--transactions 10000]
//     [--apps coffer,actual] [--web-root packages/web/dist] [--no-build] [--trace f] [--profile]
// Builds (server bundle and packages/web/dist) unless --no-build or bench/run.mjs already did.
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

const outfile = join(root, 'bench/results/.build/web-import.mjs');
await bundleScript(join(root, 'bench/web/import.ts'), outfile);
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
