import { type MutableRefObject, useCallback, useRef } from 'react';
import type { CommitReason } from '../../kit/ui/cell-keys.ts';
import { nearestField } from '../register/columns.ts';
import { type NavRow, tabTarget } from '../register/nav-rows.ts';
import type { RegisterField } from '../types.ts';
import type { EditingCore } from './editing-types.ts';

interface MovesInput extends EditingCore {
  /** The rows the cursor moves over (the add row's first), as of the last render. */
  rows: MutableRefObject<NavRow[]>;
  rowIndex: ReadonlyMap<string, number>;
  /** Reconciled transactions the user let through for editing. */
  unlocked: MutableRefObject<Set<string>>;
  /** Tab left the add row's last field: the table focuses the footer's control. */
  focusFooter: () => void;
}

/**
 * Where the register's cursor goes: to a cell, a row up or down (keeping the column), and on
 * after an edit ended by Enter, Tab, an arrow or a blur. A reconciled row not yet let through
 * stops an edit moving onto it.
 */
export function useCursorMoves({
  latest,
  setCursor,
  rows,
  rowIndex,
  unlocked,
  focusFooter,
}: MovesInput) {
  // Counts the moves: a move waiting for the next page is dropped once another was made.
  const moves = useRef(0);
  const go = useCallback((row: string, field: RegisterField, editing: boolean) => {
    moves.current++;
    setCursor({ row, field, editing });
    latest.current.reveal(row);
  }, []);

  /** A reconciled row not yet let through: it opens for editing only by `edit`, which asks. */
  const isLocked = (row: NavRow) => {
    const owner = row.parent?.id ?? row.tx?.id;
    return !!owner && !!row.values.reconciled && !unlocked.current.has(owner);
  };

  /** An edit moving on to `target` keeps going there, but stops at a locked row's cursor. */
  const moveEdit = (target: NavRow, field: RegisterField) => {
    const locked = isLocked(target);
    setCursor({ row: target.key, field, editing: !locked, focusRow: locked });
    latest.current.reveal(target.key);
  };

  /** One row up or down from `from`, keeping the column as near as the row allows. */
  const goRow = (from: NavRow, step: 1 | -1, field: RegisterField, editing: boolean) => {
    const move = ++moves.current;
    const i = rowIndex.get(from.key) ?? -1;
    const target = rows.current[i + step];
    if (!target) {
      setCursor({ row: from.key, field, editing: false, focusRow: !editing });
      // Down from the last loaded row: the next page, then the move (unless the cursor went
      // elsewhere meanwhile). Rows are only appended, so `from` keeps its index.
      if (step === 1 && i >= 0)
        void latest.current.more?.().then((added) => {
          if (added && moves.current === move && rows.current[i + 1])
            goRow(from, step, field, editing);
        });
      return;
    }
    const f = nearestField(target.fields, field);
    if (f && editing) moveEdit(target, f);
    else if (f) {
      setCursor({ row: target.key, field: f, editing, focusRow: true });
      latest.current.reveal(target.key);
    }
  };

  /** Where the cursor goes after an edit of `field` in `row` ended by `reason`. */
  const moveAfter = (row: NavRow, field: RegisterField, reason: CommitReason) => {
    switch (reason) {
      case 'blur':
        setCursor((c) =>
          c && c.row === row.key && c.field === field ? { ...c, editing: false } : c,
        );
        return;
      case 'tab':
      case 'shift-tab': {
        const to = tabTarget(
          rows.current,
          rowIndex.get(row.key) ?? 0,
          field,
          reason === 'tab' ? 1 : -1,
        );
        if (to === 'draft-footer') {
          // The new transaction is not left for a saved row: its footer's controls come next.
          setCursor({ row: row.key, field, editing: false });
          focusFooter();
        } else if (to && to.row.key === row.key) go(row.key, to.field, true);
        else if (to) moveEdit(to.row, to.field);
        return;
      }
      case 'enter':
      case 'down':
        goRow(row, 1, field, true);
        return;
      case 'shift-enter':
      case 'up':
        goRow(row, -1, field, true);
    }
  };

  return { go, isLocked, goRow, moveAfter };
}
