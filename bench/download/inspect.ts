// What "downloaded and caught up correctly" means, read straight from each device's db.sqlite:
// account balances, a digest of the synced contents, and the merkle of the message clock.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';

export interface BudgetState {
  balances: Record<string, number>;
  transactions: number;
  /** sha256 of the rows both apps keep, table by table, in a fixed order. */
  digest: Record<string, string>;
  merkleHash: number;
  messages: number;
}

/** Columns both apps store the same way (newer optional columns are left out). */
const TABLES: Record<string, string> = {
  transactions:
    'id, acct, category, amount, description, notes, date, isParent, isChild, parent_id, tombstone, cleared',
  accounts: 'id, name, offbudget, closed, tombstone',
  categories: 'id, name, cat_group, is_income, hidden, tombstone',
  category_groups: 'id, name, is_income, tombstone',
  payees: 'id, name, transfer_acct, tombstone',
  zero_budgets: 'id, month, category, amount, carryover',
};

export function inspectBudget(dbPath: string): BudgetState {
  const db = new Database(dbPath, { readonly: true });
  try {
    const balances: Record<string, number> = {};
    const rows = db
      .prepare(
        `SELECT a.name, COALESCE(SUM(t.amount), 0) AS total FROM accounts a
         LEFT JOIN transactions t ON t.acct = a.id AND t.tombstone = 0 AND t.isParent = 0
         WHERE a.tombstone = 0 GROUP BY a.id ORDER BY a.name`,
      )
      .all() as Array<{ name: string; total: number }>;
    for (const r of rows) balances[r.name] = r.total;
    const digest: Record<string, string> = {};
    for (const [table, columns] of Object.entries(TABLES)) {
      const hash = createHash('sha256');
      for (const row of db.prepare(`SELECT ${columns} FROM ${table} ORDER BY id`).raw().iterate()) {
        hash.update(JSON.stringify(row));
        hash.update('\n');
      }
      digest[table] = hash.digest('hex').slice(0, 16);
    }
    const clock = db.prepare('SELECT clock FROM messages_clock').get() as { clock: string };
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      balances,
      transactions: count(
        'SELECT COUNT(*) AS n FROM transactions WHERE tombstone = 0 AND isParent = 0',
      ),
      digest,
      merkleHash: (JSON.parse(clock.clock) as { merkle: { hash?: number } }).merkle.hash ?? 0,
      messages: count('SELECT COUNT(*) AS n FROM messages_crdt'),
    };
  } finally {
    db.close();
  }
}

/** Where two states differ, in words; empty when they agree. */
export function differences(a: BudgetState, b: BudgetState): string[] {
  const out: string[] = [];
  if (JSON.stringify(a.balances) !== JSON.stringify(b.balances)) {
    out.push(`balances ${JSON.stringify(a.balances)} vs ${JSON.stringify(b.balances)}`);
  }
  if (a.transactions !== b.transactions) {
    out.push(`transactions ${a.transactions} vs ${b.transactions}`);
  }
  for (const table of Object.keys(TABLES)) {
    if (a.digest[table] !== b.digest[table]) out.push(`${table} rows differ`);
  }
  if (a.merkleHash !== b.merkleHash) out.push(`merkle ${a.merkleHash} vs ${b.merkleHash}`);
  return out;
}
