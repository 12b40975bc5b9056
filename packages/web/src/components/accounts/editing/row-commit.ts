import type { CommitReason } from '../../kit/ui/cell-keys.ts';
import type { NavRow } from '../register/nav-rows.ts';
import { splitRemainder } from '../rows/register-rows.ts';
import type { BatchChanges, RegisterField } from '../types.ts';
import type { EditingCore, FieldError } from './editing-types.ts';
import { addLineChanges, editChanges } from './edits.ts';

interface RowCommitInput extends EditingCore {
  error: FieldError | null;
  go: (row: string, field: RegisterField, editing: boolean) => void;
  moveAfter: (row: NavRow, field: RegisterField, reason: CommitReason) => void;
  write: (changes: BatchChanges, at?: { row: string; field: RegisterField }) => Promise<boolean>;
}

/**
 * An edit of a saved transaction's cell ended: write it (the balances it moves show at once,
 * and come back if the core refuses), then move on. Choosing Split opens the first line;
 * Enter on a split's last line, with money left, adds a line holding it.
 */
export function rowCommitter({ latest, setError, error, go, moveAfter, write }: RowCommitInput) {
  return (row: NavRow, field: RegisterField, value: unknown, reason: CommitReason) => {
    const tx = row.tx!;
    const ctx = latest.current.ctx;
    const changes = editChanges(tx, row.parent ?? null, field, value, ctx);
    if (error?.row === row.key) setError(null);
    const amount = changes.updated?.[0]?.amount;
    const revert =
      typeof amount === 'number' && !row.parent
        ? latest.current.onAmountChange?.(tx, amount - tx.amount)
        : undefined;
    void write(changes, { row: row.key, field }).then((ok) => {
      if (!ok) revert?.();
    });
    if (field === 'category' && value === 'split' && changes.added?.[0]) {
      go(changes.added[0].id, 'category', true);
      return;
    }
    if (reason === 'enter' && row.kind === 'child' && row.last && row.parent) {
      const amounts = (row.parent.subtransactions ?? []).map((c) =>
        c.id === tx.id
          ? Number((changes.updated?.[0]?.amount as number | undefined) ?? c.amount)
          : c.amount,
      );
      const left = splitRemainder(row.parent.amount, amounts);
      if (left !== 0) {
        const add = addLineChanges(row.parent, left, ctx);
        void write(add);
        go(add.added![0]!.id, 'category', true);
        return;
      }
    }
    moveAfter(row, field, reason);
  };
}
