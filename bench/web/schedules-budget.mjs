// Adds schedules to the web benchmark's budget (made by bench/web/budget.mjs), through the real
// @actual-app/api in its own child process, before the budget is uploaded to both servers:
//   node bench/web/schedules-budget.mjs <dir> <id> <schedules> <recurring payees>
// - <recurring payees> payees, each paid the same amount on the same day of every month for
//   the last 24 months in Checking, with no schedule: what "Find schedules" should find;
// - <schedules> monthly schedules named "Bench 01", "Bench 02"... on their own payees.
// Prints {"schedules": n, "recurring": n, "firstSchedule": "Bench 01", "firstFound": name}.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const api = require('@actual-app/api');

const [dir, id, schedulesArg, recurringArg] = process.argv.slice(2);
const SCHEDULES = Number(schedulesArg ?? 20);
const RECURRING = Number(recurringArg ?? 6);
const pad = (n) => String(n).padStart(2, '0');
const print = console.log.bind(console);
console.log = () => {};

await api.init({ dataDir: dir });
await api.loadBudget(id);
const accounts = await api.getAccounts();
const checking = accounts.find((a) => a.name === 'Checking').id;
const now = new Date();
const day = (monthsBack, d) => {
  const date = new Date(now.getFullYear(), now.getMonth() - monthsBack, d);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

for (let p = 1; p <= RECURRING; p++) {
  const payee = await api.createPayee({ name: `Recurring ${pad(p)}` });
  const transactions = [];
  // From last month back, so no payment lies in the future.
  for (let m = 1; m <= 24; m++) {
    transactions.push({ date: day(m, 2 + p), amount: -1000 * (10 + p), payee });
  }
  await api.addTransactions(checking, transactions);
}

for (let s = 1; s <= SCHEDULES; s++) {
  const payee = await api.createPayee({ name: `Scheduled payee ${pad(s)}` });
  const result = await api.internal.send('schedule/create', {
    schedule: { name: `Bench ${pad(s)}`, posts_transaction: false },
    conditions: [
      { op: 'is', field: 'payee', value: payee },
      { op: 'is', field: 'account', value: checking },
      { op: 'isapprox', field: 'amount', value: -2500 * s },
      {
        op: 'isapprox',
        field: 'date',
        // Day s of the month from next month on: "Bench 01" comes first in both lists.
        value: {
          start: day(-1, s),
          frequency: 'monthly',
          interval: 1,
          patterns: [],
          skipWeekend: false,
          weekendSolveMode: 'after',
          endMode: 'never',
          endOccurrences: 1,
          endDate: day(-1, s),
        },
      },
    ],
  });
  if (result && typeof result === 'object' && 'error' in result) {
    throw new Error(`schedule/create failed: ${JSON.stringify(result)}`);
  }
}
await api.shutdown();
print(
  JSON.stringify({
    schedules: SCHEDULES,
    recurring: RECURRING,
    firstSchedule: 'Bench 01',
    firstFound: 'Recurring 01',
  }),
);
