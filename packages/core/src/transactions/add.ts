import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { insertPayee, payeeNameIndex } from '../payees/queries.ts';
import { q, runQuery } from '../query/index.ts';
import { type BatchResult, batchUpdateTransactions } from './batch.ts';
import { TransactionHooksSlot } from './hooks.ts';
import {
  type StoredTx,
  type TransactionInput,
  PUBLIC_FIELDS,
  isChildRow,
  isParentRow,
  toStoredPatch,
} from './model.ts';
import { type TransactionError, txError } from './references.ts';
import { makeSplit } from './splits.ts';
import { transactionInput } from './validators.ts';

/** A transaction for `addTransactions`: a payee may be given by name, and children inline. */
export interface NewTransaction extends TransactionInput {
  payee_name?: string | null;
  subtransactions?: TransactionInput[] | null;
}

export interface AddOptions {
  /** Create the other side of transfers (Actual's API adds with this off). Default true. */
  runTransfers?: boolean;
  learnCategories?: boolean;
  emit?: Emit;
}

/**
 * Add transactions to one account, as the API's `addTransactions` and file imports do
 * without matching: payee names become payees (found case-insensitively, else created once and
 * only if used), rules run (through `TransactionHooks`), `subtransactions` become a split.
 * Returns the ids written (parents and children), or a typed error and nothing written.
 */
export function addTransactions(
  budget: Budget,
  accountId: string,
  transactions: readonly NewTransaction[],
  options: AddOptions = {},
): string[] | TransactionError {
  const account = budget.sqlite.first('SELECT id FROM accounts WHERE id = ? AND tombstone = 0', [
    accountId,
  ]);
  if (!account) return txError('account-not-found', `No account with id ${accountId}`);
  for (const [i, t] of transactions.entries()) {
    const problem = transactionInput().check(t, `transactions[${i}]`);
    if (problem) return txError('invalid-transaction', problem);
    if (t.date == null) return txError('invalid-transaction', `transactions[${i}] needs a date`);
    if (t.payee_name != null && typeof t.payee_name !== 'string') {
      return txError('invalid-transaction', `transactions[${i}].payee_name should be a string`);
    }
  }

  const newId = () => budget.env.platform.random.uuid();
  const runRules = budget.get(TransactionHooksSlot).runRules;
  let names: Map<string, string> | null = null;
  const pending = new Map<string, { id: string; name: string }>();
  const resolvePayee = (name: string): string => {
    const key = name.toLowerCase();
    const known = pending.get(key)?.id ?? (names ??= payeeNameIndex(budget)).get(key);
    if (known) return known;
    const created = { id: newId(), name };
    pending.set(key, created);
    return created.id;
  };

  const added: (TransactionInput & { id: string })[] = [];
  for (const t of transactions) {
    const { payee_name: rawName, subtransactions, ...rest } = t;
    const payeeName = rawName?.trim() || null;
    let trans: TransactionInput = {
      ...rest,
      imported_payee: (rest.imported_payee || payeeName)?.trim() || null,
      account: accountId,
    };
    if (trans.payee == null && payeeName) trans.payee = resolvePayee(payeeName);
    if (runRules) trans = runRules(trans);
    const final = { id: newId(), ...trans, account: accountId, cleared: trans.cleared ?? true };
    if (subtransactions && subtransactions.length > 0) {
      added.push(...makeSplit(final, subtransactions, newId));
    } else {
      added.push(final);
    }
  }

  const used = new Set(added.map((t) => t.payee).filter((p): p is string => !!p));
  const toCreate = [...pending.values()].filter((p) => used.has(p.id));
  const result = batchUpdateTransactions(
    budget,
    { added },
    {
      runTransfers: options.runTransfers,
      learnCategories: options.learnCategories,
      emit: options.emit,
      knownPayees: new Set(toCreate.map((p) => p.id)),
      beforeWrite: () => {
        for (const payee of toCreate) insertPayee(budget.db, payee);
      },
    },
  );
  if ('error' in result) return result;
  return result.added.map((t) => t.id);
}

