// Bank sync beside a file import (issue 33): a first SimpleFIN sync of 5 accounts × 2,000
// transactions from the fake SimpleFIN Bridge into a budget of 100,000 transactions, from the
// first request until the rows are in the budget, beside the same rows imported as OFX files
// through the import path, in Coffer's core (in process, against Coffer's server) and in
// Actual 26.9 (`actual-api-26` against `actual-sync-server-26`, pointed at the same fake).
// Each side runs in its own process on its own copy of one budget Actual's api made.
// Prints a table with the ratios and writes bench/results/bank-<time>.json.
//   node bench/bank/run.mjs [--transactions 100000] [--accounts 5] [--per-account 2000]
//     [--sides coffer-bank,coffer-file,actual-bank,actual-file] [--actual-server coffer|actual]
// Actual's api links through its own server by default (`--actual-server coffer`: through
// Coffer's, which speaks the same routes).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetDbPath, fillBudget } from '../budget/budget-file.mjs';
import { bundleScript } from '../lib/bundle.mjs';
import { option } from '../lib/child.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

/** Runs a node script and answers the last JSON line it printed. */
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

const count = Number(option('transactions', '100000'));
const accounts = option('accounts', '5');
const perAccount = option('per-account', '2000');
const sides = option('sides', 'coffer-bank,coffer-file,actual-bank,actual-file').split(',');
const base = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'bench-bank-'));
try {
  const bundle = join(root, 'bench/results/.build/bank-main.mjs');
  // npm code is bundled too (rrule is CommonJS with named imports), but for the native SQLite
  // and PostgreSQL drivers, the server's HTTP stack and Actual's api, which load from
  // node_modules.
  if (!process.env.BENCH_NO_BUNDLE)
    await bundleScript(join(here, 'main.ts'), bundle, {
      plugins: [],
      external: ['better-sqlite3', 'pg', 'pg-native', 'actual-api-26', 'fastify', '@fastify/*'],
    });
  const made = join(base, 'made');
  mkdirSync(made);
  const created = child(
    [join(root, 'bench/budget/run.mjs'), '--child', 'create', '--dir', made],
    'creating the budget',
  );
  fillBudget(budgetDbPath(made, created.id), count);
  const results = {};
  for (const side of sides) {
    const dir = join(base, side);
    cpSync(made, dir, { recursive: true });
    process.env.BENCH_ACTUAL_SERVER = option('actual-server', 'actual');
    results[side] = child(
      [bundle, '--side', side, '--dir', dir, '--id', created.id, '--accounts', accounts, '--per-account', perAccount], // prettier-ignore
      side,
    );
    rmSync(dir, { recursive: true, force: true });
    console.error(`${side}: ${results[side].ms} ms, ${results[side].rows} rows`);
  }
  const ratio = (a, b) =>
    results[a] && results[b] ? Math.round((results[a].ms / results[b].ms) * 100) / 100 : '–';
  const table = Object.fromEntries(
    Object.entries(results).map(([side, r]) => [
      side,
      { 'request to rows (ms)': r.ms, 'CPU (ms)': r.cpuMs, rows: r.rows, 'each account (ms)': r.each.join(' ') }, // prettier-ignore
    ]),
  );
  console.log(`Budget of ${count} transactions; ${accounts} accounts × ${perAccount} rows.`);
  console.table(table);
  const ratios = {
    'Coffer bank / Coffer file': ratio('coffer-bank', 'coffer-file'),
    'Coffer bank / Actual bank': ratio('coffer-bank', 'actual-bank'),
    'Coffer file / Actual file': ratio('coffer-file', 'actual-file'),
    'Actual bank / Actual file': ratio('actual-bank', 'actual-file'),
  };
  console.table(ratios);
  const outDir = join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `bank-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ count, accounts, perAccount, results, ratios }, null, 2));
  console.log(`Written to ${file}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
