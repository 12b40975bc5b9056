// The tag filter's first page in Coffer's core while a new device's background builds run, and
// after (bench/tags/core.ts), on a copy of a made budget with #trip on one row in ten.
//   node bench/tags/core.mjs --from DIR [--seconds 20]
// DIR holds one BudgetBench-* folder (budget.mjs make DIR 100000); it is copied, never changed.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
const from = resolve(option('from', ''));
const bundle = join(root, `bench/results/.build/tags-core-${process.pid}.mjs`);
// Bundled whole (npm code too, as bench/register/core.mjs does) but the native SQLite driver.
await bundleScript(join(here, 'core.ts'), bundle, { plugins: [], external: ['better-sqlite3'] });
const dir = mkdtempSync(join(tmpdir(), 'bench-tags-core-'));
try {
  cpSync(from, dir, { recursive: true });
  const id = readdirSync(dir).find((d) => d.startsWith('BudgetBench'));
  // As the web bench tags it (bench/web/tags.ts): one row in ten holds #trip.
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const db = new Database(join(dir, id, 'db.sqlite'));
  db.prepare(
    `UPDATE transactions SET notes = TRIM(COALESCE(notes, '') || ' #trip')
     WHERE rowid % 10 = 0 AND tombstone = 0 AND IFNULL(notes, '') NOT LIKE '%#trip%'`,
  ).run();
  db.close();
  console.log(load());
  const res = spawnSync(process.execPath, [bundle, dir, id], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, PROBE_SECONDS: option('seconds', '20') },
  });
  const line = res.stdout.trim().split('\n').pop() ?? '';
  console.log(JSON.stringify(JSON.parse(line), null, 1));
  console.log(load());
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundle, { force: true });
}
