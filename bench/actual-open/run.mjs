// The first open of a budget file Actual made (issue 30), in Coffer's core, split into phases:
// reading the file, the spending scan, the sheet's inputs and build, the budget cache, the
// month and group sums, the search and tag indexes, queries, the write path, garbage
// collection. The budgets are bench/derived's (Actual's API writes the structure, 100
// categories and 50 accounts; bench/budget/budget-file.mjs fills 20 years of rows), so
// `--budgets DIR` can share the folder `bench/derived/run.mjs --keep DIR` made. Each run opens a
// fresh copy (a first open every time), in its own process.
//   node bench/actual-open/run.mjs [--sizes 10000,100000] [--budgets DIR] [--repeat 1]
//     [--cpu-prof DIR] (each child's whole CPU profile, for a look by function)
// Prints a table per size and writes bench/results/actual-open-<time>.json.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'; // prettier-ignore
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetDbPath, createActualBudget, fillBudget } from '../budget/budget-file.mjs';
import { bundleScript } from '../lib/bundle.mjs';
import { option } from '../lib/child.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--make') {
  // In a child: Actual's API writes the budget's structure (it silences console.log).
  await createActualBudget(process.argv[3], { categories: 100, accounts: 50 });
  process.exit(0);
}

/** bench/derived's budget of `count` transactions in `base/<count>`, made when missing. */
function budgetOf(base, count) {
  const dir = join(base, String(count));
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    spawnSync(process.execPath, [self, '--make', dir], { cwd: root, stdio: 'inherit' });
    const id = readdirSync(dir).find((d) => d.startsWith('BudgetBench'));
    fillBudget(budgetDbPath(dir, id), count, { months: 240, payees: 1000, notes: true });
  }
  return { dir, id: readdirSync(dir).find((d) => d.startsWith('BudgetBench')) };
}

const bundle = join(root, `bench/results/.build/actual-open-${process.pid}.mjs`);
// Bundled whole but the native SQLite driver, as bench/derived does (rrule is CommonJS).
// The shared bundler, with npm code bundled too (only the native driver left out).
await bundleScript(join(here, 'coffer.ts'), bundle, { plugins: [], external: ['better-sqlite3'] });
const base = resolve(option('budgets', mkdtempSync(join(tmpdir(), 'coffer-actual-open-'))));
const sizes = option('sizes', '10000,100000').split(',').map(Number);
const repeat = Number(option('repeat', '1'));
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const results = [];
const f = (n) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
try {
  for (const count of sizes) {
    const { dir, id } = budgetOf(base, count);
    for (let i = 0; i < repeat; i++) {
      const work = mkdtempSync(join(tmpdir(), 'coffer-actual-open-run-'));
      try {
        cpSync(join(dir, id), join(work, id), { recursive: true });
        const load = loadavg()[0];
        const prof = option('cpu-prof', null);
        const flags = prof ? ['--cpu-prof', '--cpu-prof-dir', resolve(prof)] : [];
        const res = spawnSync(process.execPath, [...flags, bundle, work, id, month], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 }); // prettier-ignore
        const line = (res.stdout ?? '').trim().split('\n').filter((l) => l.startsWith('{')).pop(); // prettier-ignore
        if (res.status !== 0 || !line)
          throw new Error(`the open at ${count} failed:\n${res.stderr}`);
        const r = { count, load, ...JSON.parse(line) };
        results.push(r);
        console.log(
          `\n${count.toLocaleString('en')} transactions (load ${load.toFixed(1)} on 2 cores)`,
        );
        console.log(
          `  open ${f(r.openMs)} ms (CPU ${f(r.openCpuMs)}), + this month ${f(r.firstMonthMs)} ms (CPU ${f(r.firstMonthCpuMs)}),` +
            ` background done ${f(r.settledMs)} ms (CPU ${f(r.settledCpuMs)}), peak RSS ${f(r.peakRssMb)} MB`,
        );
        const total = Object.values(r.phasesMs).reduce((a, b) => a + b, 0);
        for (const [phase, ms] of Object.entries(r.phasesMs).sort((a, b) => b[1] - a[1])) {
          console.log(`    ${phase.padEnd(22)} ${f(ms).padStart(7)} ms  ${((100 * ms) / total).toFixed(0).padStart(3)} %`); // prettier-ignore
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
  }
} finally {
  rmSync(bundle, { force: true });
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, `bench/results/actual-open-${now.toISOString().replace(/[:.]/g, '-')}.json`); // prettier-ignore
writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`\n${out}${option('budgets', null) ? '' : ` (budgets in ${base})`}`);
