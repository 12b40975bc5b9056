import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import type { MatchReason } from '../import/match.ts';
import type { ImportTransaction } from '../import/normalize.ts';
import { importTransactions } from '../import/reconcile.ts';
import { batchUpdateTransactions } from '../transactions/batch.ts';
import { type StoredTx, fromDateInt } from '../transactions/model.ts';
import type { PendingReason } from './pending.ts';

/**
 * Bank rows waiting for the person's review: new ones, and existing rows a bank row matched
 * by amount and date or replaced (a pending row that posted). Kept on this device only, in a
 * table of Coffer's that no message writes and no Actual reads: a 23.8.1 file cannot take a
 * column for it, and an Actual client would stop syncing on a message for a column it lacks.
 * A match keeps what the row was and what the bank sent, so 'unmatch' can restore both.
 */
export const REVIEW_TABLE = 'coffer_bank_review';

export type ReviewKind = 'new' | 'matched' | 'replaced';
export type ReviewReason = Exclude<MatchReason, 'imported-id'> | PendingReason;

export interface ReviewEntry {
  id: string;
  account: string;
  kind: ReviewKind;
  reason: ReviewReason | null;
  /** What the matched row was before: its date and amount (for 'why it matched'). */
  was: { date: string; amount: number; importedId: string | null } | null;
}

interface StoredEntry {
  id: string;
  acct: string;
  kind: ReviewKind;
  reason: ReviewReason | null;
  was: string | null;
  bank: string | null;
}

function ensureTable(budget: Budget): void {
  budget.sqlite.exec(`CREATE TABLE IF NOT EXISTS ${REVIEW_TABLE} (id TEXT PRIMARY KEY,
  acct TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT, was TEXT, bank TEXT)`);
}

export interface ReviewRecord {
  id: string;
  kind: ReviewKind;
  reason?: ReviewReason | null;
  /** The stored row before the match changed it. */
  before?: StoredTx | null;
  /** What the bank sent for it. */
  bank?: ImportTransaction | null;
}

/** Mark rows for review (a later mark of a row replaces an earlier one). */
export function markForReview(budget: Budget, account: string, records: readonly ReviewRecord[]) {
  if (records.length === 0) return;
  ensureTable(budget);
  // One transaction for the lot: a first sync marks thousands of rows, and each statement on
  // its own is a commit of its own (bench/bank: 50 s of a 60 s sync of 2,000 rows).
  budget.sqlite.transaction(() => {
    for (const r of records) {
      budget.sqlite.run(
        `INSERT OR REPLACE INTO ${REVIEW_TABLE} (id, acct, kind, reason, was, bank) VALUES (?, ?, ?, ?, ?, ?)`,
        [
          r.id,
          account,
          r.kind,
          r.reason ?? null,
          r.before ? JSON.stringify(r.before) : null,
          r.bank ? JSON.stringify(r.bank) : null,
        ],
      );
    }
  });
}

const hasTable = (budget: Budget): boolean =>
  budget.sqlite.first('SELECT 1 AS x FROM sqlite_master WHERE name = ?', [REVIEW_TABLE]) != null;

/**
 * A match is waiting only while its row still holds the bank's id: an unmatch gives the row back
 * what it was, and an undo of the unmatch gives the bank's id back, and with it the mark.
 */
function stillMatched(entry: StoredEntry, financialId: string | null): boolean {
  if (entry.kind === 'new' || !entry.bank) return true;
  const bankId = (JSON.parse(entry.bank) as ImportTransaction).imported_id ?? null;
  return bankId === null || bankId === financialId;
}

/** The rows waiting for review (live ones only), of one account or all. */
export function reviewList(budget: Budget, account: string | null): ReviewEntry[] {
  if (!hasTable(budget)) return [];
  const rows = budget.sqlite.all<StoredEntry & { financial_id: string | null }>(
    `SELECT r.id, r.acct, r.kind, r.reason, r.was, r.bank, t.financial_id FROM ${REVIEW_TABLE} r
     JOIN transactions t ON t.id = r.id AND t.tombstone = 0
     ${account ? 'WHERE r.acct = ?' : ''} ORDER BY t.date DESC, r.id`,
    account ? [account] : [],
  );
  return rows
    .filter((r) => stillMatched(r, r.financial_id))
    .map((r) => {
      const before = r.was ? (JSON.parse(r.was) as StoredTx) : null;
      return {
        id: r.id,
        account: r.acct,
        kind: r.kind,
        reason: r.reason,
        was: before
          ? {
              date: fromDateInt(before.date),
              amount: Number(before.amount ?? 0),
              importedId: (before.financial_id as string | null) ?? null,
            }
          : null,
      };
    });
}

/** Approve rows: they are no longer marked. Answers how many were. */
export function approve(budget: Budget, ids: readonly string[]): number {
  if (!hasTable(budget) || ids.length === 0) return 0;
  let n = 0;
  // One commit for all in view (see `markForReview`).
  budget.sqlite.transaction(() => {
    for (const id of ids) {
      n += budget.sqlite.run(`DELETE FROM ${REVIEW_TABLE} WHERE id = ?`, [id]).changes;
    }
  });
  return n;
}

/**
 * Undo a wrong match: the row gets back what it was before the bank row matched it, and the
 * bank row is added beside it as a new row (marked new), as if they had never met. One undo
 * step with the caller's mutator, which brings the match and its mark back. Answers the new row's id, or null when the row is not a
 * match waiting for review.
 */
export function unmatch(budget: Budget, id: string, emit?: Emit): string | null {
  if (!hasTable(budget)) return null;
  const entry = budget.sqlite.first<StoredEntry & { financial_id: string | null }>(
    `SELECT r.id, r.acct, r.kind, r.reason, r.was, r.bank, t.financial_id FROM ${REVIEW_TABLE} r
     JOIN transactions t ON t.id = r.id AND t.tombstone = 0 WHERE r.id = ?`,
    [id],
  );
  if (!entry || entry.kind === 'new' || !entry.was || !entry.bank) return null;
  if (!stillMatched(entry, entry.financial_id)) return null;
  const before = JSON.parse(entry.was) as StoredTx;
  const bank = JSON.parse(entry.bank) as ImportTransaction;
  const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
  const restored = batchUpdateTransactions(
    budget,
    {
      updated: [
        {
          id,
          date: fromDateInt(before.date),
          amount: Number(before.amount ?? 0),
          imported_id: text(before.financial_id),
          imported_payee: text(before.imported_description),
          cleared: Number(before.cleared ?? 1) === 1,
          pending: Number(before.pending ?? 0) === 1,
          notes: text(before.notes),
          payee: text(before.description),
          category: text(before.category),
          raw_synced_data: text(before.raw_synced_data),
        },
      ],
    },
    { emit },
  );
  if ('error' in restored) throw new Error(restored.error.message);
  const added = importTransactions(budget, entry.acct, [bank], {
    emit,
    rawPayeeName: true,
    addOnly: true,
  });
  if (added.errors.length > 0) throw new Error(added.errors[0]!.message);
  const newId = added.added[0]!;
  // The match's mark stays: it is hidden while the row lacks the bank's id, and shows again
  // if the unmatch is undone.
  markForReview(budget, entry.acct, [{ id: newId, kind: 'new' }]);
  return newId;
}
