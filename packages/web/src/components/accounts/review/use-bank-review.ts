import { useCallback, useEffect, useMemo, useState } from 'react';
import { failureOf, isFailure } from '../../../backend/backend.ts';
import { useStore } from '../../../store/context.ts';
import { useTablesChanged } from '../../kit/data/data.ts';
import type { ReviewEntry } from './review-text.ts';

export interface BankReview {
  /** Each marked row by its id. */
  marks: ReadonlyMap<string, ReviewEntry>;
  /** The marked rows among those the register shows (its search and filters applied). */
  inView: string[];
  approve: (ids: readonly string[]) => Promise<void>;
  /** Approves every marked row in view: the review bar's button and its key. */
  approveAll: () => Promise<void>;
  /** Splits a wrong match (core's one undo step); a refusal is shown as a notification. */
  unmatch: (id: string) => Promise<void>;
}

const NO_MARKS: ReadonlyMap<string, ReviewEntry> = new Map();

/**
 * The bank rows waiting for review in a register: read from core's `bank-review-list` for the
 * view's account (every account on the other views), again after each write to transactions
 * (a sync, an unmatch, an undo) and after an approval (the marks are no message, so no write
 * event says they changed).
 */
export function useBankReview(accountId: string | null, shown: readonly string[]): BankReview {
  const store = useStore();
  const [marks, setMarks] = useState(NO_MARKS);

  const load = useCallback(async () => {
    const res = await store.backend.send('bank-review-list', { accountId });
    if (isFailure(res)) return;
    setMarks(new Map(res.map((e) => [e.id, e])));
  }, [store, accountId]);

  useEffect(() => {
    setMarks(NO_MARKS);
    void load();
  }, [load]);
  useTablesChanged(['transactions'], () => void load());

  const inView = useMemo(() => shown.filter((id) => marks.has(id)), [shown, marks]);

  const approve = useCallback(
    async (ids: readonly string[]) => {
      if (ids.length === 0) return;
      await store.backend.send('bank-review-approve', { ids: [...ids] });
      await load();
    },
    [store, load],
  );

  const unmatch = useCallback(
    async (id: string) => {
      const failure = failureOf(await store.backend.send('bank-unmatch', { id }));
      if (failure) store.addNotification({ type: 'error', message: failure.message });
      await load();
    },
    [store, load],
  );

  return { marks, inView, approve, approveAll: () => approve(inView), unmatch };
}
