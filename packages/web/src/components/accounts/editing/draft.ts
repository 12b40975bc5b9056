/**
 * The add row: a new transaction (and its split lines) typed in before it is saved. Nothing is
 * written until Enter saves it, so Escape leaves nothing behind.
 */
import { amountAfter, type EditContext, NewPayees, type Row } from './edits.ts';
import { splitRemainder } from '../rows/register-rows.ts';
import type { BatchChanges, RegisterField } from '../types.ts';

export interface DraftLine {
  id: string;
  payee: string | null;
  notes: string | null;
  category: string | null;
  amount: number;
}

export interface Draft {
  id: string;
  date: string;
  account: string | null;
  payee: string | null;
  notes: string | null;
  category: string | null;
  amount: number;
  cleared: boolean;
  /** Split lines, or null for a plain transaction. */
  lines: DraftLine[] | null;
}

export function newDraft(id: string, date: string, account: string | null): Draft {
  return {
    id,
    date,
    account,
    payee: null,
    notes: null,
    category: null,
    amount: 0,
    cleared: false,
    lines: null,
  };
}

const lineOf = (id: string, amount = 0): DraftLine => ({
  id,
  payee: null,
  notes: null,
  category: null,
  amount,
});

/**
 * The draft after a field was typed: on the transaction (`line` null) or on split line `line`.
 * 'Split Transaction' turns it into a split with one empty line.
 */
export function updateDraft(
  draft: Draft,
  line: number | null,
  field: RegisterField,
  value: unknown,
  newId: () => string,
): Draft {
  if (line !== null && draft.lines) {
    const lines = draft.lines.map((l, i) => (i === line ? updateLine(l, field, value) : l));
    return { ...draft, lines };
  }
  switch (field) {
    case 'payment':
    case 'deposit':
      return { ...draft, amount: amountAfter(draft.amount, field, value as number | null) };
    case 'category':
      if (value === 'split') {
        return draft.lines ? draft : { ...draft, category: null, lines: [lineOf(newId())] };
      }
      return { ...draft, category: (value as string | null) ?? null };
    case 'notes':
      return { ...draft, notes: (value as string) || null };
    case 'cleared':
      return { ...draft, cleared: Boolean(value) };
    default:
      return { ...draft, [field]: value ?? null };
  }
}

function updateLine(line: DraftLine, field: RegisterField, value: unknown): DraftLine {
  switch (field) {
    case 'payment':
    case 'deposit':
      return { ...line, amount: amountAfter(line.amount, field, value as number | null) };
    case 'payee':
    case 'category':
      return { ...line, [field]: value === 'split' ? line[field] : ((value as string) ?? null) };
    case 'notes':
      return { ...line, notes: (value as string) || null };
    default:
      return line;
  }
}

/** What is left to assign of a split draft (0 for a plain one). */
export function draftRemainder(draft: Draft): number {
  return draft.lines
    ? splitRemainder(
        draft.amount,
        draft.lines.map((l) => l.amount),
      )
    : 0;
}

/** A new split line holding what is left to assign. */
export function addDraftLine(draft: Draft, newId: () => string): Draft {
  return { ...draft, lines: [...(draft.lines ?? []), lineOf(newId(), draftRemainder(draft))] };
}

export function removeDraftLine(draft: Draft, line: number): Draft {
  const lines = (draft.lines ?? []).filter((_, i) => i !== line);
  return { ...draft, lines: lines.length > 0 ? lines : null };
}

export type DraftProblem = { field: 'date' | 'account'; message: string };

/** Why the draft cannot be saved yet, or null. */
export function draftProblem(draft: Draft): DraftProblem | null {
  if (!draft.date) return { field: 'date', message: 'A transaction needs a date' };
  if (!draft.account) return { field: 'account', message: 'Choose the account it is in' };
  return null;
}

/** The write that saves the draft: the transaction, its lines, and any payees it creates. */
export function draftChanges(draft: Draft, ctx: EditContext): BatchChanges {
  const payees = new NewPayees(ctx);
  const payee = payees.resolve(draft.payee);
  const parent: Row = {
    id: draft.id,
    account: draft.account,
    date: draft.date,
    amount: draft.amount,
    payee,
    notes: draft.notes,
    category: draft.lines ? null : draft.category,
    cleared: draft.cleared,
  };
  const added: Row[] = [parent];
  if (draft.lines) {
    parent.is_parent = true;
    draft.lines.forEach((line, i) => {
      added.push({
        id: line.id,
        account: draft.account,
        date: draft.date,
        cleared: draft.cleared,
        amount: line.amount,
        payee: payees.resolve(line.payee) ?? payee,
        notes: line.notes,
        category: line.category,
        is_child: true,
        parent_id: draft.id,
        sort_order: -i,
      });
    });
  }
  return { added, newPayees: payees.list };
}
