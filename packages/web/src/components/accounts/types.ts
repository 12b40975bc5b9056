/** A transaction as the register reads it: the core's grouped query (`select *`). */
export interface RegisterTx {
  id: string;
  is_parent: boolean;
  is_child: boolean;
  parent_id: string | null;
  account: string;
  category: string | null;
  amount: number;
  payee: string | null;
  notes: string | null;
  date: string;
  imported_id: string | null;
  imported_payee: string | null;
  error: { type: 'SplitTransactionError'; version: 1; difference: number } | null;
  starting_balance_flag: boolean;
  transfer_id: string | null;
  sort_order: number | null;
  cleared: boolean;
  schedule: string | null;
  /** Split children, in order (grouped queries only). */
  subtransactions?: RegisterTx[];
  /** Locked by a reconciliation: `transactions.reconciled` (see reconciled.ts). */
  reconciled?: boolean;
}

/** The fields a register row edits, in column order. */
export type RegisterField =
  'date' | 'account' | 'payee' | 'notes' | 'category' | 'payment' | 'deposit' | 'cleared';

/** What the register's write calls send (`transactions-batch-update`). */
export interface BatchChanges {
  added?: Array<Record<string, unknown> & { id: string }>;
  updated?: Array<Record<string, unknown> & { id: string }>;
  deleted?: Array<{ id: string }>;
  newPayees?: Array<{ id: string; name: string }>;
}

export const isEmptyChanges = (c: BatchChanges) =>
  !c.added?.length && !c.updated?.length && !c.deleted?.length;
