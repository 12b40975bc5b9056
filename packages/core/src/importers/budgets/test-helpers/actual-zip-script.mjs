// Runs the real @actual-app/api 6.9 in its own process (its state is global).
//   node actual-zip-script.mjs export <dataDir> <out.zip>   build a budget, write its export zip
//   node actual-zip-script.mjs load <dataDir> <budgetId>    open a budget folder, print balances
// Prints one JSON line: { id, balances: { [account name]: cents } }.
import api from '@actual-app/api';
import { mkdirSync, writeFileSync } from 'node:fs';

const [mode, dataDir, arg] = process.argv.slice(2);
const send = (name, args) => api.internal.send(name, args);

async function balances() {
  const out = {};
  for (const a of await api.getAccounts()) {
    const txs = await api.getTransactions(a.id, '1900-01-01', '2999-12-31');
    out[a.name] = txs.reduce((sum, t) => sum + t.amount, 0);
  }
  return out;
}

mkdirSync(dataDir, { recursive: true });
await api.init({ dataDir });
if (mode === 'export') {
  await send('create-budget', { budgetName: 'Made By Actual', avoidUpload: true });
  const checking = await api.createAccount({ name: 'Checking' }, 123456);
  const savings = await api.createAccount({ name: 'Savings', offbudget: true }, 5000);
  const payees = await api.getPayees();
  const toSavings = payees.find((p) => p.transfer_acct === savings).id;
  const groups = await api.getCategoryGroups();
  const food = groups.flatMap((g) => g.categories ?? []).find((c) => !c.is_income).id;
  await api.addTransactions(
    checking,
    [
      { date: '2023-07-02', amount: -4321, payee_name: 'Grocer', category: food },
      { date: '2023-07-03', amount: -10000, payee: toSavings },
      {
        date: '2023-07-04',
        amount: -3000,
        payee_name: 'Market',
        subtransactions: [
          { amount: -1000, category: food },
          { amount: -2000, category: food },
        ],
      },
    ],
    { runTransfers: true },
  );
  await api.setBudgetAmount('2023-07', food, 25000);
  const res = await send('export-budget');
  writeFileSync(arg, Buffer.from(res.data));
  const { id } = await send('load-prefs');
  console.log(JSON.stringify({ id, balances: await balances() }));
} else {
  await api.loadBudget(arg);
  const month = await api.getBudgetMonth('2023-07');
  console.log(JSON.stringify({ balances: await balances(), budgeted: month.totalBudgeted }));
}
await api.shutdown();
