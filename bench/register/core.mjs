// The register's reads in Coffer's core while a new device's background builds run, and each
// query's plan after (bench/register/core.ts), on a copy of a made budget.
//   node bench/register/core.mjs --from DIR [--seconds 60] [--explain] [--settle]
// --settle: every build still under way at the end of the window is finished before the reads
// once built (at 1,000,000 transactions on a loaded machine the builds outlast minutes).
// DIR holds one BudgetBench-* folder (bench/derived's --keep DIR/<count>, bench/scale's
// --reuse DIR/<count>); it is copied, never changed.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const from = resolve(option('from', ''));
const bundle = join(root, `bench/results/.build/register-core-${process.pid}.mjs`);
// Bundled whole (npm code too, as bench/derived does) but the native SQLite driver.
await bundleScript(join(here, 'core.ts'), bundle, { plugins: [], external: ['better-sqlite3'] });
const dir = mkdtempSync(join(tmpdir(), 'bench-register-core-'));
try {
  cpSync(from, dir, { recursive: true });
  const id = readdirSync(dir).find((d) => d.startsWith('BudgetBench'));
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const args = [bundle, dir, id, ...process.argv.filter((a) => a === '--explain' || a === '--settle')]; // prettier-ignore
  const res = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, PROBE_SECONDS: option('seconds', '60') },
  });
  const line = res.stdout.trim().split('\n').pop() ?? '';
  console.log(JSON.stringify(JSON.parse(line), null, 1));
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundle, { force: true });
}
