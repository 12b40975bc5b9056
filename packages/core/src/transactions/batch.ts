import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { orphanedAmong } from '../payees/queries.ts';
import { TransactionHooksSlot } from './hooks.ts';
import {
  type StoredTx,
  type Transaction,
  type TransactionInput,
  fromStored,
  isParentRow,
  storeInto,
} from './model.ts';
import { type TransactionError, checkReferences, existingIds, txError } from './references.ts';
import { settleSplit } from './splits.ts';
import { TxStore } from './store.ts';
import { type TransferChange, onDelete, onInsert, onUpdate } from './transfer.ts';

export interface BatchChanges {
  added?: readonly TransactionInput[];
  updated?: readonly (TransactionInput & { id: string })[];
  deleted?: readonly { id: string }[];
}

export interface BatchOptions {
  /** Teach the rules which category a payee gets (through `TransactionHooks`). */
  learnCategories?: boolean;
  /** Push `orphaned-payees` when a payee change left an old payee unused (needs `emit`). */
  detectOrphanPayees?: boolean;
  /** Create and keep in step the other side of transfers (default true). */
  runTransfers?: boolean;
  emit?: Emit;
  /** Payee ids created inside the same write batch (they are not in SQLite yet). */
  knownPayees?: ReadonlySet<string>;
  /** Runs first inside the write batch, e.g. to create those payees. */
  beforeWrite?: () => void;
  /**
   * Whole stored rows the caller has just read (an import's matches): they are known to exist
   * and are not read again.
   */
  loadedRows?: Iterable<StoredTx>;
}

export interface BatchResult {
  /** The added transactions as stored (children included). */
  added: Transaction[];
  /** What the transfer logic changed on the updated transactions. */
  updated: TransferChange[];
}

const NEEDED_ON_INSERT = ['account', 'date', 'amount'] as const;

const isAbsent = (value: unknown): boolean => value === undefined || value === null;
const isNull = (value: unknown): boolean => value === null;

/** The first of `NEEDED_ON_INSERT` whose value is `lacking`, else null. */
function missingOf(
  t: TransactionInput,
  lacking: (value: unknown) => boolean,
): (typeof NEEDED_ON_INSERT)[number] | null {
  for (let f = 0; f < NEEDED_ON_INSERT.length; f++) {
    if (lacking(t[NEEDED_ON_INSERT[f]!])) return NEEDED_ON_INSERT[f]!;
  }
  return null;
}

/**
 * `loaded` are rows the caller just read (they exist), `knownPayees` payees created in the same
 * write batch (not in SQLite yet): neither is looked up.
 */
