// The CRDT write path on its own, next to its floor. For each size it measures, in CPU time
// (user + system, fair when other work shares the machine) and wall time:
//   local   N transactions inserted through BudgetDb in one batch (rows + messages_crdt + merkle)
//   remote  the resulting messages applied to a second, empty budget (source 'remote')
//   floor   the same rows and messages written straight into SQLite with better-sqlite3
//   localApart, remoteApart  local and remote with the search's set of lines dated apart
//           built first, so its triggers on transactions run on every write (issue 30)
//   dates, datesApart  a second client's batch moving the date of every row of a file of N
//           (a third of them parents, the rest their lines, a third dated apart after), applied
//           in one batch: from 20,000 rows the bulk path (sync/bulk-indexes.ts); datesApart with
//           the set of lines dated apart built first, whose triggers run on every date written
// Every budget is a fresh migrated file in a temp folder, as the app would have it.
//   node bench/core-write.mjs [--sizes 10000,50000] [--runs 3] [--steps local,remote,floor]
// No build step: the TypeScript sources are bundled on the fly with esbuild.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const sizes = option('sizes', '10000,50000').split(',').map(Number);
const runs = Number(option('runs', '3'));
// `--steps local` (or `local,remote`) measures only those; handy under `node --cpu-prof`.
const only = new Set(
  option('steps', 'local,remote,floor,localApart,remoteApart,dates,datesApart').split(','),
);

const work = mkdtempSync(join(tmpdir(), 'coffer-core-write-'));
// The bundle lives under node_modules so its `better-sqlite3` import resolves.
const cache = join(root, 'node_modules/.cache/coffer-bench');
mkdirSync(cache, { recursive: true });
const entry = `
  export { BudgetDb } from './packages/core/src/sync/budget-db.ts';
  export { prepareDatabase } from './packages/core/src/schema/prepare.ts';
  export { createNodeSqliteDriver } from './packages/core-node/src/sqlite.ts';
  export { deserializeValue } from './packages/crdt/src/value.ts';
  export { rebuildApartLines } from './packages/core/src/search/apart-lines.ts';
`;
const bundle = join(cache, `core-write-${process.pid}.mjs`);
await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'core-write-entry.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: bundle,
  external: ['better-sqlite3'],
  banner: {
    js: "import { createRequire as benchRequire } from 'node:module'; const require = benchRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
const { BudgetDb, prepareDatabase, createNodeSqliteDriver, rebuildApartLines } = await import(
  pathToFileURL(bundle).href
);
const { default: Database } = await import('better-sqlite3');

const driver = createNodeSqliteDriver();
const silent = { info() {}, warn() {}, error() {} };
const deps = {
  clock: { now: () => Date.now() },
  random: { uuid: () => randomUUID(), bytes: (n) => new Uint8Array(n) },
  log: silent,
};

let fileNo = 0;
function newBudget(apart = false) {
  const path = join(work, `budget-${fileNo++}.sqlite`);
  const sqlite = driver.open(path);
  const prepared = prepareDatabase(sqlite, { create: true });
  if (!prepared.ok) throw new Error(prepared.message);
  if (apart) rebuildApartLines(sqlite);
  return { db: BudgetDb.open(sqlite, deps), path };
}

/** Transactions with 12 stored cells each, like an import's rows (about 12 messages a row). */
function makeRows(count) {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const account = randomUUID();
  const categories = Array.from({ length: 20 }, () => randomUUID());
  const payees = Array.from({ length: 300 }, () => randomUUID());
  const rows = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2022, 0, 1) + Math.floor(next() * 730) * 86_400_000);
    rows.push({
      id: randomUUID(),
      acct: account,
      category: categories[i % categories.length],
      amount: -(1 + Math.floor(next() * 50_000)),
      description: payees[Math.floor(next() * payees.length)],
      notes: `note ${i}`,
      date: Number(day.toISOString().slice(0, 10).replaceAll('-', '')),
      financial_id: `fin-${i}`,
      imported_description: `Imported payee ${i % 300}`,
      cleared: i % 2,
      sort_order: Date.now() + i,
      isParent: 0,
      isChild: 0,
    });
  }
  return rows;
}

function measure(fn) {
  globalThis.gc?.();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = fn();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs, result };
}

function local(rows, apart = false) {
  const { db, path } = newBudget(apart);
  let messages = [];
  db.onChange((event) => (messages = event.messages));
  const m = measure(() => db.batch(() => rows.forEach((row) => db.insert('transactions', row))));
  const check = db.sqlite.first('SELECT COUNT(*) AS n FROM transactions').n;
  if (check !== rows.length) throw new Error(`local wrote ${check} rows, not ${rows.length}`);
  const merkle = db.merkle.hash;
  db.close();
  rmSync(path, { force: true });
  return { ...m, messages, merkle };
}

