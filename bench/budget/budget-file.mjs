// Makes the benchmark budget: created by the real @actual-app/api (categories, accounts, so the
// file is Actual's own), then filled with seeded transactions and budget rows straight into
// SQLite, which is far faster than any API and gives both sides the same bytes to open.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * In a child process: a fresh Actual budget with 30 categories and 4 accounts, or as many as
 * asked (the 1,000,000-transaction budget of issue 30 has 100 and 50: `{categories, accounts}`).
 */
export async function createActualBudget(dataDir, { categories = 30, accounts = 4 } = {}) {
  const api = require('@actual-app/api');
  console.log = () => {};
  await api.init({ dataDir });
  await api.internal.send('create-budget', { budgetName: 'BudgetBench', avoidUpload: true });
  const groups = await api.getCategoryGroups();
  const income = groups.find((g) => g.is_income);
  const expense = groups.filter((g) => !g.is_income);
  let total = (await api.getCategories()).length;
  for (let i = 0; total < categories; i++, total++) {
    await api.createCategory({ name: `Extra ${i}`, group_id: expense[i % expense.length].id });
  }
  await api.createCategory({ name: 'Side income', group_id: income.id });
  await api.createAccount({ name: 'Checking' }, 0);
  await api.createAccount({ name: 'Card' }, 0);
  await api.createAccount({ name: 'Cash' }, 0);
  await api.createAccount({ name: 'Savings', offbudget: true }, 0);
  for (let i = 4; i < accounts; i++) {
    await api.createAccount({ name: `Account ${i + 1}`, offbudget: i % 10 === 9 }, 0);
  }
  await api.shutdown();
  return readdirSync(dataDir).find((d) => d.startsWith('BudgetBench'));
}

/**
 * Seeded rows: `count` transactions over the `months` months up to now (3% splits), budgets.
 * With `payees`, that many payees are made and every transaction gets one (the reports
 * benchmark groups by payee); without, the rows are exactly what they always were.
 */
export function fillBudget(
  dbPath,
  count,
  { months: monthCount = 24, payees = 0, notes = false } = {},
) {
  const Database = require('better-sqlite3');
  const db = new Database(dbPath);
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = (list) => list[Math.floor(rand() * list.length)];
  // By group: a category the API adds to the income group is still stored with is_income = 0.
  const cats = db
    .prepare(
      `SELECT c.id, g.is_income FROM categories c JOIN category_groups g ON g.id = c.cat_group
       WHERE c.tombstone = 0`,
    )
    .all();
  const income = cats.filter((c) => c.is_income).map((c) => c.id);
  const expense = cats.filter((c) => !c.is_income).map((c) => c.id);
  const accounts = db.prepare('SELECT id, offbudget FROM accounts WHERE tombstone = 0').all();
  const now = new Date();
  const months = [];
  for (let i = monthCount - 1; i >= 0; i--) {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    months.push(d.getFullYear() * 100 + d.getMonth() + 1);
  }
  const insert = db.prepare(
    `INSERT INTO transactions (id, acct, category, amount, date, isParent, isChild, parent_id,
       sort_order, tombstone, cleared, description, notes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?)`,
  );
  // With `notes`, one row in seven gets one of 500 notes (drawing nothing, so the rows stay the
  // same): what the register's search finds through its notes index.
  const noteOf = (i) => (notes && i % 7 === 0 ? `Receipt ${i % 500} kept` : null);
  const payeeIds = [];
  const addPayee = db.prepare('INSERT INTO payees (id, name, tombstone) VALUES (?, ?, 0)');
  const mapPayee = db.prepare('INSERT INTO payee_mapping (id, targetId) VALUES (?, ?)');
  const budget = db.prepare(
    'INSERT OR REPLACE INTO zero_budgets (id, month, category, amount, carryover) VALUES (?, ?, ?, ?, 0)',
  );
  db.transaction(() => {
    for (let i = 0; i < payees; i++) {
      const id = randomUUID();
      addPayee.run(id, `Payee ${i + 1}`);
      mapPayee.run(id, id);
      payeeIds.push(id);
    }
    // Drawn after the row's other values, so a budget without payees keeps its old rows.
    const payeeOf = () => (payeeIds.length > 0 ? pick(payeeIds) : null);
    for (let i = 0; i < count; i++) {
      const acct = pick(accounts).id;
      const date = pick(months) * 100 + 1 + Math.floor(rand() * 28);
      const id = randomUUID();
      if (i % 33 === 0) {
        const parts = [-Math.floor(rand() * 5000) - 1, -Math.floor(rand() * 5000) - 1];
        const payee = payeeOf();
        insert.run(id, acct, null, parts[0] + parts[1], date, 1, 0, null, i, payee, noteOf(i));
        for (const amount of parts) {
          insert.run(randomUUID(), acct, pick(expense), amount, date, 0, 1, id, i, payee, null);
        }
      } else if (i % 10 === 0) {
        const category = pick(income);
        const amount = Math.floor(rand() * 400000);
        insert.run(id, acct, category, amount, date, 0, 0, null, i, payeeOf(), noteOf(i));
      } else {
        const category = i % 25 === 0 ? null : pick(expense);
        const amount = -Math.floor(rand() * 20000) - 1;
        insert.run(id, acct, category, amount, date, 0, 0, null, i, payeeOf(), noteOf(i));
      }
    }
    for (const m of months) {
      for (const c of expense) budget.run(`${m}-${c}`, m, c, Math.floor(rand() * 50000));
    }
    // Neither side may start from a cache computed before the rows were added.
    db.prepare('DELETE FROM kvcache').run();
    db.prepare('DELETE FROM kvcache_key').run();
  })();
  /** Plain on-budget rows in a middle month, for the edit benchmark. */
  const month = months[12];
  const editable = db
    .prepare(
      `SELECT t.id, t.category, t.amount FROM transactions t JOIN accounts a ON a.id = t.acct
       WHERE a.offbudget = 0 AND t.isParent = 0 AND t.isChild = 0 AND t.category IS NOT NULL
         AND t.date / 100 = ? AND t.category IN (${expense.map(() => '?').join(',')})
       ORDER BY t.id LIMIT 200`,
    )
    .all(month, ...expense);
  db.close();
  return {
    month: `${String(month).slice(0, 4)}-${String(month).slice(4)}`,
    edits: editable,
  };
}

export function budgetDbPath(dataDir, id) {
  return join(dataDir, id, 'db.sqlite');
}
