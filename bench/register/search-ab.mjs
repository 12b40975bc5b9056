// The register's search once built, first-page way beside the general way, in CPU time
// (bench/register/search-ab.ts) on a copy of a made budget:
//   node bench/register/search-ab.mjs --from DIR
// DIR holds one BudgetBench-* folder (bench/derived's --keep DIR/<count>); it is never changed.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const i = process.argv.indexOf('--from');
const from = resolve(i >= 0 ? process.argv[i + 1] : '');
const bundle = join(root, `bench/results/.build/register-search-ab-${process.pid}.mjs`);
await bundleScript(join(here, 'search-ab.ts'), bundle, { plugins: [], external: ['better-sqlite3'] }); // prettier-ignore
const dir = mkdtempSync(join(tmpdir(), 'bench-search-ab-'));
const load = () => `load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`; // prettier-ignore
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
