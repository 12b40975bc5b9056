/**
 * What one statement costs the wasm driver (core-web's WasmDatabase) around SQLite's own work,
 * in Node on the same wasm build the browser runs: `--runs` single-row upserts of an import's
 * shape (an id, a few short strings and numbers) in one transaction, then as many one-row
 * reads by id, each timed by this process's CPU. A statement's calls around SQLite (reset,
 * clear, step, the changes counters) were oo1's wrapped calls; the import runs some tens of
 * thousands of statements. Run from the checkout (or `--root` another build's checkout, for
 * an A/B in one run):
 *   node bench/import/wasm-statements.mjs [--runs 50000] [--repeat 5]
 */
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createWasmSqliteDriver } from '../../packages/core-web/src/sqlite/driver.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '50000' },
    repeat: { type: 'string', default: '5' },
  },
});
const RUNS = Number(values.runs);
const REPEAT = Number(values.repeat);

const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const sqlite3 = await sqlite3InitModule();
const driver = createWasmSqliteDriver(sqlite3);
const writes: number[] = [];
const reads: number[] = [];
for (let r = 0; r < REPEAT; r++) {
  const db = driver.open(':memory:');
  db.exec(
    'CREATE TABLE t (id TEXT PRIMARY KEY, acct TEXT, date INTEGER, amount INTEGER, notes TEXT, cleared INTEGER)',
  );
  const ids = Array.from({ length: RUNS }, (_, i) => `id-${String(i).padStart(8, '0')}`);
  const upsert =
    'INSERT INTO t (id, acct, date, amount, notes, cleared) VALUES (?, ?, ?, ?, ?, ?) ' +
    'ON CONFLICT (id) DO UPDATE SET amount = excluded.amount';
  let from = process.cpuUsage();
  db.transaction(() => {
    for (let i = 0; i < RUNS; i++)
      db.run(upsert, [ids[i]!, 'acct-1', 20260101 + (i % 28), -i, 'n', 1]);
  });
  writes.push(cpuMs(from));
  from = process.cpuUsage();
  let found = 0;
  for (let i = 0; i < RUNS; i++)
    if (db.first('SELECT amount FROM t WHERE id = ?', [ids[i]!])) found++;
  reads.push(cpuMs(from));
  if (found !== RUNS) throw new Error(`read ${found} of ${RUNS} rows`);
  db.close();
}
const us = (ms: number) => ((ms * 1000) / RUNS).toFixed(2);
console.log(
  `wasm driver, ${RUNS} statements a pass, median of ${REPEAT} (load ${(loadavg()[0] ?? 0).toFixed(1)}): ` +
    `upsert ${median(writes).toFixed(0)} ms CPU (${us(median(writes))} µs each), ` +
    `read by id ${median(reads).toFixed(0)} ms CPU (${us(median(reads))} µs each); ` +
    `passes: upsert ${writes.map((x) => x.toFixed(0)).join(', ')}; read ${reads.map((x) => x.toFixed(0)).join(', ')}`,
);
