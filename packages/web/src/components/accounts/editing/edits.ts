/**
 * What an edit in the register writes, as one `transactions-batch-update` (one undo step):
 * a field of a transaction or a split line, a new transaction from the add row, splitting,
 * distributing, and the bulk actions. Pure, so every rule is tested here; the component
 * only sends what these functions return.
 */
import type { NotesMode } from '../../kit/pickers/EditFieldModal.tsx';
import type { BatchChanges, RegisterField, RegisterTx } from '../types.ts';

export type Row = Record<string, unknown> & { id: string };

export interface EditContext {
  newId: () => string;
  /**
   * Live, non-transfer payees by name, so 'Create Payee' of an existing name reuses it (also
   * one this register created a moment ago, before the app's payee list has it).
   */
  payeeByName?: { get(name: string): string | undefined };
}

/** Collects payees a write creates (`new:{name}` values), one id per name. */
export class NewPayees {
  private readonly byName = new Map<string, string>();
  constructor(private readonly ctx: EditContext) {}

  /** A payee value as an id: `new:{name}` becomes the new payee's (or a same-named one's). */
  resolve(value: unknown): string | null {
    if (typeof value !== 'string' || value === '') return null;
    if (!value.startsWith('new:')) return value;
    const name = value.slice(4).trim();
    if (!name) return null;
    const existing = this.ctx.payeeByName?.get(name);
    if (existing) return existing;
    let id = this.byName.get(name);
    if (!id) this.byName.set(name, (id = this.ctx.newId()));
    return id;
  }

  get list(): Array<{ id: string; name: string }> {
    return [...this.byName].map(([name, id]) => ({ id, name }));
  }
}

/**
 * The amount after typing into the payment or deposit column: a payment is money out (a
 * negative amount). Blanking one column zeroes the amount only when it was that column's.
 */
export function amountAfter(
  current: number,
  column: 'payment' | 'deposit',
  typed: number | null,
): number {
  const value = typed ?? 0;
  if (value !== 0) return column === 'payment' ? -value : value;
  if (column === 'payment') return current <= 0 ? 0 : current;
  return current >= 0 ? 0 : current;
}

/** The stored fields a typed value sets, or null when it changes nothing. */
export function fieldPatch(
  tx: Pick<RegisterTx, 'amount' | 'date' | 'account' | 'payee' | 'notes' | 'category' | 'cleared'>,
  field: RegisterField,
  value: unknown,
  payees: NewPayees,
): Record<string, unknown> | null {
  let patch: Record<string, unknown>;
  switch (field) {
    case 'payment':
    case 'deposit':
      patch = { amount: amountAfter(tx.amount, field, value as number | null) };
      break;
    case 'payee':
      patch = { payee: payees.resolve(value) };
      break;
    case 'notes':
      patch = { notes: typeof value === 'string' && value !== '' ? value : null };
      break;
    case 'cleared':
      patch = { cleared: Boolean(value) };
      break;
    case 'category':
      patch = { category: (value as string | null) || null };
      break;
    default:
      patch = { [field]: value };
  }
  const [key, next] = Object.entries(patch)[0]!;
  const before = (tx as Record<string, unknown>)[key] ?? null;
  return before === next ? null : patch;
}

/** A split's line: the parent's account, date and cleared flag, its own payee and amount. */
export function newLine(parent: RegisterTx, id: string, amount: number, order: number): Row {
  return {
    id,
    account: parent.account,
    date: parent.date,
    cleared: parent.cleared,
    payee: parent.payee,
    amount,
    category: null,
    is_child: true,
    parent_id: parent.id,
    sort_order: order,
  };
}

/** The next line's sort order: below the split's other lines (they sort descending). */
export function nextLineOrder(lines: readonly RegisterTx[]): number {
  return lines.length === 0 ? 0 : Math.min(...lines.map((l) => l.sort_order ?? 0)) - 1;
}

/**
 * An edit of one field of a transaction (`parent` null) or of a split line. Choosing 'Split
 * Transaction' makes the transaction a split with one empty line.
 */
