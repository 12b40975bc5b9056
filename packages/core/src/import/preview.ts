import type { Budget } from '../budget-file/budget.ts';
import { fromDateInt } from '../transactions/model.ts';
import type { MatchReason } from './match.ts';
import type { ImportTransaction } from './normalize.ts';
import { PreviewMemoSlot } from './preview-memo.ts';
import { prepareImport } from './reconcile.ts';

/** The existing transaction an imported one matched, as the import modal shows it. */
export interface PreviewMatch {
  id: string;
  reason: MatchReason;
  date: string;
  amount: number;
  payee: string | null;
  /** The payee's name (a transfer payee's is its account's). */
  payeeName: string | null;
  notes: string | null;
  importedId: string | null;
}

export interface PreviewRow {
  /** add: a new transaction; update: matched, and the import changes it; skip: matched as is. */
  outcome: 'add' | 'update' | 'skip';
  /** The payee after the rules ran: an existing payee's id, or null for a new one. */
  payee: string | null;
  /** The payee's name as it will be written (a new payee's name too). */
  payeeName: string | null;
  /** The category after the rules ran (or the file's, resolved by name). */
  category: string | null;
  match?: PreviewMatch;
  /** The fields the import changes on the match (date, cleared, imported_id...). */
  changes?: string[];
}

export interface PreviewResult {
  errors: { message: string }[];
  /** One row per transaction given, in the same order. */
  transactions: PreviewRow[];
  /**
   * Names this preview to `transactions-import` (`previewToken`), which then imports what the
   * preview worked out instead of reading the rows again, if the budget has not changed since
   * and the rows are the same. Null when the preview failed.
   */
  previewToken: string | null;
}

/**
 * What `transactions-import` would do with these transactions, without writing anything: each
 * one is added, or matched to an existing transaction (said which, and why) that the import
 * would update or leave as it is. Rules run as they would, so the payee and category shown
 * are the ones that would be written.
 */
export function previewImport(
  budget: Budget,
  accountId: string,
  transactions: readonly ImportTransaction[],
): PreviewResult {
  const prepared = prepareImport(budget, accountId, transactions);
  if ('error' in prepared) {
    return { errors: [{ message: prepared.error }], transactions: [], previewToken: null };
  }
  const { items, matches, updates, newPayees } = prepared;

  const newNames = new Map([...newPayees.values()].map((p) => [p.id, p.name]));
  const wanted = new Set<string>();
  for (const { trans } of items)
    if (trans.payee && !newNames.has(trans.payee)) wanted.add(trans.payee);
  for (const match of matches) if (match?.row.payee) wanted.add(match.row.payee);
  const names = payeeNames(budget, wanted);
  const nameOf = (id: string | null | undefined) =>
    id ? (newNames.get(id) ?? names.get(id) ?? null) : null;

  const rows = items.map(({ trans }, i): PreviewRow => {
    const match = matches[i];
    const isNew = !!trans.payee && newNames.has(trans.payee);
    const row: PreviewRow = {
      outcome: match ? (updates[i] ? 'update' : 'skip') : 'add',
      payee: isNew ? null : (trans.payee ?? null),
      payeeName: nameOf(trans.payee),
      category: trans.category ?? null,
    };
    if (match) {
      const existing = match.row;
      row.match = {
        id: existing.id,
        reason: match.reason,
        date: fromDateInt(existing.date),
        amount: existing.amount,
        payee: existing.payee,
        payeeName: nameOf(existing.payee),
        notes: existing.notes,
        importedId: existing.imported_id,
      };
      // What the existing row keeps (its payee, category, notes) is shown from the match.
      row.payee = existing.payee ?? row.payee;
      row.payeeName = nameOf(existing.payee) ?? row.payeeName;
      row.category = existing.category ?? row.category;
      const update = updates[i];
      if (update) row.changes = Object.keys(update).filter((k) => k !== 'id');
    }
    return row;
  });
  const previewToken = budget.get(PreviewMemoSlot).keep(accountId, transactions, prepared);
  return { errors: [], transactions: rows, previewToken };
}

/** Display names of payees by id: a transfer payee is named by its account. */
function payeeNames(budget: Budget, ids: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  if (ids.size === 0) return out;
  const rows = budget.sqlite.all<{ id: string; name: string | null; account: string | null }>(
    `SELECT p.id, p.name, a.name AS account FROM payees p
     LEFT JOIN accounts a ON a.id = p.transfer_acct
     WHERE p.id IN (SELECT value FROM json_each(?))`,
    [JSON.stringify([...ids])],
  );
  for (const r of rows) out.set(r.id, r.account ?? r.name ?? '');
  return out;
}
