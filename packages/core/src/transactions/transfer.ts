import { type StoredTx, isAlive, isChildRow, isParentRow } from './model.ts';
import type { TxStore } from './store.ts';

/**
 * Transfers (see this folder's README). A transaction whose payee is another account's
 * transfer payee has an other side in that account with the opposite amount; `transferred_id`
 * links the two both ways. A split parent is never a transfer: each of its lines that names a
 * transfer payee is one, with its own other side, so a paycheck split into take-home pay and
 * savings moves only the savings line. The functions below keep that true as transactions are
 * added, changed and deleted, and report what they changed on the given transaction (for the UI
 * to apply).
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

/** Always a new other side: Actual never adopts a transaction already in the other account. */
function addTransfer(
  store: TxStore,
  tx: StoredTx,
  target: string,
  newId: () => string,
  now: number,
): TransferChange | null {
  const fromPayee = store.payeeOfAccount(String(tx.acct));
  if (!fromPayee) return null;
  const mirrorId = newId();
  store.insert({
    id: mirrorId,
    acct: target,
    amount: -Number(tx.amount ?? 0),
    description: fromPayee,
    date: tx.date ?? null,
    transferred_id: tx.id,
    notes: tx.notes || null,
    schedule: tx.schedule ?? null,
    cleared: 0,
    isParent: 0,
    isChild: 0,
    starting_balance_flag: 0,
    sort_order: now,
    tombstone: 0,
  });
  store.update(tx.id, { transferred_id: mirrorId });
  const cleared = clearCategory(store, store.get(tx.id)!, target);
  return { id: tx.id, transfer_id: mirrorId, ...(cleared ? { category: null } : {}) };
}

/**
 * Undoes the link and deletes the other side, cleared or not: a cleared side left behind would
 * change its account's balance by money that no longer moves. A split line on the other side is
 * only unlinked (deleting it would break its split) and loses the transfer payee.
 */
function removeTransfer(store: TxStore, tx: StoredTx): TransferChange {
  const mirror = store.get(tx.transferred_id ? String(tx.transferred_id) : null);
  if (isAlive(mirror)) {
    if (isChildRow(mirror)) {
      store.update(mirror.id, { transferred_id: null, description: null });
    } else {
      store.delete(mirror.id);
    }
  }
  store.update(tx.id, { transferred_id: null });
  return { id: tx.id, transfer_id: null };
}

/**
 * The other side follows this one's account, amount, date, notes and schedule. A split line on
 * the other side keeps its split's account and date: when this one now names another account,
 * the line stops being the other side (it keeps its amount, without the transfer payee) and a
 * new other side is made there. Actual moves the line out of its split instead.
 */
function updateTransfer(
  store: TxStore,
  tx: StoredTx,
  target: string,
  newId: () => string,
  now: number,
): TransferChange | null {
  const mirror = store.get(String(tx.transferred_id));
  if (!isAlive(mirror) || (isChildRow(mirror) && mirror.acct !== target)) {
    // The other side is gone (deleted on another device), or cannot move: link up anew.
    if (isAlive(mirror)) store.update(mirror.id, { transferred_id: null, description: null });
    store.update(tx.id, { transferred_id: null });
    return addTransfer(store, store.get(tx.id)!, target, newId, now);
  }
  if (isChildRow(mirror)) {
    store.update(mirror.id, {
      description: store.payeeOfAccount(String(tx.acct)),
      amount: -Number(tx.amount ?? 0),
      notes: tx.notes ?? null,
      schedule: tx.schedule ?? null,
    });
    return clearBoth(store, tx, mirror.id, target);
  }
  store.update(mirror.id, {
    acct: target,
    description: store.payeeOfAccount(String(tx.acct)),
    amount: -Number(tx.amount ?? 0),
    date: tx.date ?? null,
    notes: tx.notes ?? null,
    schedule: tx.schedule ?? null,
  });
  return clearBoth(store, tx, mirror.id, target);
}

/**
 * Both sides now on the same side of the budget: neither keeps a category (the other side's
 * would count money that only moved, when both are on budget). As Actual 26; 6.9 clears only
 * the changed side.
 */
function clearBoth(
  store: TxStore,
  tx: StoredTx,
  mirrorId: string,
  target: string,
): TransferChange | null {
  if (!clearCategory(store, tx, target)) return null;
  if (store.get(mirrorId)?.category != null) store.update(mirrorId, { category: null });
  return { id: tx.id, category: null };
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

/**
 * A split parent that is a transfer is the shape budgets written before this rule hold
 * (Actual 23.8.1's too): its other side moved the whole amount. Touching it removes that other
 * side and gives each line that names a transfer payee its own, so both accounts end right.
 */
function settleParent(store: TxStore, parent: StoredTx, ctx: TransferContext): TransferChange {
  const change = removeTransfer(store, parent);
  for (const child of store.childrenOf(parent.id)) {
    if (child.transferred_id) continue;
    const target = targetOf(store, child);
    if (target) addTransfer(store, child, target, ctx.newId, ctx.now);
  }
  return change;
}

export function onInsert(store: TxStore, id: string, ctx: TransferContext): TransferChange | null {
  const tx = store.get(id);
  if (!isAlive(tx) || isParentRow(tx)) return null;
  const target = targetOf(store, tx);
  return target ? addTransfer(store, tx, target, ctx.newId, ctx.now) : null;
}

export function onUpdate(store: TxStore, id: string, ctx: TransferContext): TransferChange | null {
  const tx = store.get(id);
  if (!tx) return null;
  if (!isAlive(tx)) return onDelete(store, id);
  if (isParentRow(tx)) return tx.transferred_id ? settleParent(store, tx, ctx) : null;
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
