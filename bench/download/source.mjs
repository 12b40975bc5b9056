// The device that owns the budget before the new device joins: the real @actual-app/api makes
// the file (bench/budget's builder: categories and accounts through the API, then seeded
// transactions, splits and budget rows straight into SQLite), uploads it to the sync server,
// then keeps editing — the tail a new device has to catch up on. Runs in a child process
// (Actual's API state is global).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { budgetDbPath, createActualBudget, fillBudget } from '../budget/budget-file.mjs';

const require = createRequire(import.meta.url);

/**
 * 200 payees (with their mapping rows), each plain transaction given one, so the file has
 * payees as real budgets do. Straight into SQLite, like the transactions themselves.
 */
function addPayees(dbPath) {
  const Database = require('better-sqlite3');
  const db = new Database(dbPath);
  const ids = Array.from({ length: 200 }, (_, i) => `bench-payee-${String(i).padStart(3, '0')}`);
  db.transaction(() => {
    const payee = db.prepare('INSERT INTO payees (id, name, tombstone) VALUES (?, ?, 0)');
    const mapping = db.prepare('INSERT INTO payee_mapping (id, targetId) VALUES (?, ?)');
    ids.forEach((id, i) => {
      payee.run(id, `Payee ${i}`);
      mapping.run(id, id);
    });
    // Split parents and their children keep no payee, as in the budget benchmark's file.
    db.prepare(
      `UPDATE transactions SET description = 'bench-payee-' || substr('00' || (abs(sort_order) % 200), -3)
       WHERE isParent = 0 AND isChild = 0`,
    ).run();
  })();
  db.close();
}

/** Existing plain transactions to edit in the tail: spread over the file, stable order. */
function pickExisting(dbPath, count) {
  const Database = require('better-sqlite3');
  const db = new Database(dbPath, { readonly: true });
  const rows = db
    .prepare(
      `SELECT id, amount FROM transactions WHERE isParent = 0 AND isChild = 0 AND tombstone = 0
       ORDER BY id LIMIT ?`,
    )
    .all(count);
  db.close();
  return rows;
}

/** Step 1 (own process): Actual's budget with `count` transactions and payees. */
export async function makeBudget(dir, count) {
  const id = await createActualBudget(dir);
  const dbPath = budgetDbPath(dir, id);
  fillBudget(dbPath, count);
  addPayees(dbPath);
  return id;
}

/**
 * Step 2 (own process): upload the file, sync, then the tail — new transactions (an import),
 * edits and deletions of old ones, a new payee and a renamed category — and sync again.
 * Returns the cloud ids and the number of tail changes.
 */
export async function uploadAndEdit(dir, id, serverURL, password, tailSize) {
  const api = require('@actual-app/api');
  await api.init({ dataDir: dir, serverURL, password });
  let t = performance.now();
  await api.loadBudget(id);
  const up = await api.internal.send('upload-budget');
  if (up?.error) throw new Error(`upload failed: ${JSON.stringify(up.error)}`);
  await api.sync();

  const accounts = await api.getAccounts();
  const checking = accounts.find((a) => a.name === 'Checking');
  const categories = await api.getCategories();
  const expense = categories.filter((c) => !c.is_income);
  const payee = await api.createPayee({ name: 'Joined later' });
  const phases = {};
  const lap = (name) => {
    phases[name] = Math.round(performance.now() - t);
    t = performance.now();
  };
  lap('upload');
  const added = Math.round(tailSize * 0.7);
  const edited = Math.round(tailSize * 0.24);
  const deleted = tailSize - added - edited;
  const today = new Date();
  const day = (i) =>
    new Date(today.getFullYear(), today.getMonth(), 1 + (i % 28)).toISOString().slice(0, 10);
  const existing = pickExisting(budgetDbPath(dir, id), edited + deleted);
  // One batch, as the app's bulk edit sends it: with 100,000 transactions Actual spends about a
  // second recomputing after each single edit.
  const res = await api.internal.send('transactions-batch-update', {
    added: Array.from({ length: added }, (_, i) => ({
      id: randomUUID(),
      account: checking.id,
      date: day(i),
      amount: -(1000 + ((i * 7919) % 90000)),
      payee,
      category: expense[i % expense.length].id,
      notes: `tail ${i}`,
    })),
    updated: existing
      .slice(0, edited)
      .map((tx, i) => ({ id: tx.id, amount: tx.amount - 100 - i, notes: `edited ${i}` })),
    deleted: existing.slice(edited).map((tx) => ({ id: tx.id })),
  });
  if (res?.error) throw new Error(`the tail failed: ${JSON.stringify(res.error)}`);
  await api.updateCategory(expense[0].id, { name: `${expense[0].name} (renamed)` });
  lap('edited');
  await api.sync();
  lap('synced');
  await api.shutdown();
  const meta = JSON.parse(readFileSync(join(dir, id, 'metadata.json'), 'utf8'));
  return { groupId: meta.groupId, fileId: meta.cloudFileId, added, edited, deleted, phases };
}
