import { isDate } from '../calendar/months.ts';
import type { SqlValue } from '../platform/index.ts';
import type { SYNCED_SCHEMA } from '../schema/synced-tables.ts';

/**
 * A transaction as handlers, the API and the UI see it: public field names, dates as
 * 'YYYY-MM-DD', booleans, the split error parsed. The budget file stores the older column
 * names (`acct`, `description`, …) with dates as YYYYMMDD integers; this module converts.
 */
export interface Transaction {
  id: string;
  account: string;
  date: string;
  amount: number;
  payee: string | null;
  category: string | null;
  notes: string | null;
  imported_id: string | null;
  imported_payee: string | null;
  error: SplitError | null;
  is_parent: boolean;
  is_child: boolean;
  parent_id: string | null;
  transfer_id: string | null;
  starting_balance_flag: boolean;
  sort_order: number | null;
  cleared: boolean;
  /** Locked by a reconciliation (Actual's later `reconciled` column; see schema/extensions). */
  reconciled: boolean;
  schedule: string | null;
  tombstone: boolean;
}

/** What callers may send: any subset of the fields (an insert needs account, date, amount). */
export type TransactionInput = { [K in keyof Transaction]?: Transaction[K] | null } & {
  id?: string;
  /**
   * Bank sync's own cells, written but not read back as fields: a bank row not posted yet
   * (the 23.8.1 `pending` column) and the bank's answer for it (Actual's `raw_synced_data`).
   */
  pending?: boolean | null;
  raw_synced_data?: string | null;
};

/** Stored on a split parent whose children do not add up to its amount. */
export interface SplitError {
  type: 'SplitTransactionError';
  version: 1;
  /** Parent amount minus the children's sum, in cents. */
  difference: number;
}

export type TxColumn = keyof (typeof SYNCED_SCHEMA)['transactions'] & string;

/** A `transactions` row as SQLite holds it (stored names and values). */
export type StoredTx = { id: string } & { [C in TxColumn]?: SqlValue };

/** Public field → stored column, for the fields whose names differ. */
export const STORED_NAME: Readonly<Record<string, TxColumn>> = {
  account: 'acct',
  payee: 'description',
  imported_payee: 'imported_description',
  imported_id: 'financial_id',
  transfer_id: 'transferred_id',
  is_parent: 'isParent',
  is_child: 'isChild',
};

const SAME_NAME: readonly TxColumn[] = [
  'category',
  'amount',
  'notes',
  'date',
  'error',
  'parent_id',
  'starting_balance_flag',
  'sort_order',
  'cleared',
  'reconciled',
  'schedule',
  'tombstone',
  'pending',
  'raw_synced_data',
];

const BOOLEAN_COLUMNS = new Set<TxColumn>([
  'isParent',
  'isChild',
  'starting_balance_flag',
  'cleared',
  'reconciled',
  'tombstone',
  'pending',
]);

/** Every public field name a transaction input may carry, with its stored column. */
export const PUBLIC_FIELDS: ReadonlyArray<readonly [field: string, column: TxColumn]> = [
  ...Object.entries(STORED_NAME),
  ...SAME_NAME.map((c) => [c, c] as const),
];

/** 'YYYY-MM-DD' → 20230806. */
export function toDateInt(date: string): number {
  return Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8));
}

/** 20230806 → '2023-08-06'. */
export function fromDateInt(value: SqlValue | undefined): string {
  const digits = String(value ?? '').padStart(8, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

/** The local calendar day of a wall-clock time, as 'YYYY-MM-DD'. */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export { isDate };

function toStoredValue(column: TxColumn, value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (column === 'date') return toDateInt(String(value));
  if (BOOLEAN_COLUMNS.has(column)) return value ? 1 : 0;
  if (column === 'error') return typeof value === 'string' ? value : JSON.stringify(value);
  return value as SqlValue;
}

/**
 * The stored columns for the public fields present in `input` (unknown fields such as
 * `subtransactions` or `payee_name` are left out). Values are stored values.
 */
export function toStoredPatch(input: TransactionInput): Partial<StoredTx> {
  const patch: Partial<StoredTx> = {};
  storeInto(patch, input);
  return patch;
}

/**
 * `toStoredPatch`'s columns set on `target` itself: a batch building tens of thousands of rows
 * made a patch per row only to copy it over, key by key.
 */
export function storeInto(target: Partial<StoredTx>, input: TransactionInput): void {
  const record = input as Record<string, unknown>;
  for (const [field, column] of PUBLIC_FIELDS) {
    if (record[field] !== undefined) target[column] = toStoredValue(column, record[field]);
  }
}

const asBool = (v: SqlValue | undefined): boolean => v === 1 || v === 1n;
const asText = (v: SqlValue | undefined): string | null =>
  v === null || v === undefined ? null : String(v);

export function parseSplitError(value: SqlValue | undefined): SplitError | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return JSON.parse(value) as SplitError;
  } catch {
    return null;
  }
}

/** A stored row in public form (ids as stored: not mapped through merges). */
export function fromStored(row: StoredTx): Transaction {
  return {
    id: row.id,
    account: asText(row.acct) ?? '',
    date: fromDateInt(row.date),
    amount: Number(row.amount ?? 0),
    payee: asText(row.description),
    category: asText(row.category),
    notes: asText(row.notes),
    imported_id: asText(row.financial_id),
    imported_payee: asText(row.imported_description),
    error: parseSplitError(row.error),
    is_parent: asBool(row.isParent),
    is_child: asBool(row.isChild),
    parent_id: asText(row.parent_id),
    transfer_id: asText(row.transferred_id),
    starting_balance_flag: asBool(row.starting_balance_flag),
    sort_order:
      row.sort_order === null || row.sort_order === undefined ? null : Number(row.sort_order),
    cleared: asBool(row.cleared),
    reconciled: asBool(row.reconciled),
    schedule: asText(row.schedule),
    tombstone: asBool(row.tombstone),
  };
}

export const isAlive = (row: StoredTx | null | undefined): row is StoredTx =>
  !!row && !asBool(row.tombstone);
export const isParentRow = (row: StoredTx): boolean => asBool(row.isParent);
export const isChildRow = (row: StoredTx): boolean => asBool(row.isChild);
export const isCleared = (row: StoredTx): boolean => asBool(row.cleared);

export function splitError(parentAmount: number, childTotal: number): SplitError | null {
  if (parentAmount === childTotal) return null;
  return { type: 'SplitTransactionError', version: 1, difference: parentAmount - childTotal };
}
