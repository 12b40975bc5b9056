// Runs an import scenario (see scenario.ts) through the real @actual-app/api, in its own
// process because the API keeps global state. Prints the outcome as JSON on the last line.
//   node actual-import.mjs <dataDir> <scenario.json>
import api from '@actual-app/api';
import { mkdirSync, readFileSync } from 'node:fs';

const [dataDir, scenarioFile] = process.argv.slice(2);
const scenario = JSON.parse(readFileSync(scenarioFile, 'utf8'));
// Actual logs every step; stdout is for the result.
const print = console.log.bind(console);
console.log = () => {};
console.info = () => {};
console.warn = () => {};

function resolveNames(value, ids) {
  if (typeof value === 'string') {
    const m = /^@(payee|category):(.*)$/.exec(value);
    if (!m) return value;
    const id = ids[m[1]].get(m[2]);
    if (!id) throw new Error(`Unknown ${value}`);
    return id;
  }
  if (Array.isArray(value)) return value.map((v) => resolveNames(v, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveNames(v, ids)]));
  }
  return value;
}

mkdirSync(dataDir, { recursive: true });
await api.init({ dataDir });
await api.internal.send('create-budget', { budgetName: 'Import interop', avoidUpload: true });
const account = await api.createAccount({ name: 'Checking' }, 0);
const group = await api.createCategoryGroup({ name: 'Spending' });
const ids = { payee: new Map(), category: new Map() };
for (const name of scenario.categories) {
  ids.category.set(name, await api.createCategory({ name, group_id: group }));
}
for (const name of scenario.payees) ids.payee.set(name, await api.createPayee({ name }));

await api.addTransactions(
  account,
  scenario.existing.map(({ category, ...t }) =>
    category ? { ...t, category: ids.category.get(category) } : t,
  ),
);
for (const rule of scenario.rules) {
  const result = await api.internal.send('rule-add', resolveNames(rule, ids));
  if (result.error) throw new Error(`Rule refused: ${JSON.stringify(result.error)}`);
}
const imported = await api.importTransactions(account, scenario.incoming);

const payees = await api.getPayees();
const categories = await api.getCategories();
const payeeName = new Map(payees.map((p) => [p.id, p.name]));
const categoryName = new Map(categories.map((c) => [c.id, c.name]));
const transactions = (await api.getTransactions(account, '2000-01-01', '2100-01-01')).map((t) =>
  JSON.stringify([
    t.date,
    t.amount,
    payeeName.get(t.payee) ?? null,
    categoryName.get(t.category) ?? null,
    t.notes ?? null,
    t.imported_id ?? null,
    t.imported_payee ?? null,
    Boolean(t.cleared),
  ]),
);
print(
  JSON.stringify({
    added: imported.added.length,
    updated: imported.updated.length,
    errors: imported.errors ?? [],
    transactions: transactions.sort(),
    payees: payees
      .filter((p) => !p.transfer_acct)
      .map((p) => p.name)
      .sort(),
  }),
);
await api.shutdown();
