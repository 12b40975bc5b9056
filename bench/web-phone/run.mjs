// Coffer on a phone beside Actual 26.9's web build (bench/web/phone.ts, issue 29): first visit over
// Fast 3G, returning start, add transaction, on 100,000 transactions, the browser in a CPU quota.
// Prints a table and writes bench/results/phone-<time>.json. Each step's time is the page's own,
// from the navigation's start or the tap's touchend to the first frame showing the result
// (bench/web/phone-frame.ts); the empty frame is a tap that changes nothing, the same way.
//   node bench/web-phone/run.mjs [--transactions 100000] [--months 120] [--returning 3]
//     [--slowdown 4 | --quota 0.25] [--only coffer|actual] [--no-build]
//     [--trace] (Chrome traces: the last returning start's CPU per thread until the budget is
//       shown, and whether V8's caches were read (phone-start-cpu.ts); the editor's tap and the
//       save: each thread's busy time and CPU, and what filled it
//       (/tmp/phone-open-coffer-PID.json, /tmp/phone-save-coffer-PID.json))
//     [--trace-light] (with --trace: no sampling profiler, so the CPU is the taps' own)
//     [--count-renders] (the components React renders on the editor's tap, under the covered
//       page and in the editor's layer: a count of work, whatever the machine's load)
//     [--settle 1500] (ms from the account page's Add transaction showing to the tap; 0: at once)
//     [--fast-link] (no Fast 3G shaping: for profiling the steps after the first visit)
//     [--made <dir>] (a budget made before by `node bench/web/budget.mjs make <dir> …`)
//     [--floors 3] (returning starts of each floor, bench/web/phone-floor.ts; 0: none)
//     [--coffer-b DIR] (another built checkout, measured as "Coffer B" in the same run: A/B)
//     [--readable] (the app built unminified with source maps, so --trace names the core's
//       functions; rebuild without it before shipping or timing the first visit's bytes)
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const args = process.argv.slice(2).filter((a) => a !== '--no-build' && a !== '--readable');
if (process.argv.includes('--readable')) process.env.COFFER_READABLE_BUILD = '1';

process.chdir(root);
if (!process.argv.includes('--no-build') && process.env.BENCH_BUILT !== '1')
  await import(join(root, 'scripts/build.mjs'));

const outfile = join(root, 'bench/results/.build/web-phone.mjs');
await bundleScript(join(root, 'bench/web/phone.ts'), outfile);
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
