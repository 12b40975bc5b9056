// A measuring script run on a copy of a budget made before (`--from DIR`, a folder holding one
// BudgetBench-*: bench/derived's --keep DIR/<count>), which is never changed: bundled, run in
// its own Node process with the copy's folder and budget id, its last JSON line printed with
// the machine's load before and after.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleScript } from './bundle.mjs';
import { option } from './child.mjs';

const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

/** `script` (a .ts file), `name` for its bundle and copy; `root` the checkout. */
export async function runOnCopy({ script, name, root }) {
  const from = resolve(option('from', ''));
  const bundle = join(root, `bench/results/.build/${name}-${process.pid}.mjs`);
  await bundleScript(script, bundle, { plugins: [], external: ['better-sqlite3'] });
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  try {
    cpSync(from, dir, { recursive: true });
    const id = readdirSync(dir).find((d) => d.startsWith('BudgetBench'));
    console.log(load());
    const res = spawnSync(process.execPath, [bundle, dir, id], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    console.log(JSON.stringify(JSON.parse(res.stdout.trim().split('\n').pop() ?? ''), null, 1));
    console.log(load());
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  }
}
