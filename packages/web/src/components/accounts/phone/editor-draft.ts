/**
 * The touch editor's transaction as it is being typed: the register's `Draft` (draft.ts), made
 * from a saved transaction for an edit, and the one `transactions-batch-update` (one undo step)
 * that saves it. Pure, so every rule is tested here.
 */
import {
  type Draft,
  type DraftLine,
  draftChanges,
  draftProblem,
  type DraftProblem,
} from '../editing/draft.ts';
import { type EditContext, NewPayees, type Row } from '../editing/edits.ts';
import type { BatchChanges, RegisterTx } from '../types.ts';

/** A saved transaction (a split with its lines) as the editor's draft. */
export function draftFromTx(tx: RegisterTx): Draft {
  const lines: DraftLine[] | null =
    tx.is_parent && tx.subtransactions && tx.subtransactions.length > 0
      ? tx.subtransactions.map((l) => ({
          id: l.id,
          // A line with the split's own payee shows none of its own.
          payee: l.payee && l.payee !== tx.payee ? l.payee : null,
          notes: l.notes,
          category: l.category,
          amount: l.amount,
        }))
      : null;
  return {
    id: tx.id,
    date: tx.date,
    account: tx.account,
    payee: tx.payee,
    notes: tx.notes,
    category: lines ? null : tx.category,
    amount: tx.amount,
    cleared: tx.cleared,
    lines,
  };
}

/** Whether anything was typed since `start` (leaving then asks first). */
export function draftChanged(start: Draft, now: Draft): boolean {
  return JSON.stringify(start) !== JSON.stringify(now);
}

/** Why the draft cannot be saved yet: the register's checks. */
export function editorProblem(draft: Draft): DraftProblem | null {
  return draftProblem(draft);
}

const differs = (patch: Row, before: Record<string, unknown>): Row | null => {
  const changed: Row = { id: patch.id };
  let any = false;
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'id') continue;
    if ((before[key] ?? null) !== (value ?? null)) {
      changed[key] = value;
      any = true;
    }
  }
  return any ? changed : null;
};

/**
 * What saving the draft writes: a new transaction as the register's add row writes it, or for
 * an edit the changed fields of the transaction, its changed lines, lines added and removed.
 */
export function saveChanges(
  before: RegisterTx | null,
  draft: Draft,
  ctx: EditContext,
): BatchChanges {
  if (!before) return draftChanges(draft, ctx);
  const payees = new NewPayees(ctx);
  const payee = payees.resolve(draft.payee);
  const split = draft.lines !== null;
  const updated: Row[] = [];
  const parent = differs(
    {
      id: before.id,
      date: draft.date,
      account: draft.account,
      amount: draft.amount,
      payee,
      notes: draft.notes,
      category: split ? null : draft.category,
      cleared: draft.cleared,
      is_parent: split,
    },
    { ...before, is_parent: before.is_parent },
  );
  if (parent) updated.push(parent);

  const oldLines = new Map((before.subtransactions ?? []).map((l) => [l.id, l]));
  const added: Row[] = [];
  (draft.lines ?? []).forEach((line, i) => {
    const row: Row = {
      id: line.id,
      account: draft.account,
      date: draft.date,
      cleared: draft.cleared,
      amount: line.amount,
      payee: payees.resolve(line.payee) ?? payee,
      notes: line.notes,
      category: line.category,
    };
    const old = oldLines.get(line.id);
    if (old) {
      oldLines.delete(line.id);
      const patch = differs(row, { ...old });
      if (patch) updated.push(patch);
    } else {
      added.push({ ...row, is_child: true, parent_id: before.id, sort_order: -i });
    }
  });
  const deleted = [...oldLines.keys()].map((id) => ({ id }));
  return { added, updated, deleted, newPayees: payees.list };
}

/**
 * The transaction as a save of `draft` leaves it (`changes`: what `saveChanges` wrote), for the
 * register to show at once when the editor closes, before its rows are read again: the
 * payee as written (a new payee's id), the rest as typed. Split lines are not shown on a
 * phone's list, so a split's row carries none.
 */
export function savedTx(
  before: RegisterTx | null,
  draft: Draft,
  changes: BatchChanges,
): RegisterTx {
  const own = [...(changes.added ?? []), ...(changes.updated ?? [])].find((r) => r.id === draft.id);
  const payee = own && 'payee' in own ? own.payee : (before?.payee ?? null);
  const split = draft.lines !== null;
  return {
    ...(before ?? {
      id: draft.id,
      is_child: false,
      parent_id: null,
      imported_id: null,
      imported_payee: null,
      error: null,
      starting_balance_flag: false,
      transfer_id: null,
      sort_order: null,
      schedule: null,
    }),
    account: draft.account ?? before?.account ?? '',
    date: draft.date,
    amount: draft.amount,
    payee: typeof payee === 'string' ? payee : null,
    notes: draft.notes,
    category: split ? null : draft.category,
    cleared: draft.cleared,
    is_parent: split,
    subtransactions: [],
  };
}
