// Builds a seeded random budget with the real @actual-app/api (run as a child process: the API
// keeps global state) and records what Actual's getBudgetMonths/getBudgetMonth return for it,
// computed afresh on a reload, first as an envelope budget, then after switching to tracking.
//   node actual-budget-builder.mjs <dataDir> <out.json> [seed] [transactions]
import api from '@actual-app/api';
import Database from 'better-sqlite3';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dataDir, outFile, seedArg = '1', countArg = '20000'] = process.argv.slice(2);
const TX_COUNT = Number(countArg);
const MONTHS = 24;

let state = Number(seedArg) >>> 0 || 1;
/** mulberry32: a small seeded generator, so both runs see the same budget. */
function rand() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (list) => list[Math.floor(rand() * list.length)];
const chance = (p) => rand() < p;

const pad = (n) => String(n).padStart(2, '0');
const now = new Date();
const months = [];
for (let i = MONTHS - 1; i >= 0; i--) {
  const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
  months.push(`${d.getFullYear()}-${pad(d.getMonth() + 1)}`);
}
const day = (month) => `${month}-${pad(int(1, 28))}`;

const send = (name, args) => api.internal.send(name, args);
const t0 = Date.now();
const mark = (what) =>
  process.env.BUILDER_TIMING &&
  console.error(
    `${what}: ${Date.now() - t0} ms, cpu ${Math.round(process.cpuUsage().user / 1000)} ms`,
  );

/** Actual trusts its kvcache on reload; clearing the key makes the reload compute afresh. */
async function freshReload(id) {
  await api.shutdown();
  const db = new Database(join(dataDir, id, 'db.sqlite'));
  db.prepare('DELETE FROM kvcache_key').run();
  db.close();
  await api.init({ dataDir });
  await api.loadBudget(id);
}

async function collect() {
  const list = await api.getBudgetMonths();
  const data = [];
  for (const month of list) data.push(await api.getBudgetMonth(month));
  return { months: list, data };
}

await api.init({ dataDir });
const ids = { income: [], expense: [], groups: [], on: [], off: [] };
await api.runImport('Interop', async () => {
  const existing = await api.getCategoryGroups();
  const incomeGroup = existing.find((g) => g.is_income);
  ids.income.push(...incomeGroup.categories.map((c) => c.id));
  while (ids.income.length < 3) {
    ids.income.push(await api.createCategory({ name: `Income ${ids.income.length}`, group_id: incomeGroup.id })); // prettier-ignore
  }
  for (let g = 0; g < 5; g++) {
    ids.groups.push(await api.createCategoryGroup({ name: `Group ${g}`, hidden: g === 4 }));
  }
  for (let c = 0; ids.income.length + ids.expense.length < 30; c++) {
    ids.expense.push(await api.createCategory({ name: `Cat ${c}`, group_id: ids.groups[c % 5], hidden: c === 7 })); // prettier-ignore
  }
  ids.on.push(await api.createAccount({ name: 'Checking' }, 2500_00));
  ids.on.push(await api.createAccount({ name: 'Card' }, -300_00));
  ids.on.push(await api.createAccount({ name: 'Cash' }, 0));
  ids.off.push(await api.createAccount({ name: 'Savings', offbudget: true }, 10000_00));
  ids.off.push(await api.createAccount({ name: 'Broker', offbudget: true }, 0));

  const perAccount = new Map([...ids.on, ...ids.off].map((a) => [a, []]));
  for (let i = 0; i < TX_COUNT; i++) {
    const acct = chance(0.85) ? pick(ids.on) : pick(ids.off);
    const date = day(pick(months));
    const r = rand();
    let category = null;
    let amount = -int(1, 300_00);
    if (r < 0.07) amount = int(100_00, 4000_00);
    else if (r < 0.15) {
      category = pick(ids.income);
      amount = int(100_00, 4000_00);
    } else category = pick(ids.expense);
    if (chance(0.03)) {
      const parts = [-int(1, 100_00), -int(1, 100_00), chance(0.5) ? int(1, 50_00) : -int(1, 9_00)];
      const subtransactions = parts.map((a) => ({ amount: a, category: chance(0.1) ? null : pick(ids.expense) })); // prettier-ignore
      const total = parts.reduce((s, a) => s + a, 0);
      perAccount.get(acct).push({ date, amount: total, subtransactions });
    } else {
      perAccount.get(acct).push({ date, amount, category });
    }
  }
  mark('structure');
  for (const [acct, list] of perAccount) await api.addTransactions(acct, list);
  mark('transactions');

  // Transfers to off-budget accounts keep their category and count as spending.
  const payees = await api.getPayees();
  for (const off of ids.off) {
    const payee = payees.find((p) => p.transfer_acct === off).id;
    const list = [];
    for (let i = 0; i < 20; i++) list.push({ date: day(pick(months)), amount: -int(1_00, 500_00), payee, category: pick(ids.expense) }); // prettier-ignore
    await api.addTransactions(pick(ids.on), list, { runTransfers: true });
  }

  mark('transfers');
  for (const month of months) {
    for (const cat of ids.expense) {
      if (chance(0.6)) await api.setBudgetAmount(month, cat, int(0, 400_00));
    }
  }
  for (let i = 0; i < 8; i++) await api.setBudgetCarryover(pick(months), pick(ids.expense), chance(0.8)); // prettier-ignore
});

mark('import');
// The budget is open and computed: holds need a live To Budget.
for (let i = 0; i < 10; i++) {
  await send('budget/hold-for-next-month', { month: pick(months), amount: int(1_00, 2000_00) });
}
await send('budget/reset-hold', { month: pick(months) });
// Plain rows only: Actual 6.9's updateTransaction fails on a split parent's date change.
const plain = api.q('transactions').filter({ is_parent: false, transfer_id: null });
const txs = (await api.runQuery(plain.select(['id']).options({ splits: 'none' }))).data;
for (let i = 0; i < 60; i++) {
  const id = txs.splice(Math.floor(rand() * txs.length), 1)[0].id;
  if (chance(0.5)) await api.deleteTransaction(id);
  else await api.updateTransaction(id, { amount: -int(1, 300_00), category: pick(ids.expense), date: day(pick(months)) }); // prettier-ignore
}
const gone = ids.expense.splice(3, 2);
await send('category-delete', { id: gone[0], transferId: ids.expense[0] });
await send('category-delete', { id: gone[1], transferId: ids.expense[1] });
await send('category-move', { id: ids.expense[5], groupId: ids.groups[0], targetId: null });

mark('edits');
const id = readdirSync(dataDir).find((d) => d.startsWith('Interop'));
await freshReload(id);
const rollover = await collect();
mark('rollover');

await send('budget-set-type', { type: 'report' });
for (const month of months.slice(-6)) {
  for (const cat of [...ids.income, ...ids.expense.slice(0, 6)]) {
    await api.setBudgetAmount(month, cat, int(0, 3000_00));
  }
}
await api.setBudgetCarryover(months[20], ids.expense[2], true);
await freshReload(id);
const report = await collect();
mark('report');
await api.shutdown();

writeFileSync(outFile, JSON.stringify({ id, dir: join(dataDir, id), rollover, report }));
