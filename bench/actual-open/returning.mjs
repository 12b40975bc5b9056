// A returning open of a made budget (issue 29's worker-side part), natively: the core's
// `load-budget` and the first screen's month, with the cache and the derived tables a first
// open left, each run in a fresh process on a fresh copy. Prints the CPU of each step and the
// SQL the open ran (statements, runs, rows answered; the most rows first).
//   node bench/actual-open/returning.mjs --made DIR [--repeat 5] [--cpu-prof DIR]
// DIR is a folder `node bench/web/budget.mjs make DIR …` made (never written: it is copied).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';
import { option } from '../lib/child.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const made = option('made', null);
if (!made) throw new Error('--made DIR: a budget folder made by bench/web/budget.mjs make');
const id = readdirSync(made).find((d) => d.startsWith('BudgetBench'));
if (!id) throw new Error(`no BudgetBench-* budget in ${made}`);
const repeat = Number(option('repeat', '5'));
const prof = option('cpu-prof', null);
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

const bundle = join(root, `bench/results/.build/actual-returning-${process.pid}.mjs`);
await bundleScript(join(here, 'returning.ts'), bundle, { plugins: [], external: ['better-sqlite3'] }); // prettier-ignore
const run = (dir, extra = [], flags = []) => {
  const res = spawnSync(process.execPath, [...flags, bundle, dir, id, month, ...extra], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 }); // prettier-ignore
  const line = (res.stdout ?? '')
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (res.status !== 0 || !line) throw new Error(`the open failed:\n${res.stderr}`);
  return JSON.parse(line);
};
const primed = mkdtempSync(join(tmpdir(), 'coffer-returning-'));
try {
  cpSync(join(made, id), join(primed, id), { recursive: true });
  run(primed, ['--prime']);
  const f = (n) => n.toFixed(1);
  for (let i = 0; i < repeat; i++) {
    const work = mkdtempSync(join(tmpdir(), 'coffer-returning-run-'));
    try {
      cpSync(join(primed, id), join(work, id), { recursive: true });
      const load = loadavg()[0].toFixed(1);
      const flags = prof ? ['--cpu-prof', '--cpu-prof-dir', resolve(prof)] : [];
      const r = run(work, [], flags);
      const runs = r.statements.reduce((s, x) => s + x.runs, 0);
      const rows = r.statements.reduce((s, x) => s + x.rows, 0);
      console.log(
        `run ${i + 1} (load ${load}): core ${f(r.startCpuMs)} ms CPU, open ${f(r.openCpuMs)}, month ${f(r.monthCpuMs)};` +
          ` ${r.statements.length} statements, ${runs} runs, ${rows} rows; to budget ${r.toBudget}`,
      );
      if (i === repeat - 1) {
        for (const s of r.statements.sort((a, b) => b.rows - a.rows || b.runs - a.runs)) {
          console.log(`  ${String(s.runs).padStart(4)} ${String(s.rows).padStart(6)}  ${s.sql.slice(0, 150)}`); // prettier-ignore
        }
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(primed, { recursive: true, force: true });
  rmSync(bundle, { force: true });
}
