import type { ImportTransaction } from '../import/normalize.ts';

interface BankTransaction {
  transactionId?: string;
  bookingDate?: string;
  valueDate?: string;
  date?: string;
  booked?: boolean;
  transactionAmount?: { amount: string | number };
  payeeName?: string;
  debtorName?: string;
  creditorName?: string;
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  notes?: string;
}

const cents = (amount: string | number): number => Math.round(Number(amount) * 100);

function remittance(t: BankTransaction): string | null {
  return (
    t.remittanceInformationUnstructured ??
    t.remittanceInformationUnstructuredArray?.join(' ') ??
    null
  );
}

/**
 * One provider transaction as an import row: the payee from the server's name, else the
 * counterparty (creditor for money out, debtor for money in) or the remittance info; the
 * provider id as imported id; booked rows cleared, pending ones marked pending; notes from the
 * remittance info.
 */
export function toImportTransaction(t: BankTransaction): ImportTransaction | null {
  const date = t.date ?? t.bookingDate ?? t.valueDate;
  if (!date || t.transactionAmount === undefined) return null;
  const amount = cents(t.transactionAmount.amount);
  const counterparty =
    amount < 0 ? (t.creditorName ?? t.debtorName) : (t.debtorName ?? t.creditorName);
  const info = remittance(t);
  const payee = t.payeeName ?? counterparty ?? info ?? '';
  return {
    date: date.slice(0, 10),
    amount,
    payee_name: payee.trim(),
    imported_payee: payee.trim(),
    imported_id: t.transactionId ?? null,
    cleared: t.booked ?? true,
    notes: t.notes ?? info,
    // Where Actual keeps them: a pending row is not cleared (and the 23.8.1 `pending` flag says
    // why), and the bank's answer is kept whole for a client that shows it.
    pending: t.booked === false,
    raw_synced_data: JSON.stringify(t),
  };
}

/** The transactions of a `/transactions` answer, booked ones first as the bank lists them. */
export function bankTransactions(data: Record<string, unknown>): ImportTransaction[] {
  const txs = (data.transactions ?? {}) as {
    all?: BankTransaction[];
    booked?: BankTransaction[];
    pending?: BankTransaction[];
  };
  const all = txs.all ?? [
    ...(txs.booked ?? []).map((t) => ({ ...t, booked: true })),
    ...(txs.pending ?? []).map((t) => ({ ...t, booked: false })),
  ];
  return all.flatMap((t) => toImportTransaction(t) ?? []);
}

/**
 * One row per bank id: a bank that lists a transaction twice in one answer (some page their
 * results with overlaps, some list a row both booked and pending) gets it imported once. The
 * booked copy wins over a pending one; rows without an id are all kept (two identical coffees
 * on one day are two coffees).
 */
export function onePerBankId(txs: readonly ImportTransaction[]): ImportTransaction[] {
  const byId = new Map<string, number>();
  const out: ImportTransaction[] = [];
  for (const t of txs) {
    const id = t.imported_id;
    const seen = id ? byId.get(id) : undefined;
    if (seen === undefined) {
      if (id) byId.set(id, out.length);
      out.push(t);
    } else if (out[seen]!.cleared === false && t.cleared !== false) {
      out[seen] = t;
    }
  }
  return out;
}

const BALANCE_ORDER = ['interimAvailable', 'closingBooked', 'expected', 'interimBooked'];

/** The current bank balance in cents, or null when the answer has none. */
export function currentBalance(data: Record<string, unknown>): number | null {
  const balances = (data.balances ?? []) as {
    balanceType?: string;
    balanceAmount?: { amount: string | number };
  }[];
  for (const type of BALANCE_ORDER) {
    const hit = balances.find((b) => b.balanceType === type && b.balanceAmount);
    if (hit?.balanceAmount) return cents(hit.balanceAmount.amount);
  }
  const first = balances.find((b) => b.balanceAmount);
  return first?.balanceAmount ? cents(first.balanceAmount.amount) : null;
}