/** What a split line always takes from its parent: given for a line, they change nothing. */
const FROM_PARENT = new Set(['account', 'date', 'cleared', 'starting_balance_flag']);

/**
 * The fields of `input` that change `row` (stored values compared), as Actual's api diffs an
 * update before it writes: a field given with the value it has changes nothing, and so counts
 * for nothing (moving a row to the account it is in does not drop its category, say).
 */
function changedFields(
  row: StoredTx,
  input: TransactionInput & { id: string },
): TransactionInput & { id: string } {
  const out: TransactionInput & { id: string } = { id: input.id };
  const line = isChildRow(row);
  for (const [field, column] of PUBLIC_FIELDS) {
    const value = (input as Record<string, unknown>)[field];
    if (field === 'id' || value === undefined || (line && FROM_PARENT.has(field))) continue;
    const stored = toStoredPatch({ [field]: value } as TransactionInput)[column];
    if ((row[column] ?? null) !== (stored ?? null)) {
      (out as Record<string, unknown>)[field] = value;
    }
  }
  return out;
}

/**
 * A row's category and payee as a read shows them (and so as a script sends them back): through
 * the mappings of merged categories and payees, and none where that category or payee is deleted
 * (a split's total shows no category). Actual diffs an update against these, not the stored ids.
 * Read through the same query as `getTransactions`, so the two cannot disagree.
 */
function shownRefs(
  budget: Budget,
  id: string,
): { category: string | null; description: string | null } {
  const query = q('transactions')
    .options({ splits: 'all' })
    .filter({ id })
    .select(['category', 'payee']);
  const [row] = runQuery<Array<{ category: string | null; payee: string | null }>>(
    budget.sqlite,
    query,
  ).data;
  return { category: row?.category ?? null, description: row?.payee ?? null };
}

/**
 * Change one transaction's fields as the API's `updateTransaction` does: a split parent's new
 * payee also goes to the children that had the parent's old payee; account, date and cleared
 * follow the parent, and the split error is recomputed (by the batch). Only the given fields
 * change (a split line keeps the ones not given). An update that changes nothing (compared with
 * what a read shows, `shownRefs`) does nothing, as in Actual, where only changed fields reach the
 * transfer logic: a row that names a transfer
 * payee but has no other side (added without `runTransfers`) gets one at its first real change.
 */
export function updateTransaction(
  budget: Budget,
  fields: TransactionInput & { id: string },
  options: { emit?: Emit } = {},
): BatchResult | TransactionError {
  const row = budget.sqlite.first<StoredTx>(
    `${budget.db.columns.rowsSql('transactions')} WHERE t.id = ? AND t.tombstone = 0`,
    [fields.id],
  );
  if (!row) return txError('transaction-not-found', `No transaction with id ${fields.id}`);
  const change = changedFields({ ...row, ...shownRefs(budget, row.id) }, fields);
  if (Object.keys(change).length === 1) return { added: [], updated: [] };
  const updated: (TransactionInput & { id: string })[] = [change];
  if (isParentRow(row) && fields.payee !== undefined && fields.payee !== row.description) {
    const children = budget.sqlite.all<{ id: string }>(
      `SELECT id FROM transactions WHERE parent_id = ? AND isChild = 1 AND tombstone = 0
       AND description IS ?`,
      [row.id, row.description ?? null],
    );
    for (const child of children) updated.push({ id: child.id, payee: fields.payee });
  }
  return batchUpdateTransactions(budget, { updated }, { emit: options.emit });
}

/** Delete a transaction (a parent takes its children along; a last child unsplits its parent). */
export function deleteTransaction(
  budget: Budget,
  id: string,
  options: { emit?: Emit } = {},
): BatchResult | TransactionError {
  return batchUpdateTransactions(budget, { deleted: [{ id }] }, { emit: options.emit });
}
