// The budget both web apps open: made by the real @actual-app/api with bench/budget's builder
// (categories and accounts through the API, then seeded transactions and budget rows straight
// into SQLite), then uploaded by Actual's API to each sync server, so both apps download the
// very same file. Each step runs in its own child process (Actual's API state is global):
//   node bench/web/budget.mjs make <dir> <transactions> [months] [payees]   → {"id": ...}
//   node bench/web/budget.mjs upload <dir> <id> <url> <password>
//   node bench/web/budget.mjs made <dir>   → {"id": ..., "checkingCents": ...} of a budget made before
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { budgetDbPath, createActualBudget, fillBudget } from '../budget/budget-file.mjs';

const require = createRequire(import.meta.url);

/** What the sidebar must show once the budget is open: the Checking balance, en-US format. */
function checkingBalance(dbPath) {
  const Database = require('better-sqlite3');
  const db = new Database(dbPath, { readonly: true });
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(t.amount), 0) AS cents FROM transactions t
       JOIN accounts a ON a.id = t.acct
       WHERE a.name = 'Checking' AND t.tombstone = 0 AND t.isParent = 0`,
    )
    .get();
  db.close();
  return row.cents;
}

async function upload(dir, id, serverURL, password) {
  const api = require('@actual-app/api');
  await api.init({ dataDir: dir, serverURL, password });
  const up = await api.internal.send('upload-budget', { id });
  if (up?.error) throw new Error(`upload failed: ${JSON.stringify(up.error)}`);
  await api.shutdown();
}

const [step, dir, ...rest] = process.argv.slice(2);
const print = console.log.bind(console);
if (step === 'make') {
  const id = await createActualBudget(dir);
  fillBudget(budgetDbPath(dir, id), Number(rest[0]), {
    months: Number(rest[1] ?? 24),
    payees: Number(rest[2] ?? 0),
  });
  print(JSON.stringify({ id, checkingCents: checkingBalance(budgetDbPath(dir, id)) }));
} else if (step === 'made') {
  const id = readdirSync(dir).find((d) => d.startsWith('BudgetBench'));
  if (!id) throw new Error(`no BudgetBench-* folder in ${dir}`);
  // bench/scale's copy has an empty metadata.json, and a budget Coffer has opened may carry its
  // id as its name: the name the benches look for in the file lists is given back.
  const meta = join(dir, id, 'metadata.json');
  const kept = readFileSync(meta, 'utf8').trim();
  if (!kept || JSON.parse(kept).budgetName !== 'BudgetBench') {
    writeFileSync(meta, JSON.stringify({ ...(kept ? JSON.parse(kept) : {}), id, budgetName: 'BudgetBench' })); // prettier-ignore
  }
  print(JSON.stringify({ id, checkingCents: checkingBalance(budgetDbPath(dir, id)) }));
} else if (step === 'upload') {
  console.log = () => {};
  await upload(dir, ...rest);
  print(JSON.stringify({ uploaded: rest[1] }));
} else {
  console.error('usage: node bench/web/budget.mjs make|upload ...');
  process.exit(2);
}
