import type { Budget } from '../budget-file/budget.ts';
import type { BudgetDb } from '../sync/budget-db.ts';

/** A payee as `payees-get` returns it (a transfer payee carries its account's name). */
export interface PayeeRow {
  id: string;
  name: string;
  category: string | null;
  transfer_acct: string | null;
  tombstone: number;
}

/**
 * Live payees, regular ones first and then by name (case-insensitive). A transfer payee shows
 * its account's name and disappears with its account.
 */
export function getPayees(budget: Budget): PayeeRow[] {
  return budget.sqlite.all<PayeeRow>(
    `SELECT p.id, COALESCE(a.name, p.name) AS name, p.category, p.transfer_acct, p.tombstone
     FROM payees p
     LEFT JOIN accounts a ON (p.transfer_acct = a.id AND a.tombstone = 0)
     WHERE p.tombstone = 0 AND (p.transfer_acct IS NULL OR a.id IS NOT NULL)
     ORDER BY p.transfer_acct IS NULL DESC, p.name COLLATE NOCASE, p.id`,
  );
}

export function getPayee(budget: Budget, id: string): PayeeRow | null {
  return (
    budget.sqlite.first<PayeeRow>(
      'SELECT id, name, category, transfer_acct, tombstone FROM payees WHERE id = ?',
      [id],
    ) ?? null
  );
}

/**
 * Live payees by lower-cased name, for resolving many names at once. Of two payees whose names
 * differ only in case the older row wins (table order), as Actual's name lookup takes the first
 * row of its scan.
 */
export function payeeNameIndex(budget: Budget): Map<string, string> {
  const index = new Map<string, string>();
  const rows = budget.sqlite.all<{ id: string; name: string }>(
    `SELECT id, name FROM payees WHERE tombstone = 0 AND name IS NOT NULL AND name != ''
     ORDER BY transfer_acct IS NOT NULL, rowid`,
  );
  // SQLite's LOWER folds only ASCII; JavaScript folds 'É' too.
  for (const row of rows) {
    const key = row.name.toLowerCase();
    if (!index.has(key)) index.set(key, row.id);
  }
  return index;
}

/** A live payee whose name matches, ignoring case; null if none. */
export function getPayeeByName(budget: Budget, name: string): string | null {
  return payeeNameIndex(budget).get(name.toLowerCase()) ?? null;
}

/** Write a new payee and its self-mapping row. Returns its id. */
export function insertPayee(
  db: BudgetDb,
  payee: { id?: string; name: string; transfer_acct?: string | null },
): string {
  return db.batch(() => {
    // No message for a column left at its SQL default (tombstone 0, no transfer account): an
    // import creating hundreds of payees sends half as many.
    const id = db.insert('payees', {
      id: payee.id,
      name: payee.name,
      ...(payee.transfer_acct ? { transfer_acct: payee.transfer_acct } : {}),
    });
    db.insert('payee_mapping', { id, targetId: id });
    return id;
  });
}

/** Live, non-transfer payees that no live transaction uses (through the merge mapping). */
export function orphanedPayeeIds(budget: Budget): string[] {
  return budget.sqlite
    .all<{ id: string }>(
      `SELECT p.id FROM payees p
       LEFT JOIN payee_mapping pm ON pm.id = p.id
       WHERE p.tombstone = 0 AND p.transfer_acct IS NULL
         AND (pm.targetId IS NULL OR pm.targetId NOT IN (
           SELECT payee FROM v_transactions_internal_alive WHERE payee IS NOT NULL))
       ORDER BY p.name COLLATE NOCASE, p.id`,
    )
    .map((r) => r.id);
}

/**
 * Which of these payees are orphaned (see orphanedPayeeIds), checking only them: one scan that
 * stops at the first live transaction using each, so a payee edit on a big budget stays cheap.
 */
export function orphanedAmong(budget: Budget, ids: Iterable<string>): string[] {
  const out: string[] = [];
  for (const id of new Set(ids)) {
    const payee = budget.sqlite.first<{ transfer_acct: string | null }>(
      'SELECT transfer_acct FROM payees WHERE id = ? AND tombstone = 0',
      [id],
    );
    if (!payee || payee.transfer_acct) continue;
    const used = budget.sqlite.first(
      `SELECT 1 FROM transactions t
       JOIN payee_mapping pm ON pm.id = t.description
       LEFT JOIN transactions parent ON (t.isChild = 1 AND parent.id = t.parent_id)
       WHERE pm.targetId = ? AND t.tombstone = 0 AND t.date IS NOT NULL AND t.acct IS NOT NULL
         AND (t.isChild = 0 OR (t.parent_id IS NOT NULL AND parent.tombstone = 0))
       LIMIT 1`,
      [id],
    );
    if (!used) out.push(id);
  }
  return out;
}

/**
 * The 'Starting Balance' payee (created when missing) and the income category opening
 * balances are booked to ('Starting Balances', else the oldest income category). The oldest,
 * not the first in the list: every Actual takes the table's first row (`rowid` order), and
 * two programs on one budget must book the same opening balance the same way.
 */
export function startingBalancePayee(budget: Budget): { id: string; category: string | null } {
  const category =
    budget.sqlite.first<{ id: string }>(
      `SELECT id FROM categories WHERE is_income = 1 AND LOWER(name) = 'starting balances'
       AND tombstone = 0 ORDER BY rowid`,
    ) ??
    budget.sqlite.first<{ id: string }>(
      'SELECT id FROM categories WHERE is_income = 1 AND tombstone = 0 ORDER BY rowid',
    );
  const existing = getPayeeByName(budget, 'Starting Balance');
  const id = existing ?? insertPayee(budget.db, { name: 'Starting Balance' });
  return { id, category: category?.id ?? null };
}
