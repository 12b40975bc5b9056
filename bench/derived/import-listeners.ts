/**
 * The sums tables' listener on one import-shaped event (issue 30), both ways in the same
 * process: each table walking the event's rows in JS (`allSumsTable(Infinity)`, the way before)
 * and the new rows summed by SQLite in one grouped pass (`ALL_SUMS_TABLE`). A migrated in-memory
 * budget (better-sqlite3) holds `--existing` rows; one event adds `--count` rows (200 payees,
 * 20 categories, 3 accounts, two years, a note on one in five) and edits a tenth of the stored
 * ones, as the import bench's matched rows. CPU time of the listener alone, median of `--runs`.
 *   node bench/derived/import-listeners.mjs [--count 10000] [--existing 3000] [--runs 5]
 */
import { parseArgs } from 'node:util';
import type { DerivedTable } from '../../packages/core/src/budget-file/derived-data.ts';
import { allSumsTable, BATCH_ROWS } from '../../packages/core/src/month-sums/slot.ts';
import { createTestPlatform } from '../../packages/core/src/db/test-helpers/test-platform.ts';
import { memoryBudgetDb } from '../../packages/core/src/sync/test-helpers/memory-budget.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    existing: { type: 'string', default: '3000' },
    runs: { type: 'string', default: '5' },
  },
});
const count = Number(values.count);
const existing = Number(values.existing);

function row(n: number) {
  return {
    acct: `a${n % 3}`,
    date: 20230101 + Math.floor((n % 730) / 28) * 100 + (n % 28),
    amount: ((n * 7919) % 20000) - 10000,
    description: `p${n % 200}`,
    category: n % 9 === 0 ? null : `c${n % 20}`,
    notes: n % 5 === 0 ? `memo ${n}` : null,
  };
}

/** CPU ms of `table`'s listener on one import event. */
function once(table: DerivedTable, seed: number): number {
  // A clock that moves, as a real one does (the test clock stands still: its counter overflows).
  const platform = createTestPlatform({ seed });
  platform.clock.now = () => Date.now();
  const { db } = memoryBudgetDb({ platform });
  const stored: string[] = [];
  db.batch(() => {
    for (let a = 0; a < 3; a++) db.insert('accounts', { id: `a${a}`, name: `a${a}`, offbudget: a === 2 ? 1 : 0 }); // prettier-ignore
    for (let p = 0; p < 200; p++) {
      db.insert('payees', { id: `p${p}`, name: `p${p}` });
      db.insert('payee_mapping', { id: `p${p}`, targetId: `p${p}` });
    }
    for (let c = 0; c < 20; c++) {
      db.insert('categories', { id: `c${c}`, name: `c${c}`, cat_group: 'g' });
      db.insert('category_mapping', { id: `c${c}`, transferId: `c${c}` });
    }
    for (let n = 0; n < existing; n++) stored.push(db.insert('transactions', row(n)));
  });
  table.rebuild(db.sqlite);
  let cpu = 0;
  const off = db.onChange((event) => {
    const start = process.cpuUsage();
    table.apply(db.sqlite, event);
    const used = process.cpuUsage(start);
    cpu += (used.user + used.system) / 1000;
  });
  db.batch(() => {
    for (let n = 0; n < count; n++) db.insertFresh('transactions', { id: `new${n}`, ...row(existing + n) }); // prettier-ignore
    stored.forEach((id, n) => {
      if (n % 10 === 0) db.update('transactions', { id, notes: `matched ${n}` });
    });
  });
  off();
  return cpu;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const ways: [string, DerivedTable][] = [
  ['per table, rows walked in JS', allSumsTable(Number.POSITIVE_INFINITY)],
  [`new rows summed by SQLite (from ${BATCH_ROWS})`, allSumsTable(BATCH_ROWS)],
];
const times = new Map(ways.map(([name]) => [name, [] as number[]]));
for (let r = 0; r < Number(values.runs); r++) {
  for (const [name, table] of ways) times.get(name)!.push(once(table, r + 1));
}
const { loadavg } = await import('node:os');
console.log(`${count} new rows and ${existing / 10} edits in one event, ${existing} stored; load ${loadavg()[0]!.toFixed(1)}`); // prettier-ignore
for (const [name, t] of times) console.log(`${name}: ${median(t).toFixed(1)} ms CPU (runs ${t.map((x) => x.toFixed(0)).join(', ')})`); // prettier-ignore
