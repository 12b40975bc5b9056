// The budget engine beside Actual's, on one budget of 100,000 transactions (24 months, 30
// categories, splits, budget rows) that Actual's own API created:
//   - open + compute every month: loadBudget, then getBudgetMonth for each month, fresh and from
//     each side's cache;
//   - one transaction edit until its cells are settled (median): updateTransaction(amount) +
//     getBudgetMonth showing it, and for Coffer in process the `transaction-update` handler.
// Each side runs in its own child process on its own copy of the file. Prints a table and
// writes bench/results/budget-<time>.json.
//   node bench/budget/run.mjs [--transactions 100000] [--edits 40]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiSide } from './api-side.mjs';
import { budgetDbPath, createActualBudget, fillBudget } from './budget-file.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(import.meta.url);
const self = fileURLToPath(import.meta.url);

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** Runs `args` as a child node process and returns its last JSON line. */
function child(args, what) {
  const res = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = (res.stdout ?? '')
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (res.status !== 0 || !line) {
    throw new Error(`${what} failed (exit ${res.status}):\n${(res.stderr ?? '').slice(-4000)}`);
  }
  return JSON.parse(line);
}

const mode = option('child', null);
if (mode === 'create') {
  const id = await createActualBudget(option('dir'));
  process.stdout.write(`${JSON.stringify({ id })}\n`);
  process.exit(0);
}
if (mode === 'actual' || mode === 'coffer-api') {
  const plan = JSON.parse((await import('node:fs')).readFileSync(option('plan'), 'utf8'));
  await apiSide(mode, root, option('dir'), option('id'), plan, Number(option('edits', '40')));
  process.exit(0);
}

const count = Number(option('transactions', '100000'));
const edits = Number(option('edits', '40'));
// tmpfs when there is one: both sides commit often and would otherwise wait on the disk.
const base = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'bench-budget-'));
try {
  if (!existsSync(join(root, 'packages/api/dist/index.cjs'))) {
    await import(join(root, 'scripts/build.mjs'));
  }
  const outDir = join(root, 'bench/results');
  const bundle = join(outDir, '.build/budget-coffer.mjs');
  mkdirSync(dirname(bundle), { recursive: true });
  await build({
    entryPoints: [join(here, 'coffer.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Everything is bundled (workspace TypeScript and npm code) but the native SQLite driver.
    external: ['better-sqlite3'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });

  const made = join(base, 'made');
  mkdirSync(made);
  const { id } = child([self, '--child', 'create', '--dir', made], 'creating the budget');
  const t = performance.now();
  const plan = fillBudget(budgetDbPath(made, id), count);
  const fillMs = performance.now() - t;
  const planFile = join(base, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan));
  const copy = (side) => {
    const dir = join(base, side);
    cpSync(made, dir, { recursive: true });
    return dir;
  };

  const actual = child([self, '--child', 'actual', '--dir', copy('actual'), '--id', id, '--plan', planFile, '--edits', String(edits)], 'Actual'); // prettier-ignore
  const cofferApi = child([self, '--child', 'coffer-api', '--dir', copy('coffer-api'), '--id', id, '--plan', planFile, '--edits', String(edits)], 'Coffer api'); // prettier-ignore
  const cofferCore = child([bundle, copy('coffer-core'), id, JSON.stringify(plan), String(edits)], 'Coffer core'); // prettier-ignore

  const version = require('@actual-app/api/package.json').version;
  const r = (x) => (x === undefined ? '–' : Math.round(x * 10) / 10);
  const column = (s) => ({
    'open + every month, fresh (ms)': r(s.fresh.ms),
    '  of which loadBudget (ms)': r(s.fresh.loadMs),
    '  CPU (ms)': r(s.fresh.cpuMs),
    'open + every month, cached (ms)': r(s.cached.ms),
    '  CPU (ms) ': r(s.cached.cpuMs),
    'edit + getBudgetMonth showing it, median (ms)': r(s.edit.medianMs),
    '  p90 (ms)': r(s.edit.p90Ms),
    '  CPU per edit (ms)': r(s.edit.cpuMsEach),
    'edit → cells settled, median (ms)': r(s.edit.settleMedianMs),
    'peak RSS (MB)': r(s.peakRssMb),
  });
  const table = {
    [`Actual (@actual-app/api ${version})`]: column(actual),
    'Coffer (packages/api)': column(cofferApi),
    'Coffer (core, in process)': column(cofferCore),
  };
  console.log(
    `Budget engine: ${count} transactions, ${actual.fresh.months} months, ${edits} edits`,
  );
  console.table(table);
  console.log(
    `Open: Coffer ${(actual.fresh.ms / cofferApi.fresh.ms).toFixed(1)}x faster through the api (target ≤ 1000 ms: ${r(cofferCore.fresh.ms)} ms in process). ` +
      `Edit: ${(actual.edit.medianMs / cofferApi.edit.medianMs).toFixed(1)}x faster through the api; ` +
      `handler + sheet ${r(cofferCore.edit.settleMedianMs)} ms median (target ≤ 5 ms).`,
  );
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `budget-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ benchmark: 'budget', count, edits, fillMs, actual, cofferApi, cofferCore, node: process.version }, null, 2), // prettier-ignore
  );
  console.log(`Results: ${file}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
