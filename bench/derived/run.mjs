// Derived data at 10,000, 100,000 and 1,000,000 transactions (issue 30): the open, the register's
// search, net worth over all time and an edit, each beside its floor measured in the same run on
// the same file (better-sqlite3 reading the same rows straight from the stored table). The
// budgets have the 1M budget's shape at every size: 20 years, 50 accounts, 100 categories, 1,000
// payees, a note on one row in seven (bench/budget/budget-file.mjs, made by Actual's own API).
// Prints a table and writes bench/results/derived-<time>.json.
//   node bench/derived/run.mjs [--sizes 10000,100000,1000000] [--keep DIR] [--reports-only] [--settle MS]
//     [--explain] [--no-scan] [--built]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetDbPath, createActualBudget, fillBudget } from '../budget/budget-file.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const self = fileURLToPath(import.meta.url);
const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const SHAPE = { categories: 100, accounts: 50 };
/** Passed on to the measuring child (bench/derived/coffer.ts). */
const passed = ['--reports-only', '--explain', '--no-scan', '--built'].filter((a) =>
  process.argv.includes(a),
);

if (process.argv[2] === '--make') {
  // In a child: Actual's API writes the budget's structure (it silences console.log).
  const [, , , dir] = process.argv;
  await createActualBudget(dir, SHAPE);
  process.exit(0);
}

function run(args, what) {
  const env = { ...process.env, DERIVED_SETTLE_MS: option('settle', '2000') };
  const res = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26, env }); // prettier-ignore
  const line = (res.stdout ?? '')
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (res.status !== 0 || !line) throw new Error(`${what} failed:\n${res.stderr}`);
  if (passed.includes('--explain')) console.log(res.stderr);
  return JSON.parse(line);
}

/** The budget of `count` transactions, made once into `dir` (kept there with --keep). */
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

const bundle = join(root, 'bench/results/.build/derived-coffer.mjs');
await build({
  entryPoints: [join(here, 'coffer.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  external: ['better-sqlite3'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

const base = option('keep', null) ?? mkdtempSync(join(tmpdir(), 'coffer-derived-'));
const sizes = option('sizes', '10000,100000,1000000').split(',').map(Number);
const results = [];
for (const count of sizes) {
  const made = performance.now();
  const { dir, id } = budgetOf(base, count);
  const makeMs = performance.now() - made;
  const load = loadavg()[0];
  const r = run([bundle, dir, id, ...passed], `coffer at ${count}`);
  results.push({ count, makeMs, load, ...r });
  const f = (n) => (typeof n !== 'number' || Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : n.toFixed(0)); // prettier-ignore
  console.log(`\n${count.toLocaleString('en')} transactions (load ${load.toFixed(1)} on 2 cores)`);
  console.log(
    `  open ${f(r.openMs)} ms (again, from the cache ${f(r.openCachedMs)} ms), edit ${f(r.editMs)} ms, peak RSS ${f(r.peakRssMb)} MB${r.sumsAtFirstReport === undefined ? '' : `, sums' build at the first report: ${r.sumsAtFirstReport ?? 'not under way'}`}`,
  );
  for (const [name, s] of Object.entries(r.search ?? {})) {
    console.log(
      `  search ${name}: ${f(s.ms)} ms (${(s.ms / s.floorMs).toFixed(1)}× floor ${f(s.floorMs)} ms;` +
        ` the register's first 45 groups alone ${f(s.firstPageMs)} ms, the count alone ${f(s.countMs)} ms;` +
        ` filter it replaced ${f(s.oldMs)} ms; first, after the open's background build, ${f(s.firstMs)} ms)`,
    );
  }
  for (const [name, x] of Object.entries(r.reports)) {
    console.log(
      `  ${name}, all time: ${f(x.ms)} ms (first ${f(x.firstMs)} ms${x.firstExact == null ? '' : x.firstExact ? ' during the build, exact' : ' during the build, ANSWER DIFFERS'}; scan ${f(x.scanMs)} ms,` +
        ` ${x.sameAsScan === null ? 'not run' : x.sameAsScan ? 'same answer' : 'ANSWER DIFFERS'}); floor ${f(x.floorMs)} ms` +
        ` (${(x.ms / x.floorMs).toFixed(1)}×), from the stored rows ${f(x.scanFloorMs)} ms` +
        `${x.floorsEqual ? '' : ', FLOOR ROWS DIFFER'}`,
    );
  }
  if (r.budgeted) {
    console.log(
      `  custom report's Budgeted by month, all time: ${f(r.budgeted.ms)} ms (the budget rows summed in SQL, native: ${f(r.budgeted.rowsSqlFloorMs)} ms)`,
    );
  }
  for (const [name, b] of Object.entries(r.build ?? {})) {
    console.log(
      `  ${name} built in ${b.steps} steps: longest ${f(b.maxMs)} ms, median ${f(b.medianMs)} ms,` +
        ` total ${f(b.totalMs)} ms; in one go ${f(b.wholeMs)} ms`,
    );
  }
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(
  root,
  `bench/results/derived-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`\n${out}${option('keep', null) ? '' : ` (budgets in ${base})`}`);
