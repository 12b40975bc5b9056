import { useCallback } from 'react';
import { useStore } from '../../../store/context.ts';
import { failureOf } from '../../../backend/backend.ts';
import type { BatchChanges, RegisterField } from '../types.ts';
import { isEmptyChanges } from '../types.ts';
import type { EditingCore } from './editing-types.ts';
import { applyUpdates } from './optimistic.ts';

/**
 * Writes a batch of changes: plain field updates show at once (the core's answer then
 * confirms them); a refusal puts its message under the cell it came from (`at`), or in a
 * notification. Resolves whether the core took it.
 */
export function useBatchWrite({ latest, setCursor, setError }: EditingCore) {
  const store = useStore();
  return useCallback(
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
}
