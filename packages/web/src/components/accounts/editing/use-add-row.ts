import { type MutableRefObject, useCallback, useRef } from 'react';
import type { CommitReason } from '../../kit/ui/cell-keys.ts';
import { localToday } from '../../kit/ui/calendar.ts';
import { DRAFT_KEY, draftLineKey, type NavRow } from '../register/nav-rows.ts';
import type { BatchChanges, RegisterField } from '../types.ts';
import {
  addDraftLine,
  type Draft,
  draftChanges,
  draftProblem,
  draftRemainder,
  newDraft,
  updateDraft,
} from './draft.ts';
import type { EditingCore, FieldError } from './editing-types.ts';

interface AddRowInput extends EditingCore {
  draftRef: MutableRefObject<Draft | null>;
  setDraft: (d: Draft | null) => void;
  error: FieldError | null;
  go: (row: string, field: RegisterField, editing: boolean) => void;
  moveAfter: (row: NavRow, field: RegisterField, reason: CommitReason) => void;
  write: (changes: BatchChanges, at?: { row: string; field: RegisterField }) => Promise<boolean>;
}

/**
 * The add row: a new transaction (and its split lines) typed at the top of the register, saved
 * with Enter; the next one opens at once on the same day and account.
 */
export function useAddRow({
  latest,
  setCursor,
  setError,
  draftRef,
  setDraft,
  error,
  go,
  moveAfter,
  write,
}: AddRowInput) {
  const last = useRef<{ date: string | null; account: string | null }>({
    date: null,
    account: null,
  });

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

  return { startAdd, addLine, cancelAdd, saveDraft, commitDraft };
}