function validate(
  budget: Budget,
  changes: BatchChanges,
  loaded: ReadonlySet<string>,
  knownPayees: ReadonlySet<string> | undefined,
): TransactionError | null {
  const db = budget.sqlite;
  const added = changes.added ?? [];
  const updated = changes.updated ?? [];
  const deleted = changes.deleted ?? [];
  const refs = {
    accounts: new Set<string>(),
    payees: new Set<string>(),
    categories: new Set<string>(),
  };
  // Indexed loops: an iterator per list and per row (for…of over the three fields) was 13 MB of
  // a 50,000-row import's allocations.
  for (const list of [added, updated]) {
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      if (t.account) refs.accounts.add(t.account);
      if (t.payee && !knownPayees?.has(t.payee)) refs.payees.add(t.payee);
      if (t.category) refs.categories.add(t.category);
    }
  }
  // Ids this batch made itself are fresh uuids: only the ones the caller chose can clash,
  // with each other or with the table (and only they can be named as a parent).
  const seen = new Set<string>();
  for (let i = 0; i < added.length; i++) {
    const t = added[i]!;
    const missing = missingOf(t, isAbsent);
    if (missing) return txError('invalid-transaction', `added[${i}] needs ${missing}`);
    if (t.id === undefined || t.id === null) continue;
    if (seen.has(t.id)) return txError('transaction-exists', `Id ${t.id} is added twice`);
    seen.add(t.id);
  }
  const clash = existingIds(db, 'SELECT id FROM transactions WHERE id IN', seen);
  for (const id of clash)
    return txError('transaction-exists', `A transaction with id ${id} exists`);

  for (let i = 0; i < updated.length; i++) {
    const missing = missingOf(updated[i]!, isNull);
    if (missing) return txError('invalid-transaction', `updated[${i}].${missing} cannot be null`);
  }
  const named = [...updated.map((t) => t.id), ...deleted.map((t) => t.id)];
  const found = existingIds(
    db,
    'SELECT id FROM transactions WHERE id IN',
    named.filter((id) => !loaded.has(id)),
  );
  for (const id of loaded) found.add(id);
  for (const id of named) {
    if (!found.has(id)) return txError('transaction-not-found', `No transaction with id ${id}`);
  }
  const parents = added.filter((t) => t.is_child).map((t) => t.parent_id ?? '');
  const liveParents = existingIds(
    db,
    'SELECT id FROM transactions WHERE tombstone = 0 AND id IN',
    parents.filter((id) => !seen.has(id)),
  );
  for (const id of parents) {
    if (!seen.has(id) && !liveParents.has(id)) {
      return txError(
        'parent-not-found',
        `A split child names a parent that does not exist: ${id || '(none)'}`,
      );
    }
  }
  return checkReferences(db, refs);
}

/**
 * Add, update and delete transactions as one change (one write batch, one undo step):
 * validates every id first (a bad one changes nothing), keeps splits consistent, and runs the
 * transfer logic. The core of `transactions-batch-update` and of everything that writes
 * transactions (imports, the API, account close, tools).
 */
export function batchUpdateTransactions(
  budget: Budget,
  changes: BatchChanges,
  options: BatchOptions = {},
): BatchResult | TransactionError {
  const result = batchUpdateStored(budget, changes, options);
  if ('error' in result) return result;
  return { added: result.added.map(fromStored), updated: result.updated };
}

/**
 * `batchUpdateTransactions` answering the added rows as stored: an import wants only their
 * ids, and the public form of tens of thousands of rows cost it a date string and a dozen
 * conversions each.
 */
