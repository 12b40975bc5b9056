/**
 * The rows the keyboard moves through, with what each one shows and edits: the add row (and
 * its split lines) first, then the register's transactions and split lines.
 */
import type { Account } from '../../../store/types.ts';
import { type CategoryState, type CellValues, categoryState, editableFields } from './cells.tsx';
import { nextField } from './columns.ts';
import type { Draft } from '../editing/draft.ts';
import { isReconciled } from '../editing/reconciled.ts';
import type { DisplayRow } from '../rows/register-rows.ts';
import type { RegisterField, RegisterTx } from '../types.ts';

export interface NavRow {
  key: string;
  kind: 'draft' | 'draft-line' | 'txn' | 'child';
  values: CellValues;
  category: CategoryState;
  fields: RegisterField[];
  /** The transaction (or line) of a register row. */
  tx?: RegisterTx;
  /** A line's transaction. */
  parent?: RegisterTx;
  /** A split line's index in the add row. */
  line?: number;
  /** The last line of its split. */
  last?: boolean;
}

export const DRAFT_KEY = 'draft';
export const draftLineKey = (id: string) => `draft-line:${id}`;

export interface NavContext {
  accounts: readonly Account[];
  transferAccountOf: (payee: string | null) => string | null;
  showAccount: boolean;
}

function nav(base: Omit<NavRow, 'category' | 'fields'>, ctx: NavContext): NavRow {
  const category = categoryState(base.values, ctx.accounts, ctx.transferAccountOf);
  return { ...base, category, fields: editableFields(base.values, category, ctx.showAccount) };
}

export function txValues(tx: RegisterTx, parent?: RegisterTx): CellValues {
  return {
    date: tx.date,
    account: tx.account,
    payee: tx.payee,
    notes: tx.notes,
    category: tx.category,
    amount: tx.amount,
    cleared: tx.cleared,
    isSplit: tx.is_parent,
    isLine: !!parent,
    reconciled: isReconciled(parent ?? tx),
  };
}

export function draftNavRows(draft: Draft | null, ctx: NavContext): NavRow[] {
  if (!draft) return [];
  const out = [
    nav(
      {
        key: DRAFT_KEY,
        kind: 'draft',
        values: {
          date: draft.date,
          account: draft.account,
          payee: draft.payee,
          notes: draft.notes,
          category: draft.category,
          amount: draft.amount,
          cleared: draft.cleared,
          isSplit: draft.lines !== null,
          isLine: false,
        },
      },
      ctx,
    ),
  ];
  (draft.lines ?? []).forEach((line, i, lines) =>
    out.push(
      nav(
        {
          key: draftLineKey(line.id),
          kind: 'draft-line',
          line: i,
          last: i === lines.length - 1,
          values: {
            date: draft.date,
            account: draft.account,
            payee: line.payee ?? draft.payee,
            notes: line.notes,
            category: line.category,
            amount: line.amount,
            cleared: draft.cleared,
            isSplit: false,
            isLine: true,
          },
        },
        ctx,
      ),
    ),
  );
  return out;
}

/**
 * The register's rows for the keyboard. `cache` keeps each transaction's row while the
 * transaction object is the same (a new page appends rows; rows already shown stay as they
 * were, and so skip rendering). Make a new cache when the context changes.
 */
export function registerNavRows(
  rows: readonly DisplayRow[],
  ctx: NavContext,
  cache: WeakMap<RegisterTx, NavRow> = new WeakMap(),
): NavRow[] {
  const out: NavRow[] = [];
  for (const row of rows) {
    if (row.kind === 'split-left') continue;
    const known = cache.get(row.tx);
    if (known && known.parent === (row.kind === 'child' ? row.parent : undefined)) {
      if (row.kind !== 'child' || known.last === row.last) {
        out.push(known);
        continue;
      }
    }
    const made =
      row.kind === 'txn'
        ? nav({ key: row.key, kind: 'txn', tx: row.tx, values: txValues(row.tx) }, ctx)
        : nav(
            {
              key: row.key,
              kind: 'child',
              tx: row.tx,
              parent: row.parent,
              last: row.last,
              values: txValues(row.tx, row.parent),
            },
            ctx,
          );
    cache.set(row.tx, made);
    out.push(made);
  }
  return out;
}

/** Where Tab goes from a field: a field (of this row or the next), or the add row's footer. */
export type TabTarget = { row: NavRow; field: RegisterField } | 'draft-footer' | null;

const inDraft = (row: NavRow | undefined) => row?.kind === 'draft' || row?.kind === 'draft-line';

/**
 * Where Tab (dir 1) or Shift+Tab (dir -1) from `field` of `rows[index]` goes. Tab never leaves
 * the unsaved new transaction for the rows below: past its last field (or its last split
 * line's) it goes to the add row's footer, whose controls add a line or save. Null: nowhere.
 */
export function tabTarget(
  rows: readonly NavRow[],
  index: number,
  field: RegisterField,
  dir: 1 | -1,
): TabTarget {
  const row = rows[index];
  if (!row) return null;
  const next = nextField(row.fields, field, dir);
  if (next !== 'next-row' && next !== 'prev-row') return { row, field: next };
  const target = rows[index + dir];
  if (inDraft(row) && !inDraft(target)) return dir > 0 ? 'draft-footer' : null;
  if (!target) return null;
  const f = dir > 0 ? target.fields[0] : target.fields[target.fields.length - 1];
  return f ? { row: target, field: f } : null;
}
