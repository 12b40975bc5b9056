// The query cells' share of a register edit once every build is done, in CPU time: the cells the
// web subscribes by the time of the register bench's edits (the sidebar's balances, one per
// account and the totals; the header's cleared balance of each view shown) are made and read,
// then amount edits and category changes of rows in the largest account are saved through
// `transaction-update`; each save's time in the cells' change listener (`QueryCells.refresh`)
// and in the whole save is measured. Run by bench/register/edit-cells.mjs; prints one JSON line.
import { q } from '@coffer/core/ui';
import { CellDeltas } from '../../packages/core/src/query-handler/cell-deltas.ts';
import { ACCOUNT_ORDER } from '../../packages/core/src/query-handler/account-order.ts';
import { ALL_SUMS_TABLE } from '../../packages/core/src/month-sums/slot.ts';
import { readSums } from '../../packages/core/src/query-handler/cell-read.ts';
import { QueryCells } from '../../packages/core/src/query-handler/query-cells.ts';
import {
  balanceCells,
  balanceTotals,
} from '../../packages/web/src/components/accounts/balances/balance-queries.ts';
import { openBuilt } from './built-search.ts';

const [dir, id] = process.argv.slice(2) as [string, string];
// Time inside the cells' change listener, per save.
let refreshMs = 0;
const cellsProto = QueryCells.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
const refresh = cellsProto.refresh!;
cellsProto.refresh = function (this: unknown, ...a: unknown[]) {
  const u = process.cpuUsage();
  try {
    return refresh.apply(this, a);
  } finally {
    const d = process.cpuUsage(u);
    refreshMs += (d.user + d.system) / 1000;
  }
};
// Of which in the delta cells' scratch passes (cell-deltas.ts).
let deltasMs = 0;
const deltasProto = CellDeltas.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
const deltas = deltasProto.deltas!;
deltasProto.deltas = function (this: unknown, ...a: unknown[]) {
  const u = process.cpuUsage();
  try {
    return deltas.apply(this, a);
  } finally {
    const d = process.cpuUsage(u);
    deltasMs += (d.user + d.system) / 1000;
  }
};
// And in keeping the derived tables in step (when current).
const applyMs: Record<string, number> = {};
for (const [name, table] of [
  ['accountOrder', ACCOUNT_ORDER],
  ['sums', ALL_SUMS_TABLE],
] as const) {
  const apply = table.apply.bind(table);
  table.apply = (...a) => {
    const u = process.cpuUsage();
    try {
      return apply(...a);
    } finally {
      const d = process.cpuUsage(u);
      applyMs[name] = (applyMs[name] ?? 0) + (d.user + d.system) / 1000;
    }
  };
}
// Opened with every derived build finished (after the timers above are in place).
const { budget, send } = await openBuilt(dir, id);

const accounts = budget.sqlite.all<{ id: string; n: number }>(
  `SELECT a.id, COUNT(t.id) AS n FROM accounts a LEFT JOIN transactions t ON t.acct = a.id
   WHERE a.tombstone = 0 GROUP BY a.id ORDER BY n DESC`,
);
const largest = accounts[0]!.id;
const cells = [...balanceTotals(), ...accounts.map((a) => balanceCells.account(a.id))];
// The header's cleared balance of the views the register bench shows: all accounts, one account.
for (const [name, filter] of [
  ['cleared-all', { 'account.closed': false }],
  [`cleared-${largest}`, { account: largest }],
] as const) {
  cells.push({
    name,
    query: q('transactions').filter(filter).filter({ cleared: true }).calculate({ $sum: '$amount' }).serialize(), // prettier-ignore
  });
}
for (const c of cells) await send('create-query', { sheetName: 'account', name: c.name, query: c.query }); // prettier-ignore
for (const c of cells) await send('get-cell', { sheetName: 'account', name: c.name }).catch(() => undefined); // prettier-ignore
await new Promise((r) => setTimeout(r, 500));

const rows = budget.sqlite.all<{ id: string; amount: number; category: string | null }>(
  `SELECT id, amount, category FROM transactions WHERE acct = ? AND tombstone = 0 AND isParent = 0
   AND isChild = 0 ORDER BY date DESC LIMIT 20`,
  [largest],
);
const cats = budget.sqlite.all<{ id: string }>(
  'SELECT id FROM categories WHERE tombstone = 0 AND is_income = 0 LIMIT 5',
);
const edits: { kind: string; refreshMs: number; deltasMs: number; saveMs: number; applyMs: Record<string, number> }[] = []; // prettier-ignore
for (let i = 0; i < 12; i++) {
  const row = rows[i % rows.length]!;
  const kind = i % 2 === 0 ? 'amount' : 'category';
  const change =
    kind === 'amount'
      ? { id: row.id, amount: row.amount + 100 + i }
      : { id: row.id, category: cats[i % cats.length]!.id };
  refreshMs = 0;
  deltasMs = 0;
  for (const k of Object.keys(applyMs)) applyMs[k] = 0;
  const u = process.cpuUsage();
  const res = await send('transaction-update', change);
  const d = process.cpuUsage(u);
  if (res && typeof res === 'object' && 'error' in res) throw new Error(JSON.stringify(res));
  edits.push({ kind, refreshMs: +refreshMs.toFixed(2), deltasMs: +deltasMs.toFixed(2), saveMs: +((d.user + d.system) / 1000).toFixed(2), applyMs: Object.fromEntries(Object.entries(applyMs).map(([k, v]) => [k, +v.toFixed(2)])) }); // prettier-ignore
}
// Each cell's read from the sums alone, CPU median of 9 (ms): what a write that moves it costs.
const readMs = Object.fromEntries(
  cells.map((c) => {
    const times: number[] = [];
    for (let i = 0; i < 9; i++) {
      const u = process.cpuUsage();
      readSums(budget, c.query);
      const d = process.cpuUsage(u);
      times.push((d.user + d.system) / 1000);
    }
    return [c.name, +times.sort((a, b) => a - b)[4]!.toFixed(2)];
  }),
);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const of = (kind: string, key: 'refreshMs' | 'deltasMs' | 'saveMs') =>
  median(edits.filter((e) => e.kind === kind).slice(1).map((e) => e[key])); // prettier-ignore
console.log(
  JSON.stringify({
    cells: cells.length,
    accounts: accounts.length,
    medianCpuMs: {
      amount: { refresh: of('amount', 'refreshMs'), deltas: of('amount', 'deltasMs'), save: of('amount', 'saveMs') }, // prettier-ignore
      category: { refresh: of('category', 'refreshMs'), deltas: of('category', 'deltasMs'), save: of('category', 'saveMs') }, // prettier-ignore
    },
    readMs,
    edits,
  }),
);
process.exit(0);
