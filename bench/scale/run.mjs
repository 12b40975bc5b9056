// Issue 30's budget at scale and its sync history: 1,000,000 transactions over 20 years (50
// accounts, 100 categories, made by the real @actual-app/api and bench/budget's builder), then
// 2,000,000 edits written as a client writes them (HLC-stamped messages applied to the rows, kept
// in the file's log and sent to the server in batches through /sync/sync). For each server
// (Coffer's, and Actual 26.9's with its upload limit raised to take the file):
//   - Coffer's client registers the file, the history is synced, then the client uploads the
//     file with its whole log (the zip's size, the upload's time, each process's peak memory);
//   - a tail of edits after the upload; a new Coffer device downloads and catches up, checked
//     against the source file and the server's merkle;
//   - Actual 26.9 (`actual-api-26`) downloads the same file, edits a transaction and syncs, and
//     the Coffer device syncs again and must see the edit.
// Generated files live under the system temp folder. Prints each server's results and writes
// bench/results/scale-<time>.json.
//   node bench/scale/run.mjs [--transactions 1000000] [--edits 2000000] [--batch 10000]
//     [--tail 200] [--servers coffer,actual] [--actual-file-mb 2000] [--reuse dir]
//     [--steps coffer-device,actual-device]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';
import { option } from '../lib/child.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

const mode = option('child', null);
if (mode) {
  const print = console.log.bind(console);
  console.log = () => {};
  console.info = () => {};
  console.warn = () => {};
  let out;
  if (mode === 'make') {
    const { budgetDbPath, createActualBudget, fillBudget } = await import('../budget/budget-file.mjs'); // prettier-ignore
    const dir = option('dir');
    const id = await createActualBudget(dir, { categories: 100, accounts: 50 });
    fillBudget(budgetDbPath(dir, id), Number(option('transactions')), { months: 240, payees: 500 });
    out = { id };
  } else if (mode === 'actual-joins') {
    const { actualJoins } = await import('./actual-side.mjs');
    out = await actualJoins(JSON.parse(option('options')));
  } else {
    throw new Error(`unknown child ${mode}`);
  }
  print(JSON.stringify(out));
  process.exit(0);
}

process.chdir(root);
if (!existsSync(join(root, 'packages/server/dist/main.js'))) {
  const res = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
// Per run, so two runs at once (or a rebuild during a run) never swap the code under one.
const outDir = join(root, `bench/results/.build/scale-${process.pid}`);
mkdirSync(outDir, { recursive: true });
// Coffer's client is bundled whole (workspace and npm code) but the native SQLite driver.
// The shared bundler, with npm code bundled too (only the native driver left out).
await bundleScript(join(here, 'coffer.ts'), join(outDir, 'scale-coffer.mjs'), {
  plugins: [],
  external: ['better-sqlite3'],
});
await bundleScript(join(here, 'main.ts'), join(outDir, 'scale-main.mjs'), { sourcemap: 'inline' });
const res = spawnSync(
  process.execPath,
  ['--max-old-space-size=8192', join(outDir, 'scale-main.mjs'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root, env: { ...process.env, SCALE_BENCH_BUILD: outDir } },
);
rmSync(outDir, { recursive: true, force: true });
process.exit(res.status ?? 1);
