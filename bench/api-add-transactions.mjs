// Adds 10,000 transactions (5% of them splits) to one account through Coffer's built api
// (packages/api/dist) and through the real @actual-app/api, each in a fresh child process so
// the peak memory reading is its own. Prints both times and writes bench/results/*.json.
//   node bench/api-add-transactions.mjs [--count 10000] [--split-every 20] [--coffer-api <file>]
//   [--sides coffer,actual]
// Run `npm run build` first (bench/run.mjs does). `--coffer-api` loads another build of the
// api (a private bundle while others rebuild packages/api/dist); `--sides coffer` skips Actual.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { option, runChild } from './lib/child.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const require = createRequire(import.meta.url);

/** The same transactions for both sides: payees by name, categories by index, 5% splits. */
function makeTransactions(count, splitEvery, categoryIds) {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const start = Date.UTC(2022, 0, 1);
  const out = [];
  for (let i = 0; i < count; i++) {
    const date = new Date(start + Math.floor(next() * 730) * 86_400_000).toISOString().slice(0, 10);
    const amount = -(1 + Math.floor(next() * 50_000));
    const tx = {
      date,
      amount,
      payee_name: `Payee ${Math.floor(next() * 300)}`,
      notes: `note ${i}`,
      imported_id: `bench-${i}`,
    };
    if (i % splitEvery === 0) {
      const first = Math.round(amount / 3);
      tx.subtransactions = [
        { amount: first, category: categoryIds[i % categoryIds.length], notes: 'part 1' },
        { amount: amount - first, category: categoryIds[(i + 1) % categoryIds.length] },
      ];
    } else {
      tx.category = categoryIds[i % categoryIds.length];
    }
    out.push(tx);
  }
  return out;
}

/** In a child: one side's whole run, reported as one JSON line on stdout. */
async function child(side, dataDir, count, splitEvery, cofferApi) {
  const api = side === 'coffer' ? require(resolve(root, cofferApi)) : require('@actual-app/api');
  // Actual logs every step; keep stdout for the result line.
  const log = console.log;
  console.log = () => {};
  console.info = () => {};
  await api.init({ dataDir });
  await api.internal.send('create-budget', { budgetName: 'Bench', avoidUpload: true });
  const { id: budgetId } = await api.internal.send('load-prefs');
  const accountId = await api.createAccount({ name: 'Checking' }, 0);
  const categories = (await api.getCategories()).filter((c) => !c.is_income).map((c) => c.id);
  const transactions = makeTransactions(count, splitEvery, categories);

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await api.addTransactions(accountId, transactions);
  const addMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // CPU time (user + system) stays fair when other work shares the machine; wall time does not.
  const addCpuMs = (cpu.user + cpu.system) / 1000;

  const t1 = performance.now();
  const stored = await api.getTransactions(accountId);
  const readMs = performance.now() - t1;
  const children = stored.reduce((n, t) => n + (t.subtransactions?.length ?? 0), 0);
  await api.shutdown().catch(() => {});
  // How many CRDT messages the add logged: the write path's main cost on either side.
  const Database = require('better-sqlite3');
  const db = new Database(join(dataDir, budgetId, 'db.sqlite'), { readonly: true });
  const messages = db
    .prepare("SELECT count(*) AS n FROM messages_crdt WHERE dataset = 'transactions'")
    .get().n;
  db.close();
  log(
    JSON.stringify({
      side,
      addMs,
      addCpuMs,
      readMs,
      transactions: stored.length,
      splitChildren: children,
      messages,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
  process.exit(0);
}

function runSide(side, count, splitEvery, cofferApi) {
  return runChild(
    fileURLToPath(import.meta.url),
    side,
    [
      ...['--count', String(count), '--split-every', String(splitEvery)],
      ...['--coffer-api', cofferApi],
    ],
    { cwd: root, prefix: 'bench-api' },
  );
}

const count = Number(option('count', '10000'));
const splitEvery = Number(option('split-every', '20'));
const cofferApi = option('coffer-api', 'packages/api/dist/index.cjs');
const runs = Number(option('runs', '1'));
const sides = option('sides', 'coffer,actual').split(',');
const side = option('child', null);

/** Of several runs of one side, the one with the median CPU time. */
function medianRun(list) {
  return [...list].sort((a, b) => a.addCpuMs - b.addCpuMs)[Math.floor(list.length / 2)];
}

if (side) {
  await child(side, option('dir'), count, splitEvery, cofferApi);
} else {
  console.log(
    `addTransactions: ${count} transactions, every ${splitEvery}th a split (2 children); ` +
      `${runs} run(s) per side, median by CPU`,
  );
  const all = { coffer: [], actual: [] };
  // The sides take turns, so a burst of load elsewhere on the machine hits both alike.
  for (let r = 0; r < runs; r++) {
    for (const s of sides) all[s].push(runSide(s, count, splitEvery, cofferApi));
  }
  if (!sides.includes('actual')) {
    for (const r of all.coffer) {
      console.log(`Coffer: add ${Math.round(r.addMs)} ms wall, ${Math.round(r.addCpuMs)} ms CPU`);
    }
    process.exit(0);
  }
  const coffer = medianRun(all.coffer);
  const actual = medianRun(all.actual);
  const rows = [coffer, actual].map((r) => ({
    side:
      r.side === 'coffer'
        ? 'Coffer (packages/api)'
        : `Actual (@actual-app/api ${require('@actual-app/api/package.json').version})`,
    'add, wall (ms)': Math.round(r.addMs),
    'add, CPU (ms)': Math.round(r.addCpuMs),
    'read back (ms)': Math.round(r.readMs),
    'peak RSS (MB)': Math.round(r.peakRssMb),
    rows: `${r.transactions} + ${r.splitChildren} children`,
    'transaction messages': r.messages,
  }));
  console.table(rows);
  const speedup = actual.addMs / coffer.addMs;
  const cpuSpeedup = actual.addCpuMs / coffer.addCpuMs;
  console.log(
    `Coffer is ${speedup.toFixed(1)}x faster at adding by wall time, ${cpuSpeedup.toFixed(1)}x by CPU time (target: at least 10x).`,
  );
  if (
    coffer.transactions !== actual.transactions ||
    coffer.splitChildren !== actual.splitChildren
  ) {
    console.log('WARNING: the two sides stored different numbers of transactions.');
  }
  const outDir = join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = join(
    outDir,
    `api-add-transactions-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    JSON.stringify(
      {
        benchmark: 'api-add-transactions',
        count,
        splitEvery,
        coffer,
        actual,
        speedup,
        cpuSpeedup,
        runs,
        allRuns: all,
        node: process.version,
      },
      null,
      2,
    ),
  );
  console.log(`Results: ${file}`);
}
