// The rule editor's preview, Coffer beside Actual in headless Chromium (bench/web/rules.ts):
// the first rows after a condition changes, on 100,000 transactions and 500 rules.
//   node bench/web-rules/run.mjs [--runs 3] [--changes 6] [--transactions 100000]
//     [--settle 2000] [--warm 8000] [--apps coffer,actual] [--web-root packages/web/dist] [--shots <dir>] [--no-build]
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

const outfile = join(root, 'bench/results/.build/web-rules.mjs');
await bundleScript(join(root, 'bench/web/rules.ts'), outfile);
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