function remote(messages, merkle, apart = false) {
  const { db, path } = newBudget(apart);
  const m = measure(() => db.applyMessages(messages, { source: 'remote' }));
  if (m.result.applied !== messages.length) throw new Error('remote did not apply everything');
  if (db.merkle.hash !== merkle) throw new Error('remote merkle differs from local');
  db.close();
  rmSync(path, { force: true });
  return m;
}

/** A day `n` days after the YYYYMMDD `date`. */
function addDays(date, n) {
  const s = String(date);
  const day = new Date(
    Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8)) + n * 86_400_000,
  );
  return Number(day.toISOString().slice(0, 10).replaceAll('-', ''));
}

/** Splits of two lines each: rows 3k the parents, 3k+1 and 3k+2 their lines, same dates. */
function splitRows(count) {
  const rows = makeRows(count).map((r) => ({ ...r }));
  rows.forEach((row, i) => {
    const parent = rows[i - (i % 3)];
    if (i % 3 === 0) row.isParent = 1;
    else Object.assign(row, { parent_id: parent.id, isChild: 1, date: parent.date });
  });
  return rows;
}

/**
 * Another client moves every row's date (lines 3k+2 a day further than their parent: dated
 * apart), and the batch is applied here in one piece, with or without the set's triggers.
 */
function dateEdits(rows, apart) {
  const there = newBudget();
  const sent = [];
  there.db.onChange((event) => sent.push(event.messages));
  there.db.batch(() => rows.forEach((row) => there.db.insert('transactions', row)));
  there.db.batch(() =>
    rows.forEach((row, i) =>
      there.db.update('transactions', { id: row.id, date: addDays(row.date, i % 3 === 2 ? 2 : 1) }),
    ),
  );
  there.db.close();
  rmSync(there.path, { force: true });
  const { db, path } = newBudget();
  db.applyMessages(sent[0], { source: 'remote' });
  if (apart) rebuildApartLines(db.sqlite);
  const m = measure(() => db.applyMessages(sent[1], { source: 'remote' }));
  if (m.result.applied !== rows.length) throw new Error('dates did not apply everything');
  if (apart) {
    const held = db.sqlite.first('SELECT COUNT(*) AS n FROM coffer_apart_lines').n;
    const lines = rows.filter((_, i) => i % 3 === 2).length;
    if (held !== lines) throw new Error(`the set holds ${held} lines, not ${lines}`);
  }
  db.close();
  rmSync(path, { force: true });
  return m;
}

const SERIAL = (v) => (v === null ? '0:' : typeof v === 'number' ? `N:${v}` : `S:${v}`);

/** The same rows and messages, one prepared statement each, one transaction. */
function floor(rows, messages) {
  const { db, path } = newBudget();
  db.close();
  const raw = new Database(path);
  const columns = Object.keys(rows[0]);
  const insertRow = raw.prepare(
    `INSERT INTO transactions (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const insertMessage = raw.prepare(
    'INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES (?, ?, ?, ?, ?)',
  );
  const m = measure(() =>
    raw.transaction(() => {
      for (const row of rows) insertRow.run(columns.map((c) => row[c]));
      for (const x of messages) {
        insertMessage.run(x.timestamp, x.dataset, x.row, x.column, SERIAL(x.value));
      }
    })(),
  );
  raw.close();
  rmSync(path, { force: true });
  return m;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`.padStart(8);

console.log(`node ${process.version}, ${runs} runs per step; CPU median (min) / wall median`);
try {
  for (const size of sizes) {
    const rows = makeRows(size);
    const steps = { local: [], remote: [], floor: [], localApart: [], remoteApart: [], dates: [], datesApart: [] }; // prettier-ignore
    const splits = splitRows(size);
    let count = 0;
    for (let r = 0; r < runs; r++) {
      const l = local(rows);
      steps.local.push(l);
      count = l.messages.length;
      if (only.has('remote')) steps.remote.push(remote(l.messages, l.merkle));
      if (only.has('floor')) steps.floor.push(floor(rows, l.messages));
      if (only.has('localApart')) steps.localApart.push(local(rows, true));
      if (only.has('remoteApart')) steps.remoteApart.push(remote(l.messages, l.merkle, true));
      if (only.has('dates')) steps.dates.push(dateEdits(splits, false));
      if (only.has('datesApart')) steps.datesApart.push(dateEdits(splits, true));
    }
    console.log(`\n${size} transactions, ${count} messages`);
    for (const [name, list] of Object.entries(steps)) {
      if (!only.has(name)) continue;
      const cpu = list.map((x) => x.cpuMs);
      const wall = list.map((x) => x.wallMs);
      // A date edit is one message a row.
      const perMessage = ((median(cpu) * 1000) / (name.startsWith('dates') ? size : count)).toFixed(1); // prettier-ignore
      console.log(
        `  ${name.padEnd(11)} cpu ${fmt(median(cpu))} (${fmt(Math.min(...cpu))})  ` +
          `wall ${fmt(median(wall))}  ${perMessage} µs/message`,
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(bundle, { force: true });
}
