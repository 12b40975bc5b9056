// A phone save's cost in Coffer's core, natively (better-sqlite3), in CPU time (robust to a
// shared machine's load): one new transaction sent the way the phone's editor sends it (one
// `transactions-batch-update` with the editor's fields), on a copy of a made budget with every
// kept table current and the budget sheet open, as on the phone once its list is shown. Reports
// the handler's whole CPU and its parts: the synced write (rows, messages_crdt, merkle, clock)
// and its commit, each change listener (named by the tables it writes, or the first it reads),
// the SQL each ran, and how many SQLite write transactions (file change counter steps) the save
// committed. Run by bench/web-phone/save-parts.mjs; prints one JSON line.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { createAppCore, type Budget } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { budgetEngine } from '../../packages/core/src/budget-db/slot.ts';
import type { DerivedData } from '../../packages/core/src/budget-file/derived-data.ts';
import { monthSums } from '../../packages/core/src/month-sums/slot.ts';
import { accountOrder } from '../../packages/core/src/query-handler/account-order.ts';
import { searchIndex } from '../../packages/core/src/search/slot.ts';
import { BudgetDb } from '../../packages/core/src/sync/budget-db.ts';
import { tagIndex } from '../../packages/core/src/tags/slot.ts';
import { q } from '@coffer/core/ui';
import {
  BALANCE_SHEET,
  balanceCells,
  balanceTotals,
} from '../../packages/web/src/components/accounts/balances/balance-queries.ts';
import { settled } from '../lib/settle.mjs';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
const SAVES = Number(process.env.SAVES ?? 5);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The database header's file change counter: one step per committed write transaction. */
function changeCounter(file: string): number {
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(4);
  readSync(fd, buf, 0, 4, 24);
  closeSync(fd);
  return buf.readUInt32BE(0);
}

interface Part {
  cpuMs: number;
  statements: number;
  sql: Record<string, { n: number; cpuMs: number }>;
}
const newPart = (): Part => ({ cpuMs: 0, statements: 0, sql: {} });

/** Who runs SQL now: the part its CPU is charged to. */
interface Meter {
  part: Part;
}

/** A short name of a statement: its verb and first table. */
function sqlName(sql: string): string {
  const s = sql.replace(/\s+/g, ' ').trim();
  const m =
    /^(INSERT(?: OR \w+)? INTO|REPLACE INTO|UPDATE|DELETE FROM) "?(\w+)/i.exec(s) ??
    /^(SELECT|WITH)\b.*?\bFROM "?(\w+)/i.exec(s) ??
    /^(\w+)\s*(\w*)/.exec(s);
  return m ? `${m[1]!.split(' ')[0]!.toUpperCase()} ${m[2] ?? ''}`.trim() : s.slice(0, 40);
}

/** Charges every statement's CPU to the meter's part. */
function meterSqlite(budget: Budget, meter: Meter): void {
  const db = budget.sqlite as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const method of ['run', 'all', 'first', 'exec']) {
    const original = db[method]!.bind(db);
    db[method] = (sql: unknown, ...rest: unknown[]) => {
      const t = cpu();
      try {
        return original(sql, ...rest);
      } finally {
        const d = cpu() - t;
        const name = sqlName(String(sql));
        if (process.env.SHOW_SQL && name.includes(process.env.SHOW_SQL)) console.error(`${d.toFixed(1)} ms: ${String(sql)}`); // prettier-ignore
        const entry = (meter.part.sql[name] ??= { n: 0, cpuMs: 0 });
        entry.n++;
        entry.cpuMs += d;
        meter.part.statements++;
      }
    };
  }
}

/** Every change listener timed as its own part; the write before them is the meter's base. */
function meterListeners(meter: Meter, listeners: Part[]): void {
  const proto = BudgetDb.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const onChange = proto.onChange!;
  proto.onChange = function (this: BudgetDb, ...args: unknown[]) {
    const listener = args[0] as (e: unknown) => void;
    const part = newPart();
    listeners.push(part);
    return onChange.call(this, (event: unknown) => {
      const outer = meter.part;
      meter.part = part;
      const t = cpu();
      try {
        listener(event);
      } finally {
        part.cpuMs += cpu() - t;
        meter.part = outer;
      }
    });
  };
}

/** A listener's name: the tables it wrote, else the first it read, else its order. */
function listenerName(part: Part, i: number): string {
  const names = Object.keys(part.sql);
  const writes = names.filter((n) => /^(INSERT|REPLACE|UPDATE|DELETE)/.test(n));
  const chosen = writes.length > 0 ? writes : names.slice(0, 1);
  return `${i}: ${chosen.map((n) => n.split(' ').pop()).join(', ') || 'no SQL'}`;
}

