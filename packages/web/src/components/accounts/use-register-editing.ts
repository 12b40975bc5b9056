/**
 * The register's keyboard and editing: which cell has the cursor, whether it is being edited,
 * the add row, and what each ended edit writes and where the cursor goes next (Enter saves and
 * moves down or opens the next new row, Tab moves across, arrows move between rows, Escape
 * cancels).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { failureOf } from '../../backend/backend.ts';
import type { CommitReason } from '../kit/ui/cell-keys.ts';
import { localToday } from '../kit/ui/calendar.ts';
import { nearestField } from './columns.ts';
import {
  addDraftLine,
  type Draft,
  draftChanges,
  draftProblem,
  draftRemainder,
  newDraft,
  updateDraft,
} from './draft.ts';
import { addLineChanges, editChanges, type EditContext } from './edits.ts';
import {
  DRAFT_KEY,
  draftLineKey,
  draftNavRows,
  type NavContext,
  type NavRow,
  tabTarget,
} from './nav-rows.ts';
import { applyUpdates } from './optimistic.ts';
import { splitRemainder } from './register-rows.ts';
import type { BatchChanges, RegisterField, RegisterTx } from './types.ts';
import { isEmptyChanges } from './types.ts';
import type { RegisterRows } from './use-register-rows.ts';

export interface Cursor {
  row: string;
  field: RegisterField;
  editing: boolean;
  /** Keyboard focus goes to the row itself (after Escape, or moving in row mode). */
  focusRow?: boolean;
}

export interface FieldError {
  row: string;
  field: RegisterField;
  message: string;
}

export interface EditingOptions {
  /** The register's rows (the add row's are added here). */
  registerRows: readonly NavRow[];
  navCtx: NavContext;
  ctx: EditContext;
  patch: RegisterRows['patch'];
  /** The account a new transaction goes to by default. */
  defaultAccount: (lastUsed: string | null) => string | null;
  /** Brings a register row into view (the add row is always in view). */
  reveal: (key: string) => void;
  /**
   * A transaction's amount is about to change by `delta`: show the balances it moves at once.
   * Returns what puts them back if the core refuses the write.
   */
  onAmountChange?: (tx: RegisterTx, delta: number) => () => void;
  /** Payees a write is creating (so the same name typed again reuses them). */
  onCreatedPayees: (payees: Array<{ id: string; name: string }>) => void;
  /**
   * Asks before changing reconciled transactions (`count` of them, of `total` the action
   * changes; a delete says so); resolves true to go ahead.
   */
  confirmReconciled: (
    tx: RegisterTx,
    more?: { count: number; total: number; action: 'edit' | 'delete' },
  ) => Promise<boolean>;
}

