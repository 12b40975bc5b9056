/**
 * Shapes the bank-data provider's accounts and transactions into what Actual's client expects.
 * Pure functions over the provider's JSON (the Berlin Group fields the provider passes on).
 */
import { createHash } from 'node:crypto';

export interface Amount {
  amount: string;
  currency?: string;
}

export interface ProviderTransaction {
  transactionId?: string;
  bookingDate?: string;
  bookingDateTime?: string;
  valueDate?: string;
  valueDateTime?: string;
  transactionAmount: Amount;
  creditorName?: string;
  debtorName?: string;
  creditorAccount?: { iban?: string };
  debtorAccount?: { iban?: string };
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  additionalInformation?: string;
  [field: string]: unknown;
}

export interface Balance {
  balanceAmount: Amount;
  balanceType: string;
  referenceDate?: string;
}

export interface NormalizedTransaction extends ProviderTransaction {
  date: string;
  payeeName: string;
  notes?: string;
}

export interface Institution {
  id: string;
  name?: string;
  [field: string]: unknown;
}

export interface DetailedAccount {
  id: string;
  institution_id: string;
  iban?: string;
  name?: string;
  displayName?: string;
  product?: string;
  currency?: string;
  [field: string]: unknown;
}

export interface NormalizedAccount {
  account_id: string;
  institution: Institution | null;
  mask: string;
  iban: string | null;
  name: string;
  official_name: string;
  type: 'checking';
}

/** The balance the starting balance is computed from: the first type present in this order. */
const BALANCE_PREFERENCE = [
  'closingBooked',
  'expected',
  'forwardAvailable',
  'interimAvailable',
  'interimBooked',
  'nonInvoiced',
  'openingBooked',
];

export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

/** Account ids hash to base64 SHA-256 so the IBAN itself never reaches the budget file. */
export function hashIban(iban: string): string {
  return createHash('sha256').update(iban).digest('base64');
}

function maskedIban(iban: string | undefined): string {
  return iban ? `(XXX ${iban.slice(-4)})` : '';
}

export function normalizeAccount(
  account: DetailedAccount,
  institution: Institution | null,
): NormalizedAccount {
  const label = account.name ?? account.displayName ?? account.product;
  return {
    account_id: account.id,
    institution,
    mask: (account.iban ?? '0000').slice(-4),
    iban: account.iban ?? null,
    name: [label, maskedIban(account.iban), account.currency].filter(Boolean).join(' '),
    official_name: account.product ?? `integration-${account.institution_id}`,
    type: 'checking',
  };
}

/** Capitalises each word of an all-caps or all-lowercase bank name ("ACME STORES" → "Acme Stores"). */
export function titleCase(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed !== trimmed.toUpperCase() && trimmed !== trimmed.toLowerCase()) return trimmed;
  return trimmed
    .toLowerCase()
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/**
 * Money in comes from the debtor, money out goes to the creditor; when that side has no name,
 * any other name or the remittance text stands in.
 */
export function payeeName(tx: ProviderTransaction): string {
  const incoming = Number(tx.transactionAmount.amount) >= 0;
  const primary = incoming ? tx.debtorName : tx.creditorName;
  const account = primary
    ? incoming
      ? tx.debtorAccount
      : tx.creditorAccount
    : (tx.debtorAccount ?? tx.creditorAccount);
  const name =
    primary ||
    tx.debtorName ||
    tx.creditorName ||
    tx.remittanceInformationUnstructured ||
    (tx.remittanceInformationUnstructuredArray ?? []).join(', ') ||
    tx.additionalInformation;
  const parts: string[] = [];
  if (name) parts.push(titleCase(name));
  const iban = account?.iban;
  if (iban) parts.push(`(${iban.slice(0, 4)} XXX ${iban.slice(-4)})`);
  return parts.join(' ');
}

function isoDay(value: string | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

/** Null for a transaction without any usable date: it comes back once the bank has booked it. */
export function normalizeTransaction(tx: ProviderTransaction): NormalizedTransaction | null {
  const date =
    isoDay(tx.bookingDate) ??
    isoDay(tx.bookingDateTime) ??
    isoDay(tx.valueDate) ??
    isoDay(tx.valueDateTime);
  if (!date) return null;
  const notes =
    tx.remittanceInformationUnstructured ?? tx.remittanceInformationUnstructuredArray?.join(' ');
  return {
    ...tx,
    payeeName: typeof tx.payeeName === 'string' ? tx.payeeName : payeeName(tx),
    date,
    ...(notes !== undefined ? { notes } : {}),
  };
}

const DATE_FIELDS = ['bookingDate', 'bookingDateTime', 'valueDate', 'valueDateTime'] as const;

/** Newest first; a missing date sorts after a present one. */
export function sortTransactions<T extends ProviderTransaction>(transactions: T[]): T[] {
  const time = (v: string | undefined) => (v ? Date.parse(v) : NaN);
  return [...transactions].sort((a, b) => {
    for (const field of DATE_FIELDS) {
      const ta = time(a[field]);
      const tb = time(b[field]);
      if (Number.isNaN(ta) && Number.isNaN(tb)) continue;
      if (Number.isNaN(ta)) return 1;
      if (Number.isNaN(tb)) return -1;
      if (ta !== tb) return tb - ta;
    }
    return 0;
  });
}

/** The preferred current balance minus every booked transaction, in cents. */
export function startingBalance(booked: ProviderTransaction[], balances: Balance[]): number {
  const current = BALANCE_PREFERENCE.map((type) =>
    balances.find((b) => b.balanceType === type),
  ).find((b) => b !== undefined);
  const start = toCents(current?.balanceAmount.amount ?? 0);
  return booked.reduce((total, tx) => total - toCents(tx.transactionAmount.amount), start);
}
