/**
 * The register's keyboard and editing: which cell has the cursor, whether it is being edited,
 * the add row, and what each ended edit writes and where the cursor goes next (Enter saves and
 * moves down or opens the next new row, Tab moves across, arrows move between rows, Escape
 * cancels). Its parts: `use-cursor-moves.ts` (where the cursor goes), `use-add-row.ts` (the
 * new transaction), `use-batch-write.ts` (what an edit writes), `row-commit.ts` (a saved row's edit).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { CommitReason } from '../../kit/ui/cell-keys.ts';
import { nearestField } from '../register/columns.ts';
import { DRAFT_KEY, draftNavRows } from '../register/nav-rows.ts';
import type { RegisterField, RegisterTx } from '../types.ts';
import type { Draft } from './draft.ts';
import type { Cursor, EditingCore, EditingOptions, FieldError } from './editing-types.ts';
import { useAddRow } from './use-add-row.ts';
import { useBatchWrite } from './use-batch-write.ts';
import { useCursorMoves } from './use-cursor-moves.ts';
import { rowCommitter } from './row-commit.ts';

export type { Cursor, EditingOptions, FieldError } from './editing-types.ts';

export function useRegisterEditing(opts: EditingOptions) {
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [draft, setDraftState] = useState<Draft | null>(null);
  const [error, setError] = useState<FieldError | null>(null);
  // Bumped when Tab leaves the add row's last field: the table focuses the footer's control.
  const [footerFocus, setFooterFocus] = useState(0);
  const draftRef = useRef<Draft | null>(null);
  const unlocked = useRef(new Set<string>());
  const latest = useRef(opts);
  latest.current = opts;
  const core: EditingCore = { latest, setCursor, setError };

  const setDraft = useCallback((d: Draft | null) => {
    draftRef.current = d;
    setDraftState(d);
  }, []);

  const draftRows = useMemo(() => draftNavRows(draft, opts.navCtx), [draft, opts.navCtx]);
  const navRows = useMemo(
    () => [...draftRows, ...opts.registerRows],
    [draftRows, opts.registerRows],
  );
  const rows = useRef(navRows);
  rows.current = navRows;
  const rowIndex = useMemo(() => {
    const m = new Map<string, number>();
    navRows.forEach((r, i) => m.set(r.key, i));
    return m;
  }, [navRows]);
  const rowAt = (key: string) => {
    const i = rowIndex.get(key);
    return i === undefined ? undefined : rows.current[i];
  };

  const focusFooter = () => setFooterFocus((n) => n + 1);
  const { go, isLocked, goRow, moveAfter } = useCursorMoves({
    ...core,
    rows,
    rowIndex,
    unlocked,
    focusFooter,
  });
  const write = useBatchWrite(core);
  const add = useAddRow({ ...core, draftRef, setDraft, error, go, moveAfter, write });

  const commitRow = rowCommitter({ ...core, error, go, moveAfter, write });

  /** A kit input's edit ended: write it (or keep it in the add row) and move on. */
  const commit = (rowKey: string, field: RegisterField, value: unknown, reason: CommitReason) => {
    const row = rowAt(rowKey);
    if (!row) return true;
    if (row.kind === 'draft' || row.kind === 'draft-line') {
      add.commitDraft(row, field, value, reason);
    } else commitRow(row, field, value, reason);
    return true;
  };

  /** Escape with nothing to revert: leave edit mode (the add row closes). */
  const cancel = (rowKey: string) => {
    setError(null);
    if (rowKey === DRAFT_KEY || rowKey.startsWith('draft-line:')) {
      add.cancelAdd();
      return;
    }
    setCursor((c) => (c ? { ...c, editing: false, focusRow: true } : c));
  };

  /**
   * Before an action changes these transactions (given as their top-level ids, with whether
   * each is reconciled): asks once for the locked ones not yet let through. True to go ahead.
   */
  const confirmLocked = async (
    owners: ReadonlyArray<{ tx: RegisterTx; reconciled: boolean }>,
    action: 'edit' | 'delete',
  ): Promise<boolean> => {
    const locked = owners.filter((o) => o.reconciled && !unlocked.current.has(o.tx.id));
    if (locked.length === 0) return true;
    const more = { count: locked.length, total: owners.length, action };
    if (!(await latest.current.confirmReconciled(locked[0]!.tx, more))) {
      return false;
    }
    for (const o of locked) unlocked.current.add(o.tx.id);
    return true;
  };

  /** Start editing a cell (a click, Enter on a row), asking first on a reconciled row. */
  const edit = async (rowKey: string, wanted: RegisterField) => {
    const row = rowAt(rowKey);
    if (!row) return;
    const field = nearestField(row.fields, wanted);
    if (!field) return;
    if (isLocked(row)) {
      setCursor({ row: rowKey, field, editing: false });
      if (!(await latest.current.confirmReconciled(row.parent ?? row.tx!))) return;
      unlocked.current.add(row.parent?.id ?? row.tx!.id);
    }
    go(rowKey, field, true);
  };

  return {
    cursor,
    setCursor,
    navRows,
    draftRows,
    draft,
    error,
    write,
    commit,
    cancel,
    edit,
    confirmLocked,
    startAdd: add.startAdd,
    cancelAdd: add.cancelAdd,
    addLine: add.addLine,
    footerFocus,
    saveDraft: () => draftRef.current && add.saveDraft(draftRef.current),
    setDraft,
    goRow: (rowKey: string, step: 1 | -1) => {
      const row = rowAt(rowKey);
      if (row) goRow(row, step, cursor?.field ?? row.fields[0] ?? 'payee', false);
    },
  };
}

export type RegisterEditing = ReturnType<typeof useRegisterEditing>;
