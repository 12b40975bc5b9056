// `npm run bench`: builds, then runs every benchmark — each `bench/*.mjs` and each
// `bench/<group>/run.mjs` — one after another. Arguments filter by name:
//   npm run bench -- api        (only the benchmarks whose path contains "api")
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const filters = process.argv.slice(2);

const scripts = [];
for (const name of readdirSync(here).sort()) {
  const path = join(here, name);
  if (name.endsWith('.mjs') && name !== 'run.mjs') scripts.push(path);
  else if (
    name !== 'results' &&
    statSync(path).isDirectory() &&
    existsSync(join(path, 'run.mjs'))
  ) {
    scripts.push(join(path, 'run.mjs'));
  }
}
const chosen = scripts.filter(
  (s) => filters.length === 0 || filters.some((f) => relative(here, s).includes(f)),
);
if (chosen.length === 0) {
  console.error(
    `No benchmark matches ${filters.join(' ')}. Known: ${scripts.map((s) => relative(here, s)).join(', ')}`,
  );
  process.exit(2);
}

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

let failed = 0;
for (const script of chosen) {
  console.log(`\n=== ${relative(root, script)} ===`);
  // Built above; BENCH_BUILT tells a group's script not to build again (bench/web reads it).
  const res = spawnSync(process.execPath, [script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_BUILT: '1' },
  });
  if (res.status !== 0) {
    failed++;
    console.error(`${relative(root, script)} failed (exit ${res.status})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
