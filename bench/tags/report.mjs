// The report by tag in Coffer's core at 100,000 transactions, 10 % tagged (issue 32): kept sums
// against the scan of every row and the native floor, in one run (bench/tags/report.ts says how).
//   node bench/tags/report.mjs [--transactions 100000] [--repeats 5]
// Makes the budget with bench/web/budget.mjs (Actual's API writes its structure), tags one row in
// ten with ` #trip` as bench/web/tags.ts does, bundles report.ts and runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';
import { option } from '../lib/child.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const transactions = option('transactions', '100000');
const repeats = option('repeats', '5');
const base = mkdtempSync(join(tmpdir(), 'bench-tag-report-'));
try {
  const made = join(base, 'made');
  mkdirSync(made);
  const res = spawnSync(process.execPath, ['bench/web/budget.mjs', 'make', made, transactions], {
    cwd: root,
    encoding: 'utf8',
  });
  const line = res.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (res.status !== 0 || !line) throw new Error(`budget.mjs make failed:\n${res.stderr}`);
  const { id } = JSON.parse(line);
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const db = new Database(join(made, id, 'db.sqlite'));
  const tagged = db
    .prepare(
      `UPDATE transactions SET notes = TRIM(COALESCE(notes, '') || ' #trip')
       WHERE rowid % 10 = 0 AND tombstone = 0`,
    )
    .run().changes;
  db.close();
  const outfile = join(root, 'bench/results/.build/tag-report.mjs');
  // Everything but the native module bundled (rrule, a CommonJS package, cannot be imported by
  // name from an ESM bundle), as bench/derived does.
  await bundleScript(join(root, 'bench/tags/report.ts'), outfile, {
    plugins: [],
    external: ['better-sqlite3'],
  });
  const run = spawnSync(
    process.execPath,
    [outfile, '--dir', made, '--id', id, '--repeats', repeats],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  const out = run.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (run.status !== 0 || !out) throw new Error(`report.ts failed:\n${run.stderr.slice(-4000)}`);
  const result = JSON.parse(out);
  console.log(`Report by tag, all time: ${transactions} transactions, ${tagged} tagged #trip; load ${result.load.join(' ')}`); // prettier-ignore
  const { load: _load, buildMs, builtAfterMs, ...rows } = result;
  console.table(rows);
  console.log(`The sums by tag current ${builtAfterMs} ms after the open (built in the background, in steps); one whole build: ${buildMs} ms`); // prettier-ignore
} finally {
  rmSync(base, { recursive: true, force: true });
}