const round = (n: number) => Math.round(n * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const [dir, id] = process.argv.slice(2) as [string, string];
  const meter: Meter = { part: newPart() };
  const listeners: Part[] = [];
  meterListeners(meter, listeners);
  const platform = createNodePlatform({ documentDir: dir, log: quiet });
  const core = createAppCore({ platform, documentDir: dir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  const opened = await send('load-budget', { id });
  if (opened && typeof opened === 'object' && 'error' in opened) throw new Error(JSON.stringify(opened)); // prettier-ignore
  const budget = core.budget as Budget;
  // What the phone has open by its save: the sheet, the register's order, the kept sums, the
  // search and tag indexes, each current.
  budgetEngine(budget);
  const kept: DerivedData[] = [monthSums(budget), accountOrder(budget), searchIndex(budget), tagIndex(budget)]; // prettier-ignore
  for (const data of kept) data.ensure();
  const account = budget.sqlite.first<{ id: string }>(
    "SELECT id FROM accounts WHERE name = 'Checking' AND tombstone = 0",
  )!.id;
  // The live cells the phone's pages made by then (balance-cells.ts, the account's header).
  const accounts = budget.sqlite.all<{ id: string }>('SELECT id FROM accounts WHERE tombstone = 0');
  const cells = [
    ...balanceTotals(),
    ...accounts.map((a) => balanceCells.account(a.id)),
    {
      name: `cleared-${account}`,
      query: q('transactions').filter({ account }).filter({ cleared: true }).calculate({ $sum: '$amount' }).serialize(), // prettier-ignore
    },
  ];
  for (const c of cells) await send('create-query', { sheetName: BALANCE_SHEET, name: c.name, query: c.query }); // prettier-ignore
  await settled(performance.now(), process.cpuUsage(), 120_000);
  meterSqlite(budget, meter);

  const payee = budget.sqlite.first<{ id: string }>(
    'SELECT id FROM payees WHERE tombstone = 0 AND transfer_acct IS NULL LIMIT 1',
  )?.id;
  const category = budget.sqlite.first<{ id: string }>(
    'SELECT id FROM categories WHERE tombstone = 0 AND is_income = 0 LIMIT 1',
  )?.id;
  const file = join(dir, id, 'db.sqlite');
  const today = new Date().toISOString().slice(0, 10);

  const saves: { totalCpuMs: number; transactions: number; write: Part; listeners: Part[] }[] = [];
  for (let i = 0; i < SAVES; i++) {
    // The editor's fields for a new transaction (draftChanges in the web's editing/draft.ts).
    const added = [
      { id: crypto.randomUUID(), account, date: today, amount: -1234 - i, payee, notes: null, category, cleared: false }, // prettier-ignore
    ];
    listeners.forEach((p) => Object.assign(p, newPart()));
    meter.part = newPart();
    const before = changeCounter(file);
    const t = cpu();
    const res = await send('transactions-batch-update', { added, newPayees: [] });
    const totalCpuMs = cpu() - t;
    const write = meter.part;
    // What timers run after the answer (the sheet's cache write) is not the save's.
    meter.part = newPart();
    if (res && typeof res === 'object' && 'error' in res) throw new Error(JSON.stringify(res));
    saves.push({
      totalCpuMs,
      transactions: changeCounter(file) - before,
      write,
      listeners: listeners.map((p) => ({ ...p, sql: { ...p.sql } })),
    });
    // The page's reads and the timers between two saves (a person taps again later).
    await settled(performance.now(), process.cpuUsage(), 30_000);
  }
  // The first save warms statement caches; the others are what a person's next save costs.
  const later = saves.slice(1);
  const last = saves[saves.length - 1]!;
  const sqlOf = (p: Part) =>
    Object.fromEntries(
      Object.entries(p.sql)
        .sort((a, b) => b[1].cpuMs - a[1].cpuMs)
        .map(([k, v]) => [k, `${v.n}× ${round(v.cpuMs)} ms`]),
    );
  const rows = budget.sqlite.first<{ n: number }>('SELECT COUNT(*) AS n FROM transactions')!.n;
  console.log(
    JSON.stringify({
      rows,
      liveCells: cells.length,
      saves: saves.length,
      firstSaveCpuMs: round(saves[0]!.totalCpuMs),
      saveCpuMsMedian: round(median(later.map((s) => s.totalCpuMs))),
      writeTransactionsPerSave: later.map((s) => s.transactions),
      statementsPerSave: median(later.map((s) => s.write.statements + s.listeners.reduce((a, p) => a + p.statements, 0))), // prettier-ignore
      // The handler and the synced write (rows, messages_crdt, merkle, clock, commit): what
      // the save's CPU leaves once the listeners' is taken out, and the SQL's share of it.
      handlerAndWrite: {
        cpuMsMedian: round(median(later.map((s) => s.totalCpuMs - listenersCpu(s.listeners)))),
        sqlCpuMsMedian: round(median(later.map((s) => sqlCpu(s.write)))),
        sql: sqlOf(last.write),
      },
      listenersCpuMsMedian: round(median(later.map((s) => listenersCpu(s.listeners)))),
      listeners: Object.fromEntries(
        last.listeners.map((p, i) => [
          listenerName(p, i),
          { cpuMsMedian: round(median(later.map((s) => s.listeners[i]!.cpuMs))), sql: sqlOf(p) },
        ]),
      ),
    }),
  );
  await send('close-budget');
}

const sqlCpu = (p: Part) => Object.values(p.sql).reduce((a, s) => a + s.cpuMs, 0);
const listenersCpu = (ps: Part[]) => ps.reduce((a, p) => a + p.cpuMs, 0);

await main();
