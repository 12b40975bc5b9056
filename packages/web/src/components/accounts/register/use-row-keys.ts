import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import type { RegisterEditing } from '../editing/use-register-editing.ts';
import type { Selection } from './selection.ts';
import type { NavRow } from './nav-rows.ts';

interface RowKeysInput {
  editing: RegisterEditing;
  /** What the rows are in: the row with the cursor is found there. */
  body: RefObject<HTMLDivElement | null>;
  /** Re-read rows: focus is checked again after them. */
  rows: unknown;
  selection: Selection;
  select: (key: string, shift: boolean) => void;
  clearSelection: () => void;
}

/**
 * The keyboard on a row that has the cursor but no cell in edit: arrows move, Enter or F2
 * edits, Space selects, Escape clears the selection (or closes the add row). Keyboard focus
 * follows the cursor to its row.
 */
export function useRowKeys({
  editing,
  body,
  rows,
  selection,
  select,
  clearSelection,
}: RowKeysInput) {
  const cursor = editing.cursor;
  const focused = useRef<typeof cursor>(null);
  useEffect(() => {
    if (!cursor || cursor.editing || !cursor.focusRow || focused.current === cursor) return;
    const el = body.current?.querySelector<HTMLElement>(`[data-row="${CSS.escape(cursor.row)}"]`);
    if (!el) return;
    // Once per move: a later re-read of the rows must not pull focus back from elsewhere.
    focused.current = cursor;
    if (document.activeElement !== el) el.focus();
  }, [cursor, rows]);

  return function onRowKeyDown(e: KeyboardEvent<HTMLDivElement>, row: NavRow) {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const field = cursor?.row === row.key ? cursor.field : (row.fields[0] ?? 'payee');
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        editing.setCursor({ row: row.key, field, editing: false });
        editing.goRow(row.key, e.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
      case 'F2':
        e.preventDefault();
        void editing.edit(row.key, field);
        break;
      case ' ':
        e.preventDefault();
        if (row.tx) select(row.key, e.shiftKey);
        break;
      case 'Escape':
        if (selection.ids.size > 0) clearSelection();
        else if (row.kind.startsWith('draft')) editing.cancelAdd();
        break;
    }
  };
}