export function batchUpdateStored(
  budget: Budget,
  changes: BatchChanges,
  options: BatchOptions = {},
): { added: StoredTx[]; updated: TransferChange[] } | TransactionError {
  const { clock, random } = budget.env.platform;
  const newId = () => random.uuid();
  const added = changes.added ?? [];
  const updated = changes.updated ?? [];
  const addedIds = added.map((t) => t.id ?? newId());

  const loadedRows = [...(options.loadedRows ?? [])];
  const loaded = new Set(loadedRows.map((row) => row.id));
  const problem = validate(budget, changes, loaded, options.knownPayees);
  if (problem) return problem;

  const oldPayees = payeesBefore(
    budget,
    updated.filter((u) => u.payee).map((u) => u.id),
  );
  const now = clock.now();
  const transfers: TransferChange[] = [];

  const result = budget.db.batch((): StoredTx[] => {
    options.beforeWrite?.();
    const store = new TxStore(budget);
    store.seed(loadedRows);
    store.preload([...updated.map((t) => t.id), ...(changes.deleted ?? []).map((t) => t.id)]);

    added.forEach((t, i) => {
      const row: StoredTx = {
        id: addedIds[i]!,
        isParent: 0,
        isChild: 0,
        cleared: 1,
        starting_balance_flag: 0,
        sort_order: now,
        tombstone: 0,
      };
      // Set on the row itself, not spread from a patch: a spread of an object this wide takes
      // V8's slow path, once per added row.
      storeInto(row, t);
      row.id = addedIds[i]!;
      store.insert(row);
    });

    const deletedIds = new Set<string>();
    for (const { id } of changes.deleted ?? []) {
      deletedIds.add(id);
      const row = store.get(id);
      if (row && isParentRow(row))
        for (const child of store.childrenOf(id)) deletedIds.add(child.id);
    }
    for (const id of deletedIds) store.delete(id);

    for (const t of updated) {
      // The stored columns, which never include the id (a rest pattern took V8's slow path).
      const patch: Partial<StoredTx> = {};
      storeInto(patch, t);
      // Moving a transaction off budget always drops its category.
      if (t.account && store.account(t.account)?.offbudget) patch.category = null;
      store.update(t.id, patch);
    }

    const parents = new Set<string>();
    const noteParent = (id: string) => {
      const row = store.get(id);
      if (!row) return;
      if (row.isParent === 1) parents.add(id);
      if (row.parent_id) parents.add(String(row.parent_id));
    };
    // Each list on its own (one spread list of them all was an array and an iterator step per
    // row of a large import).
    for (let i = 0; i < addedIds.length; i++) noteParent(addedIds[i]!);
    for (let i = 0; i < updated.length; i++) noteParent(updated[i]!.id);
    deletedIds.forEach(noteParent);
    const followers = new Set<string>();
    for (const parent of parents)
      for (const child of settleSplit(store, parent)) followers.add(child);

    if (options.runTransfers !== false) {
      const ctx = { newId, now };
      for (const id of addedIds) onInsert(store, id, ctx);
      // A new line that only took its new parent's fields was settled before onInsert saw it.
      const added = new Set(addedIds);
      for (const id of new Set([...updated.map((t) => t.id), ...followers])) {
        if (deletedIds.has(id) || added.has(id)) continue;
        const change = onUpdate(store, id, ctx);
        if (change) transfers.push(change);
      }
      for (const id of deletedIds) onDelete(store, id);
    }
    return addedIds.map((id) => store.get(id)!);
  });

  if (options.learnCategories) learn(budget, changes, result);
  if (options.detectOrphanPayees !== false && options.emit) {
    reportOrphans(budget, oldPayees, updated, options.emit);
  }
  return { added: result, updated: transfers };
}

/** The current (merged) payees of transactions, before they change. */
function payeesBefore(budget: Budget, ids: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const rows = budget.sqlite.all<{ payee: string | null }>(
      `SELECT pm.targetId AS payee FROM transactions t
       LEFT JOIN payee_mapping pm ON pm.id = t.description
       WHERE t.id IN (${part.map(() => '?').join(',')})`,
      part,
    );
    for (const row of rows) if (row.payee) out.add(row.payee);
  }
  return out;
}

function learn(budget: Budget, changes: BatchChanges, added: readonly StoredTx[]): void {
  const hook = budget.get(TransactionHooksSlot).learnCategories;
  if (!hook) return;
  const ids = new Set([
    ...added.filter((t) => t.category).map((t) => t.id),
    ...(changes.updated ?? []).filter((t) => t.category).map((t) => t.id),
  ]);
  const rows = [...ids]
    .map((id) =>
      budget.sqlite.first<StoredTx>(`${budget.db.columns.rowsSql('transactions')} WHERE t.id = ?`, [
        id,
      ]),
    )
    .filter((r): r is StoredTx => !!r)
    .map(fromStored);
  if (rows.length > 0) hook(rows);
}

/** Actual tells the UI when a payee change leaves the old payee with no transactions. */
function reportOrphans(
  budget: Budget,
  oldPayees: Set<string>,
  updated: readonly TransactionInput[],
  emit: Emit,
): void {
  const newPayeeIds = updated.map((u) => u.payee).filter((p): p is string => !!p);
  if (newPayeeIds.length === 0 || oldPayees.size === 0) return;
  const orphanedIds = orphanedAmong(budget, oldPayees);
  if (orphanedIds.length > 0)
    emit('orphaned-payees', { orphanedIds, updatedPayeeIds: newPayeeIds });
}
