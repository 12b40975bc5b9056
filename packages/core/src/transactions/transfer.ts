import { type StoredTx, isAlive, isChildRow, isCleared } from './model.ts';
import type { TxStore } from './store.ts';

/**
 * Transfers (reference §8.3). A transaction whose payee is an account's transfer payee has an
 * other side in that account with the opposite amount; `transferred_id` links the two both
 * ways. The functions below keep that true as transactions are added, changed and deleted,
 * and report what they changed on the given transaction (for the UI to apply).
 */
export interface TransferChange {
  id: string;
  transfer_id?: string | null;
  category?: null;
  payee?: null;
}

/**
 * Clears `row`'s category when both accounts are on budget or both off: the money only moves.
 * An on-budget → off-budget transfer keeps its category, because it counts as spending.
 */
function clearCategory(store: TxStore, row: StoredTx, otherAcct: string): boolean {
  const mine = store.account(String(row.acct));
  const other = store.account(otherAcct);
  if (!mine || !other || mine.offbudget !== other.offbudget) return false;
  store.update(row.id, { category: null });
  return true;
}

function addTransfer(
  store: TxStore,
  tx: StoredTx,
  target: string,
  newId: () => string,
  now: number,
): TransferChange | null {
  const fromPayee = store.payeeOfAccount(String(tx.acct));
  if (!fromPayee) return null;

  if (isChildRow(tx) && tx.parent_id) {
    const parent = store.get(String(tx.parent_id));
    if (parent && store.transferAccount(parent.description)) {
      // The parent already moves the money to an account; a child may not point elsewhere.
      if (parent.description !== tx.description) {
        store.update(tx.id, { description: null });
        return { id: tx.id, payee: null };
      }
      return null;
    }
  }

  const amount = -Number(tx.amount ?? 0);
  const match = store.findMirror(target, amount, tx.date, tx.id);
  let mirrorId: string;
  if (match) {
    mirrorId = match.id;
    store.update(match.id, { description: fromPayee, transferred_id: tx.id });
    clearCategory(store, store.get(match.id)!, String(tx.acct));
  } else {
    mirrorId = newId();
    store.insert({
      id: mirrorId,
      acct: target,
      amount,
      description: fromPayee,
      date: tx.date ?? null,
      transferred_id: tx.id,
      notes: tx.notes || null,
      cleared: 0,
      isParent: 0,
      isChild: 0,
      starting_balance_flag: 0,
      sort_order: now,
      tombstone: 0,
    });
  }
  store.update(tx.id, { transferred_id: mirrorId });
  const cleared = clearCategory(store, store.get(tx.id)!, target);
  return { id: tx.id, transfer_id: mirrorId, ...(cleared ? { category: null } : {}) };
}

function removeTransfer(store: TxStore, tx: StoredTx): TransferChange {
  const mirror = store.get(tx.transferred_id ? String(tx.transferred_id) : null);
  if (isAlive(mirror)) {
    if (isChildRow(mirror)) {
      // Deleting a split child would break its split: it becomes a plain child instead.
      store.update(mirror.id, { transferred_id: null, description: null });
    } else if (isCleared(mirror)) {
      // A cleared side was reconciled against the bank: keep it, only unlink it.
      const byName = tx.imported_description
        ? store.budget.sqlite.first<{ id: string }>(
            'SELECT id FROM payees WHERE name = ? AND tombstone = 0',
            [tx.imported_description],
          )
        : undefined;
      store.update(mirror.id, { transferred_id: null, description: byName?.id ?? null });
    } else {
      store.delete(mirror.id);
    }
  }
  store.update(tx.id, { transferred_id: null });
  return { id: tx.id, transfer_id: null };
}

function updateTransfer(
  store: TxStore,
  tx: StoredTx,
  target: string,
  newId: () => string,
  now: number,
): TransferChange | null {
  const mirror = store.get(String(tx.transferred_id));
  if (!isAlive(mirror)) {
    // The other side is gone (deleted elsewhere): link up again.
    store.update(tx.id, { transferred_id: null });
    return addTransfer(store, store.get(tx.id)!, target, newId, now);
  }
  store.update(mirror.id, {
    acct: target,
    description: store.payeeOfAccount(String(tx.acct)),
    amount: -Number(tx.amount ?? 0),
    date: tx.date ?? null,
  });
  return clearCategory(store, tx, target) ? { id: tx.id, category: null } : null;
}

/** The account a transaction transfers to, or null (a transfer to its own account is none). */
function targetOf(store: TxStore, tx: StoredTx): string | null {
  const target = store.transferAccount(tx.description);
  return target && target !== tx.acct ? target : null;
}

export interface TransferContext {
  newId: () => string;
  now: number;
}

export function onInsert(store: TxStore, id: string, ctx: TransferContext): TransferChange | null {
  const tx = store.get(id);
  if (!isAlive(tx)) return null;
  const target = targetOf(store, tx);
  return target ? addTransfer(store, tx, target, ctx.newId, ctx.now) : null;
}

export function onUpdate(store: TxStore, id: string, ctx: TransferContext): TransferChange | null {
  const tx = store.get(id);
  if (!tx) return null;
  if (!isAlive(tx)) return onDelete(store, id);
  const target = targetOf(store, tx);
  if (target && !tx.transferred_id) return addTransfer(store, tx, target, ctx.newId, ctx.now);
  if (!target && tx.transferred_id) return removeTransfer(store, tx);
  if (target && tx.transferred_id) return updateTransfer(store, tx, target, ctx.newId, ctx.now);
  return null;
}

export function onDelete(store: TxStore, id: string): TransferChange | null {
  const tx = store.get(id);
  return tx?.transferred_id ? removeTransfer(store, tx) : null;
}
