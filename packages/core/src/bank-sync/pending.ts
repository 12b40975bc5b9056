import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import type { ImportTransaction } from '../import/normalize.ts';
import { batchUpdateTransactions } from '../transactions/batch.ts';
import { fromDateInt, toDateInt } from '../transactions/model.ts';

/** A bank row in the account that had not posted when it was imported. */
export interface PendingRow {
  id: string;
  importedId: string;
  date: string;
  amount: number;
  /** The bank's payee text (`imported_payee`). */
  payee: string | null;
  /** Neither a split nor a transfer: only such a row may take another amount. */
  plain: boolean;
}

/** Why a bank row took over a pending one (`pendingMatchText` words it). */
export type PendingReason = 'same-amount' | 'tip';

export interface PendingReplacement {
  /** The incoming transaction's index in the download. */
  index: number;
  row: PendingRow;
  reason: PendingReason;
}

export interface PendingPlan {
  replaced: PendingReplacement[];
  /** Pending rows the bank no longer lists and nothing posted for: they are removed. */
  dropped: PendingRow[];
}

/** How much a posted amount may exceed its pending one (a restaurant tip: +25 %). */
export const TIP_PERCENT = 25;
/** A pending row posts from a day before it up to this many days after it. */
export const POST_DAYS_AFTER = 7;
const POST_DAYS_BEFORE = 1;

const DAY = 86_400_000;
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** Payee texts compared as words: "SQ *CAFE ROMA" and "Cafe Roma" differ, "CAFE ROMA" does not. */
const payeeKey = (name: string | null | undefined): string =>
  (name ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Lower is better: the same amount from the same payee, the same amount, then a tip. */
function rank(
  row: PendingRow,
  t: ImportTransaction,
): { score: number; reason: PendingReason } | null {
  const amount = t.amount ?? 0;
  if (!t.date || Math.sign(amount) !== Math.sign(row.amount)) return null;
  const days = daysBetween(row.date, t.date);
  if (days < -POST_DAYS_BEFORE || days > POST_DAYS_AFTER) return null;
  const samePayee =
    payeeKey(row.payee) !== '' && payeeKey(row.payee) === payeeKey(t.imported_payee);
  const size = Math.abs(amount);
  const was = Math.abs(row.amount);
  if (amount === row.amount)
    return { score: (samePayee ? 0 : 100) + Math.abs(days), reason: 'same-amount' };
  // Integer cents: size ≤ was × (1 + 25 %) without rounding.
  const tip = samePayee && row.plain && size > was && size * 100 <= was * (100 + TIP_PERCENT);
  return tip ? { score: 200 + Math.abs(days), reason: 'tip' } : null;
}

/**
 * Pair the account's pending rows with what the bank sends now. A pending row the bank still
 * lists by its id is matched by the import as usual. One it no longer lists has either posted
 * under another id (often another date, sometimes another amount) or been dropped: it is
 * replaced by the best new row (not yet in the account) that fits it, else removed. Each new
 * row replaces one pending row at most, so two identical coffees stay two.
 */
export function planPending(
  pending: readonly PendingRow[],
  incoming: readonly ImportTransaction[],
  known: ReadonlySet<string>,
): PendingPlan {
  const listed = new Set(incoming.flatMap((t) => (t.imported_id ? [t.imported_id] : [])));
  const gone = pending
    .filter((p) => !listed.has(p.importedId))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  const fresh = incoming.flatMap((t, i) => (t.imported_id && known.has(t.imported_id) ? [] : [i]));
  const used = new Set<number>();
  const plan: PendingPlan = { replaced: [], dropped: [] };
  for (const row of gone) {
    let best: PendingReplacement | null = null;
    let bestScore = Infinity;
    for (const i of fresh) {
      if (used.has(i)) continue;
      const r = rank(row, incoming[i]!);
      if (r && r.score < bestScore) {
        bestScore = r.score;
        best = { index: i, row, reason: r.reason };
      }
    }
    if (best) {
      used.add(best.index);
      plan.replaced.push(best);
    } else {
      plan.dropped.push(row);
    }
  }
  return plan;
}

/** The account's pending bank rows from `start` on, and every bank id it already holds. */
export function loadPending(
  budget: Budget,
  accountId: string,
  start: string,
): { pending: PendingRow[]; known: Set<string> } {
  const rows = budget.sqlite.all<{
    id: string;
    financial_id: string;
    date: number;
    amount: number;
    imported_description: string | null;
    plain: number;
  }>(
    `SELECT id, financial_id, date, amount, imported_description,
       (isParent = 0 AND isChild = 0 AND transferred_id IS NULL) AS plain
     FROM transactions
     WHERE acct = ? AND tombstone = 0 AND pending = 1 AND financial_id IS NOT NULL AND date >= ?`,
    [accountId, toDateInt(start)],
  );
  const known = new Set(
    budget.sqlite
      .all<{ financial_id: string }>(
        'SELECT financial_id FROM transactions WHERE acct = ? AND tombstone = 0 AND financial_id IS NOT NULL',
        [accountId],
      )
      .map((r) => r.financial_id),
  );
  return {
    pending: rows.map((r) => ({
      id: r.id,
      importedId: r.financial_id,
      date: fromDateInt(r.date),
      amount: Number(r.amount),
      payee: r.imported_description,
      plain: Number(r.plain) === 1,
    })),
    known,
  };
}

/**
 * Write a plan: each replaced pending row takes the posted row's bank id, date, amount, bank
 * payee and cleared flag, keeping what the person set (payee, category, notes); dropped ones
 * go. One write batch. Answers the ids it changed.
 */
export function applyPending(
  budget: Budget,
  plan: PendingPlan,
  incoming: readonly ImportTransaction[],
  emit?: Emit,
): { replaced: string[]; dropped: string[] } {
  if (plan.replaced.length === 0 && plan.dropped.length === 0) return { replaced: [], dropped: [] };
  const updated = plan.replaced.map(({ index, row }) => {
    const t = incoming[index]!;
    return {
      id: row.id,
      imported_id: t.imported_id ?? null,
      date: t.date ?? row.date,
      amount: t.amount ?? row.amount,
      imported_payee: t.imported_payee ?? null,
      cleared: t.cleared ?? true,
      pending: t.pending ?? false,
      raw_synced_data: t.raw_synced_data ?? null,
    };
  });
  const result = batchUpdateTransactions(
    budget,
    { updated, deleted: plan.dropped.map((r) => ({ id: r.id })) },
    { emit },
  );
  if ('error' in result) throw new Error(result.error.message);
  return { replaced: updated.map((u) => u.id), dropped: plan.dropped.map((r) => r.id) };
}
