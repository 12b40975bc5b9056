/**
 * The budget sheet's load at a returning open (issue 29), statement by statement: what the
 * budget engine reads before the first screen (the accounts and mapping, the stored sums, the
 * sheet's inputs and the check of the cached sums against the rows), each statement's time,
 * rows and SQLite's query plan, and the JS between them. Each run is a fresh Node process and a
 * fresh connection (cold JIT, cold page cache of SQLite, as a phone's start), on a copy of the
 * bench's budget opened and closed once through the core so its cache is written and trusted.
 * Node + better-sqlite3, unthrottled: the phone's worker runs the same statements on SQLite's
 * wasm build over OPFS (its trace's `coffer-worker:sheet:*` marks time the steps there).
 *   node bench/web-phone/sheet-steps.mjs <made dir> [runs = 5]
 * (SHEET_STEPS_KEEP=1 keeps the prepared copy and prints its file.)
 */
import { createAppCore, type SqliteDatabase, type SqlParams } from '@coffer/core';
import { createNodePlatform, createNodeSqliteDriver } from '@coffer/core-node';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BudgetEngine } from '../../packages/core/src/budget-db/engine.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

interface Statement {
  sql: string;
  ms: number;
  rows: number;
}

/** The database with every statement timed (wall, in process: no other work runs between). */
function recording(db: SqliteDatabase, into: Statement[]): SqliteDatabase {
  const timed =
    <R>(call: (sql: string, params?: SqlParams) => R, count: (r: R) => number) =>
    (sql: string, params?: SqlParams): R => {
      const t = performance.now();
      const out = call(sql, params);
      into.push({ sql, ms: performance.now() - t, rows: count(out) });
      return out;
    };
  return {
    ...db,
    run: timed(db.run.bind(db), (r) => r.changes),
    all: timed(db.all.bind(db), (r) => r.length) as SqliteDatabase['all'],
    first: timed(db.first.bind(db), (r) => (r === undefined ? 0 : 1)) as SqliteDatabase['first'],
    exec: db.exec.bind(db),
    transaction: db.transaction.bind(db),
    serialize: db.serialize.bind(db),
    close: db.close.bind(db),
  };
}

const short = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 110);

/** One cold load of the sheet as the engine does it at open (lazy), then `warm` more. */
function child(file: string, warm: number) {
  const driver = createNodeSqliteDriver();
  const once = () => {
    const statements: Statement[] = [];
    const raw = driver.open(file);
    const db = recording(raw, statements);
    const cpu = process.cpuUsage();
    const t = performance.now();
    const engine = BudgetEngine.open({
      db: { sqlite: db, onChange: () => () => undefined } as never,
      budgetType: 'rollover',
      now: () => Date.now(),
      random: { bytes: (n: number) => new Uint8Array(n).fill(7) } as never,
      // As the app's slot opens it: lazy, with timers (what waits for them is not timed).
      lazy: true,
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as never) }, // prettier-ignore
    });
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const fromCache = engine.restoredFromCache;
    engine.close();
    raw.close();
    return { statements, wall, cpu: (used.user + used.system) / 1000, fromCache };
  };
  const cold = once();
  const warmRuns = Array.from({ length: warm }, once);
  const plans = new Map<string, string>();
  const plain = driver.open(file);
  for (const s of cold.statements) {
    if (plans.has(s.sql) || !/^\s*SELECT/i.test(s.sql)) continue;
    const marks = (s.sql.match(/\?/g) ?? []).length;
    // The plan with typical values: every `?` bound to a text or a date-like number.
    const params = Array.from({ length: marks }, (_, i) => (/BETWEEN \? AND \?/.test(s.sql) && i >= marks - 2 ? 20261100 + i : 'x')); // prettier-ignore
    try {
      const plan = plain.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${s.sql}`, params);
      plans.set(s.sql, plan.map((p) => p.detail).join(' | '));
    } catch (err) {
      plans.set(s.sql, `(no plan: ${String(err)})`);
    }
  }
  plain.close();
  console.log(JSON.stringify({ cold, warm: warmRuns, plans: [...plans] }));
}

async function main(made: string, runs: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sheet-steps-'));
  cpSync(made, dir, { recursive: true });
  const id = readdirSync(dir)[0]!;
  try {
    const platform = createNodePlatform({ documentDir: dir, log: quiet });
    const core = createAppCore({ platform, documentDir: dir, cloud: { syncOnLoad: false } });
    // Two opens: the first writes the cache, the second leaves it as a returning open finds it.
    for (let i = 0; i < 2; i++) {
      await core.sendUnknown('load-budget', { id });
      await new Promise((r) => setTimeout(r, i === 0 ? 15_000 : 2000));
      await core.sendUnknown('close-budget');
    }
    const file = join(dir, id, 'db.sqlite');
    const results = [];
    for (let i = 0; i < runs; i++) {
      const res = spawnSync(process.execPath, [process.argv[1]!, '--child', file], {
        encoding: 'utf8',
      });
      if (res.status !== 0) throw new Error(res.stderr);
      results.push(JSON.parse(res.stdout.trim().split('\n').at(-1)!));
    }
    report(results);
  } finally {
    // Kept for a profile of one cold load (`node --cpu-prof <bundle> --child <file>`).
    if (process.env.SHEET_STEPS_KEEP) console.log(`kept: ${join(dir, id, 'db.sqlite')}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

type Run = { statements: Statement[]; wall: number; cpu: number; fromCache: boolean };

function report(results: Array<{ cold: Run; warm: Run[]; plans: Array<[string, string]> }>) {
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const show = (label: string, list: Run[]) => {
    console.log(`${label}: load ${med(list.map((r) => r.wall)).toFixed(1)} ms wall, ${med(list.map((r) => r.cpu)).toFixed(1)} ms CPU (median of ${list.length}); from cache: ${list.every((r) => r.fromCache)}`); // prettier-ignore
    const n = list[0]!.statements.length;
    let sql = 0;
    for (let k = 0; k < n; k++) {
      const s = list[0]!.statements[k]!;
      const ms = med(list.map((r) => r.statements[k]?.ms ?? 0));
      sql += ms;
      console.log(`  ${ms.toFixed(2).padStart(7)} ms ${String(s.rows).padStart(6)} rows  ${short(s.sql)}`); // prettier-ignore
    }
    console.log(`  ${sql.toFixed(1)} ms in SQL statements, the rest JS (the sheet's build, the parses)`); // prettier-ignore
  };
  show(
    'cold (fresh process)',
    results.map((r) => r.cold),
  );
  show(
    'warm (same process, new connection)',
    results.flatMap((r) => r.warm),
  );
  console.log('query plans:');
  for (const [sql, plan] of results[0]!.plans) console.log(`  ${short(sql)}\n      ${plan}`);
}

const args = process.argv.slice(2);
if (args[0] === '--child') child(args[1]!, Number(process.env.SHEET_STEPS_WARM ?? 4));
else {
  if (!args[0]) throw new Error('usage: sheet-steps.mjs <made dir> [runs]');
  await main(args[0], Number(args[1] ?? 5));
}
process.exit(0);
