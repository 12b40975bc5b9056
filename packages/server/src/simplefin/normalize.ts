/**
 * A SimpleFIN account, as the answer of `/simplefin/transactions` that Actual's clients read:
 * balances, a starting balance in cents, and the transactions (newest first) split into booked
 * and pending.
 */
import type { SimpleFinAccount, SimpleFinTransaction } from './bridge.ts';

export interface SimpleFinBalance {
  balanceAmount: { amount: string; currency: string };
  balanceType: 'expected' | 'interimAvailable';
  referenceDate: string;
}

export interface SimpleFinRow {
  booked: boolean;
  sortOrder: number;
  date: string;
  payeeName?: string;
  notes?: string;
  transactionAmount: { amount: string; currency: string };
  transactionId: string;
  transactedDate?: string;
  postedDate?: string;
}

export interface SimpleFinAccountAnswer {
  balances: SimpleFinBalance[];
  startingBalance: number;
  transactions: { all: SimpleFinRow[]; booked: SimpleFinRow[]; pending: SimpleFinRow[] };
}

/** The error of one account inside an answer. */
export interface AccountError {
  error_type: string;
  error_code: string;
  reason: string;
}

/** `YYYY-MM-DD` (UTC) of an epoch-seconds time. */
export function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** A decimal text (`-12.5`, `1000`) as integer cents; NaN when it is not a number. */
export function decimalToCents(text: string): number {
  const value = Number(text.trim());
  return Number.isFinite(value) ? Math.round(value * 100) : NaN;
}

function isPending(t: SimpleFinTransaction): boolean {
  return t.pending ?? t.posted === 0;
}

/**
 * The row of one transaction, or null when it is older than `startSeconds` (the bridge pads
 * its window; a pending row is dated when it was made, a booked one when it posted).
 */
function row(t: SimpleFinTransaction, startSeconds: number): SimpleFinRow | null {
  const pending = isPending(t);
  const when = (pending ? t.transacted_at : t.posted) ?? 0;
  if (when < startSeconds) return null;
  const r: SimpleFinRow = {
    booked: !pending,
    sortOrder: when,
    date: isoDay(when),
    payeeName: t.payee,
    notes: t.description,
    // Actual's clients read the currency from here but SimpleFIN rows carry none; Actual's
    // server says USD, and so does this one, so both clients see the same row.
    transactionAmount: { amount: t.amount, currency: 'USD' },
    transactionId: t.id,
  };
  if (t.transacted_at) r.transactedDate = isoDay(t.transacted_at);
  if (t.posted) r.postedDate = isoDay(t.posted);
  return r;
}

const newestFirst = (a: SimpleFinRow, b: SimpleFinRow) => b.sortOrder - a.sortOrder;

export function accountAnswer(
  account: SimpleFinAccount,
  startSeconds: number,
): SimpleFinAccountAnswer {
  const referenceDate = isoDay(account['balance-date']);
  const amount = { amount: account.balance, currency: account.currency };
  const rows = (account.transactions ?? [])
    .map((t) => row(t, startSeconds))
    .filter((r): r is SimpleFinRow => r !== null);
  return {
    balances: [
      { balanceAmount: amount, balanceType: 'expected', referenceDate },
      { balanceAmount: amount, balanceType: 'interimAvailable', referenceDate },
    ],
    startingBalance: decimalToCents(account.balance),
    transactions: {
      all: [...rows].sort(newestFirst),
      booked: rows.filter((r) => r.booked).sort(newestFirst),
      pending: rows.filter((r) => !r.booked).sort(newestFirst),
    },
  };
}

/** The bridge's account-set messages that say a connection needs the person at the bridge. */
export function needsAttention(errors: string[], account: SimpleFinAccount): boolean {
  return errors.some((e) => e.startsWith(`Connection to ${account.org.name} may need attention`));
}
