import { type MouseEvent, type MutableRefObject, useMemo, useRef } from 'react';
import { useAppState } from '../../../store/context.ts';
import { useFormat } from '../../../store/use-format.ts';
import type { RegisterEditing } from '../editing/use-register-editing.ts';
import { DRAFT_KEY, type NavRow } from './nav-rows.ts';
import type { PayeeLabel, RowActions, RowText } from './RegisterRow.tsx';
import type { RegisterField } from '../types.ts';

/** The spec's click-versus-drag tolerance: a press that moved further is not a click. */
const CLICK_TOLERANCE = 5;

/**
 * How a row's cells say their values. Made once per change of what they read: rows mount and
 * unmount on every scroll frame.
 */
export function useRowText(payeeLabel: (id: string | null) => PayeeLabel): RowText {
  const fmt = useFormat();
  const accounts = useAppState((s) => s.accounts);
  const categories = useAppState((s) => s.categories.list);
  return useMemo<RowText>(() => {
    const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
    const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
    return {
      date: fmt.date,
      amount: fmt.amount,
      account: (id) => (id ? (accountNames.get(id) ?? '') : ''),
      category: (id) => (id ? (categoryNames.get(id) ?? '') : ''),
      payee: payeeLabel,
    };
  }, [fmt, accounts, categories, payeeLabel]);
}

/** What a row's actions reach: whatever the table holds at the time. */
export interface RowActionsTarget {
  editing: RegisterEditing;
  nav: ReadonlyMap<string, NavRow>;
  onSelect: (key: string, shift: boolean) => void;
  onToggleCleared: (row: NavRow) => void;
  onFilterTag: (tag: string) => void;
}

/** One stable object for every row; it calls whatever the table holds now. */
export function useRowActions(
  latest: MutableRefObject<RowActionsTarget>,
  openMenu: RowActions['openMenu'],
): RowActions {
  return useRef<RowActions>({
    commit: (row, field, value, reason) => latest.current.editing.commit(row, field, value, reason),
    cancel: (row) => latest.current.editing.cancel(row),
    select: (row, shift) => latest.current.onSelect(row, shift),
    toggleCleared: (key) => {
      const row = latest.current.nav.get(key);
      if (row) latest.current.onToggleCleared(row);
      else if (key === DRAFT_KEY) {
        const d = latest.current.editing.draft;
        if (d) latest.current.editing.setDraft({ ...d, cleared: !d.cleared });
      }
    },
    openMenu,
    filterTag: (tag) => latest.current.onFilterTag(tag),
  }).current;
}

/**
 * A click on a row's cell starts editing it; a press that moved (a drag, a selection of text)
 * or a click on a control inside the row does not.
 */
export function useClickToEdit(edit: (row: string, field: RegisterField) => void) {
  const press = useRef<{ x: number; y: number } | null>(null);

  function onMouseDown(e: MouseEvent) {
    press.current = { x: e.clientX, y: e.clientY };
  }

  function onClick(e: MouseEvent, row: NavRow) {
    const start = press.current;
    press.current = null;
    if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_TOLERANCE) return;
    const target = e.target as HTMLElement;
    if (target.closest('input, button, a, [role=listbox], [role=dialog]')) return;
    const col = target.closest('[data-col]')?.getAttribute('data-col');
    if (!col || col === 'select' || col === 'menu' || col === 'balance') return;
    edit(row.key, col as NavRow['fields'][number]);
  }

  return { onMouseDown, onClick };
}