export function editChanges(
  tx: RegisterTx,
  parent: RegisterTx | null,
  field: RegisterField,
  value: unknown,
  ctx: EditContext,
): BatchChanges {
  const payees = new NewPayees(ctx);
  if (field === 'category' && value === 'split') {
    if (parent || tx.is_parent) return {};
    return {
      updated: [{ id: tx.id, is_parent: true, category: null }],
      added: [newLine({ ...tx, is_parent: true }, ctx.newId(), 0, 0)],
    };
  }
  const patch = fieldPatch(tx, field, value, payees);
  if (!patch) return {};
  return { updated: [{ id: tx.id, ...patch }], newPayees: payees.list };
}

/** A new line under a split (Enter on its last line while some of it is left to assign). */
export function addLineChanges(parent: RegisterTx, amount: number, ctx: EditContext): BatchChanges {
  const lines = parent.subtransactions ?? [];
  return { added: [newLine(parent, ctx.newId(), amount, nextLineOrder(lines))] };
}

/** 'Distribute': what is left goes to the split's lines (register-rows.ts `distribute`). */
export function distributeChanges(parent: RegisterTx, amounts: readonly number[]): BatchChanges {
  const lines = parent.subtransactions ?? [];
  const updated = lines
    .map((line, i) => ({ id: line.id, amount: amounts[i]! }))
    .filter((u, i) => u.amount !== lines[i]!.amount);
  return { updated };
}

export function deleteChanges(ids: Iterable<string>): BatchChanges {
  return { deleted: [...new Set(ids)].map((id) => ({ id })) };
}

const COPIED = ['account', 'date', 'amount', 'payee', 'notes', 'category', 'cleared'] as const;

/**
 * Copies of transactions (splits with their lines), as new transactions: not imported, not a
 * schedule's, and a transfer's copy makes its own other side.
 */
export function duplicateChanges(txs: readonly RegisterTx[], ctx: EditContext): BatchChanges {
  const added: Row[] = [];
  for (const tx of txs) {
    if (tx.is_child) continue;
    const id = ctx.newId();
    const copy: Row = { id };
    for (const key of COPIED) copy[key] = tx[key];
    const lines = tx.subtransactions ?? [];
    if (tx.is_parent && lines.length > 0) {
      copy.is_parent = true;
      copy.category = null;
      added.push(copy);
      lines.forEach((line, i) => {
        const child: Row = { id: ctx.newId(), is_child: true, parent_id: id, sort_order: -i };
        for (const key of COPIED) child[key] = line[key];
        added.push(child);
      });
    } else {
      added.push(copy);
    }
  }
  return { added };
}

/**
 * The edit-field modal applied to selected transactions and lines. A split's lines take their
 * date, account and cleared flag from their transaction, so those go to the transaction; a
 * category goes to lines and plain transactions, never to a split's total.
 */
export function setFieldChanges(
  selected: readonly RegisterTx[],
  field: 'date' | 'account' | 'payee' | 'notes' | 'category' | 'amount' | 'cleared',
  value: unknown,
  mode: NotesMode | undefined,
  ctx: EditContext,
): BatchChanges {
  const payees = new NewPayees(ctx);
  const updated = new Map<string, Row>();
  const set = (id: string, patch: Record<string, unknown>) =>
    updated.set(id, { ...(updated.get(id) ?? { id }), ...patch });
  for (const tx of selected) {
    switch (field) {
      case 'date':
      case 'account':
      case 'cleared':
        set(tx.is_child && tx.parent_id ? tx.parent_id : tx.id, {
          [field]: field === 'cleared' ? Boolean(value) : value,
        });
        break;
      case 'category':
        if (!tx.is_parent) set(tx.id, { category: value ?? null });
        break;
      case 'payee':
        set(tx.id, { payee: payees.resolve(value) });
        break;
      case 'amount':
        set(tx.id, { amount: value });
        break;
      case 'notes': {
        const text = typeof value === 'string' ? value : '';
        const old = tx.notes ?? '';
        const notes = mode === 'prepend' ? text + old : mode === 'append' ? old + text : text;
        set(tx.id, { notes: notes === '' ? null : notes });
        break;
      }
    }
  }
  return { updated: [...updated.values()], newPayees: payees.list };
}

/** Unlinking selected transactions from their schedule. */
export function unlinkScheduleChanges(selected: readonly RegisterTx[]): BatchChanges {
  return {
    updated: selected.filter((t) => t.schedule).map((t) => ({ id: t.id, schedule: null })),
  };
}
