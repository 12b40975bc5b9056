/**
 * Enable Banking's accounts, balances and transactions in the shape Actual's clients read from
 * `/enablebanking/*`: signed decimal amounts, a payee picked by the money's direction, SEPA
 * remittance keys taken off the notes, and balances in integer cents.
 */

export interface EbTransaction {
  entry_reference?: string | null;
  transaction_id?: string | null;
  transaction_amount: { amount: string; currency: string };
  credit_debit_indicator?: string;
  status?: string;
  booking_date?: string | null;
  value_date?: string | null;
  transaction_date?: string | null;
  creditor?: { name?: string | null } | null;
  debtor?: { name?: string | null } | null;
  remittance_information?: string[] | null;
  [field: string]: unknown;
}

export interface EbBalance {
  balance_amount: { amount: string; currency: string };
  balance_type: string;
  reference_date?: string;
  [field: string]: unknown;
}

export interface EbAccount {
  uid: string;
  name?: string | null;
  currency?: string;
  account_id?: { iban?: string | null } | null;
  account_servicer?: { name?: string | null } | null;
  [field: string]: unknown;
}

export interface Balance {
  balanceAmount: { amount: number; currency: string };
  balanceType: string;
  referenceDate?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

function isAmount(v: unknown): v is { amount: string; currency: string } {
  return isObject(v) && typeof v.amount === 'string' && typeof v.currency === 'string';
}

export function isEbTransaction(v: unknown): v is EbTransaction {
  return isObject(v) && isAmount(v.transaction_amount);
}

export function isEbBalance(v: unknown): v is EbBalance {
  return isObject(v) && isAmount(v.balance_amount) && typeof v.balance_type === 'string';
}

export function isEbAccount(v: unknown): v is EbAccount {
  return isObject(v) && typeof v.uid === 'string';
}

/** German SEPA remittance keys (`EREF+`, `SVWZ+`, ...) that lead a line of the remittance. */
const SEPA_KEY =
  /^(?:ABWA|ABWE|BIC|CDTR|COAM|CRED|DBTR|EREF|IBAN|INDA|KREF|MREF|NTAV|OAMT|PURP|REFE|REJT|REMI|ROC|RTRN|SDVA|SQTP|SVCL|SVWZ|ULTB|ULTC|ULTD)\+/;

function remittanceLines(t: EbTransaction): string[] {
  return (t.remittance_information ?? [])
    .map((line) => line.replace(SEPA_KEY, '').trim())
    .filter((line) => line !== '');
}

/** The other party: the payer of money in, the payee of money out. */
function payeeOf(t: EbTransaction, lines: string[]): string {
  const creditor = t.creditor?.name || '';
  const debtor = t.debtor?.name || '';
  if (t.credit_debit_indicator === 'CRDT' && debtor) return debtor;
  if (t.credit_debit_indicator === 'DBIT' && creditor) return creditor;
  return creditor || debtor || lines[0] || '';
}

function signedAmount(t: EbTransaction): string {
  const amount = t.transaction_amount.amount.trim();
  const unsigned = amount.replace(/^[+-]/, '');
  if (t.credit_debit_indicator === 'DBIT') return `-${unsigned}`;
  if (t.credit_debit_indicator === 'CRDT') return unsigned;
  return amount;
}

export function normalizeTransaction(t: EbTransaction) {
  const lines = remittanceLines(t);
  const notes = lines.length > 0 ? lines.join(' ') : undefined;
  const bookingDate = t.booking_date || t.value_date || t.transaction_date || '';
  return {
    ...t,
    transactionId: t.entry_reference || t.transaction_id || '',
    date: bookingDate,
    bookingDate,
    valueDate: t.value_date,
    transactionAmount: { amount: signedAmount(t), currency: t.transaction_amount.currency },
    payeeName: payeeOf(t, lines),
    notes,
    remittanceInformationUnstructured: notes,
    booked: t.status !== 'PDNG',
  };
}

export type NormalizedTransaction = ReturnType<typeof normalizeTransaction>;

/** A row the client can import: a real day and a number. */
export function isImportable(t: NormalizedTransaction): boolean {
  const amount = t.transactionAmount.amount.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(t.date) && amount !== '' && Number.isFinite(Number(amount));
}

export function normalizeBalance(b: EbBalance): Balance {
  return {
    balanceAmount: {
      amount: Math.round(parseFloat(b.balance_amount.amount) * 100),
      currency: b.balance_amount.currency,
    },
    balanceType: b.balance_type,
    referenceDate: b.reference_date,
  };
}

/** The balance a bank reports as "closing available" (CLAV), else its first. */
export function preferredBalance(balances: Balance[]): Balance | undefined {
  return balances.find((b) => b.balanceType === 'CLAV') ?? balances[0];
}

export function normalizeAccount(a: EbAccount, aspsp: { name?: string } | null) {
  return {
    account_id: a.uid,
    name: a.name || a.account_id?.iban || a.uid,
    institution: aspsp?.name || a.account_servicer?.name || 'Unknown',
    currency: a.currency,
    iban: a.account_id?.iban,
  };
}