export function useRegisterEditing(opts: EditingOptions) {
  const store = useStore();
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [draft, setDraftState] = useState<Draft | null>(null);
  const [error, setError] = useState<FieldError | null>(null);
  // Bumped when Tab leaves the add row's last field: the table focuses the footer's control.
  const [footerFocus, setFooterFocus] = useState(0);
  const draftRef = useRef<Draft | null>(null);
  const last = useRef<{ date: string | null; account: string | null }>({
    date: null,
    account: null,
  });
  const unlocked = useRef(new Set<string>());
  const latest = useRef(opts);
  latest.current = opts;

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

  const go = useCallback((row: string, field: RegisterField, editing: boolean) => {
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
    const i = rowIndex.get(from.key) ?? -1;
    const target = rows.current[i + step];
    if (!target) {
      setCursor({ row: from.key, field, editing: false, focusRow: !editing });
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
          setFooterFocus((n) => n + 1);
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

  const write = useCallback(
    async (changes: BatchChanges, at?: { row: string; field: RegisterField }): Promise<boolean> => {
      if (isEmptyChanges(changes)) return true;
      const onlyUpdates =
        !changes.added?.length && !changes.deleted?.length && !changes.newPayees?.length;
      if (onlyUpdates && changes.updated) {
        const updates = changes.updated;
        latest.current.patch((groups, balance) => applyUpdates(groups, balance, updates));
      }
      if (changes.newPayees?.length) latest.current.onCreatedPayees(changes.newPayees);
      const res = await store.backend.send('transactions-batch-update', changes);
      const problem = failureOf(res);
      if (!problem) return true;
      const message = problem.message ?? 'The change could not be saved.';
      if (at) {
        setError({ ...at, message });
        setCursor({ row: at.row, field: at.field, editing: true });
      } else {
        store.addNotification({ type: 'error', message });
      }
      return false;
    },
    [store],
  );

  // ---- the add row ------------------------------------------------------------------------

  const startAdd = useCallback(() => {
    const current = draftRef.current;
    if (!current) {
      const account = latest.current.defaultAccount(last.current.account);
      setDraft(newDraft(latest.current.ctx.newId(), last.current.date ?? localToday(), account));
    }
    setError(null);
    setCursor({ row: DRAFT_KEY, field: 'date', editing: true });
  }, [setDraft]);

  /** The footer's 'Add split line': a line holding what is left, its category in edit. */
  const addLine = useCallback(() => {
    const d = draftRef.current;
    if (!d?.lines) return;
    const more = addDraftLine(d, latest.current.ctx.newId);
    setDraft(more);
    go(draftLineKey(more.lines![more.lines!.length - 1]!.id), 'category', true);
  }, [setDraft, go]);

  const cancelAdd = useCallback(() => {
    setDraft(null);
    setError(null);
    setCursor(null);
  }, [setDraft]);

  const saveDraft = useCallback(
    (d: Draft) => {
      const problem = draftProblem(d);
      if (problem) {
        setError({ row: DRAFT_KEY, field: problem.field, message: problem.message });
        setCursor({ row: DRAFT_KEY, field: problem.field, editing: true });
        return;
      }
      last.current = { date: d.date, account: d.account };
      setError(null);
      // The next new row opens at once (same day and account), so typing goes on while the
      // core saves; a refusal brings the typed transaction back with the core's message.
      setDraft(newDraft(latest.current.ctx.newId(), d.date, d.account));
      setCursor({ row: DRAFT_KEY, field: 'date', editing: true });
      void write(draftChanges(d, latest.current.ctx), { row: DRAFT_KEY, field: 'date' }).then(
        (ok) => {
          if (!ok) setDraft(d);
        },
      );
    },
    [write, setDraft],
  );

  const commitDraft = (row: NavRow, field: RegisterField, value: unknown, reason: CommitReason) => {
    const d = draftRef.current;
    if (!d) return;
    const next = updateDraft(d, row.line ?? null, field, value, latest.current.ctx.newId);
    setDraft(next);
    if (error?.row === row.key) setError(null);
    if (row.kind === 'draft' && field === 'category' && value === 'split' && next.lines) {
      // The total first, if it is not typed yet; then the lines.
      if (next.amount === 0) go(DRAFT_KEY, 'payment', true);
      else go(draftLineKey(next.lines[0]!.id), 'category', true);
      return;
    }
    if (row.kind === 'draft' && reason === 'enter' && next.lines && draftRemainder(next) !== 0) {
      const open = next.lines.find((l) => l.amount === 0) ?? next.lines[0]!;
      go(draftLineKey(open.id), 'category', true);
      return;
    }
    if (reason !== 'enter') {
      // Rows of the add row change as lines come and go: move within the new list.
      moveAfter(row, field, reason);
      return;
    }
    if (row.kind === 'draft-line' && draftRemainder(next) !== 0 && row.last) {
      const more = addDraftLine(next, latest.current.ctx.newId);
      setDraft(more);
      go(draftLineKey(more.lines![more.lines!.length - 1]!.id), 'category', true);
      return;
    }
    saveDraft(next);
  };

  // ---- register rows ----------------------------------------------------------------------

  const commitRow = (row: NavRow, field: RegisterField, value: unknown, reason: CommitReason) => {
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

  /** A kit input's edit ended: write it (or keep it in the add row) and move on. */
  const commit = (rowKey: string, field: RegisterField, value: unknown, reason: CommitReason) => {
    const row = rowAt(rowKey);
    if (!row) return true;
    if (row.kind === 'draft' || row.kind === 'draft-line') commitDraft(row, field, value, reason);
    else commitRow(row, field, value, reason);
    return true;
  };

  /** Escape with nothing to revert: leave edit mode (the add row closes). */
  const cancel = (rowKey: string) => {
    setError(null);
    if (rowKey === DRAFT_KEY || rowKey.startsWith('draft-line:')) {
      cancelAdd();
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
    startAdd,
    cancelAdd,
    addLine,
    footerFocus,
    saveDraft: () => draftRef.current && saveDraft(draftRef.current),
    setDraft,
    goRow: (rowKey: string, step: 1 | -1) => {
      const row = rowAt(rowKey);
      if (row) goRow(row, step, cursor?.field ?? row.fields[0] ?? 'payee', false);
    },
  };
}

export type RegisterEditing = ReturnType<typeof useRegisterEditing>;
