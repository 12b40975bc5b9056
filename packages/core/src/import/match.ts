import type { Budget } from '../budget-file/budget.ts';
import { addDaysTo } from '../recurrence/index.ts';
import { type StoredTx, fromDateInt, toDateInt } from '../transactions/model.ts';
import type { Normalized } from './normalize.ts';

/** A transaction already in the account, as matching and updating need it. */
export interface Existing {
  id: string;
  is_child: number;
  date: number;
  amount: number;
  imported_id: string | null;
  imported_payee: string | null;
  notes: string | null;
  cleared: number | null;
  /** The live payee and category, through merges; null when deleted. */
  payee: string | null;
  category: string | null;
  /** The whole stored row, so the write that updates it need not read it again. */
  row: StoredTx;
}

/**
 * Why an imported transaction matched an existing one: the bank's own id for it, or the same
 * amount dated within the window, with the same payee (the second pass) or any payee (the
 * third).
 */
export type MatchReason = 'imported-id' | 'payee-amount-date' | 'amount-date';

export interface Match {
  row: Existing;
  reason: MatchReason;
}

/** How far before and after an imported date a same-amount transaction may match. */
export const MATCH_DAYS_BEFORE = 4;
export const MATCH_DAYS_AFTER = 1;

type LoadedRow = StoredTx & { live_payee: string | null; live_category: string | null };

/**
 * Every transaction of the account that could match the import, in one query, in register
 * order (newest first), so "the first candidate" means what it does in the register: those
 * with an imported id, and those dated within the import's matching window. The rows are read
 * whole (the stored columns, plus the live payee and category through the mappings, as
 * `v_transactions` shows them) and the filter is `v_transactions_internal_alive`'s.
 */
function loadExisting(budget: Budget, accountId: string, items: readonly Normalized[]): Existing[] {
  let min = items[0]!.trans.date;
  let max = min;
  for (const { trans } of items) {
    if (trans.date < min) min = trans.date;
    if (trans.date > max) max = trans.date;
  }
  const rows = budget.sqlite.all<LoadedRow>(
    `${budget.db.columns.rowsSql(
      'transactions',
      'p.id AS live_payee, CASE WHEN t.isParent = 1 THEN NULL ELSE c.id END AS live_category',
    )}
     LEFT JOIN transactions parent ON (t.isChild = 1 AND parent.id = t.parent_id)
     LEFT JOIN payee_mapping pm ON pm.id = t.description
     LEFT JOIN payees p ON (p.id = pm.targetId AND p.tombstone = 0)
     LEFT JOIN category_mapping cm ON cm.id = t.category
     LEFT JOIN categories c ON (c.id = cm.transferId AND c.tombstone = 0)
     WHERE t.acct = ? AND t.date IS NOT NULL AND IFNULL(t.tombstone, 0) = 0
       AND (t.isChild = 0 OR (t.parent_id IS NOT NULL AND parent.tombstone = 0))
       AND (t.financial_id IS NOT NULL OR (t.date >= ? AND t.date <= ?))
     ORDER BY t.date DESC, t.starting_balance_flag, t.sort_order DESC, t.id`,
    [
      accountId,
      toDateInt(addDaysTo(min, -MATCH_DAYS_BEFORE)),
      toDateInt(addDaysTo(max, MATCH_DAYS_AFTER)),
    ],
  );
  // The row stays as read, its two live_* columns included (the store never writes columns
  // it was not asked to): copying 15,000 rows without them cost more than the query.
  return rows.map((row) => ({
    id: row.id,
    is_child: Number(row.isChild),
    date: Number(row.date),
    amount: Number(row.amount ?? 0),
    imported_id: (row.financial_id as string | null) ?? null,
    imported_payee: (row.imported_description as string | null) ?? null,
    notes: (row.notes as string | null) ?? null,
    cleared: row.cleared === null || row.cleared === undefined ? null : Number(row.cleared),
    payee: row.live_payee,
    category: row.live_category,
    row,
  }));
}

/**
 * Pairs imported transactions with existing ones, each existing one at most once, in three
 * passes so a better match always wins over a weaker one made for an earlier row:
 * 1. the same imported id in this account;
 * 2. same amount, dated 4 days before to 1 day after, same payee (first in register order);
 * 3. the same window and amount, any payee.
 * Returns the match of each imported transaction (or null) and why it matched, by index.
 * Rows in `unmatchable` are left out.
 */
export function matchExisting(
  budget: Budget,
  accountId: string,
  items: readonly Normalized[],
  unmatchable?: ReadonlySet<string>,
): (Match | null)[] {
  if (items.length === 0) return [];
  // Rows a bank sync settles itself (pending rows that posted or went) are no one's match.
  const loaded = loadExisting(budget, accountId, items);
  const rows = unmatchable?.size ? loaded.filter((r) => !unmatchable.has(r.id)) : loaded;
  const byImportedId = new Map<string, Existing>();
  const byAmount = new Map<number, Existing[]>();
  for (const row of rows) {
    if (row.imported_id !== null && !byImportedId.has(row.imported_id)) {
      byImportedId.set(row.imported_id, row);
    }
    if (row.is_child === 1) continue;
    let list = byAmount.get(row.amount);
    if (!list) byAmount.set(row.amount, (list = []));
    list.push(row);
  }

  const claimed = new Set<string>();
  const matches: (Match | null)[] = items.map(({ trans }) => {
    const row = trans.imported_id ? byImportedId.get(trans.imported_id) : undefined;
    if (!row) return null;
    claimed.add(row.id);
    return { row, reason: 'imported-id' };
  });

  // The fuzzy candidates are fixed before the fuzzy passes, from the account as it was.
  // A file has far fewer days than rows: each day's window is worked out once.
  const windows = new Map<string, readonly [from: number, to: number]>();
  const windowOf = (date: string) => {
    let window = windows.get(date);
    if (!window) {
      window = [
        toDateInt(addDaysTo(date, -MATCH_DAYS_BEFORE)),
        toDateInt(addDaysTo(date, MATCH_DAYS_AFTER)),
      ];
      windows.set(date, window);
    }
    return window;
  };
  const candidates = items.map(({ trans }, i) => {
    if (matches[i]) return null;
    const list = byAmount.get(trans.amount || 0);
    if (!list) return null;
    const [from, to] = windowOf(trans.date);
    return list.filter((row) => row.date >= from && row.date <= to);
  });
  const pass = (reason: MatchReason, accept: (row: Existing, i: number) => boolean) => {
    candidates.forEach((list, i) => {
      if (!list || matches[i]) return;
      const row = list.find((r) => !claimed.has(r.id) && accept(r, i));
      if (row) {
        claimed.add(row.id);
        matches[i] = { row, reason };
      }
    });
  };
  pass('payee-amount-date', (row, i) => row.payee === items[i]!.trans.payee);
  pass('amount-date', () => true);
  return matches;
}

/** The existing transaction's fields in the public form the update compares against. */
export function existingFields(row: Existing) {
  return {
    date: fromDateInt(row.date),
    imported_id: row.imported_id,
    payee: row.payee,
    category: row.category,
    imported_payee: row.imported_payee,
    notes: row.notes,
    cleared: row.cleared === 1,
  };
}
