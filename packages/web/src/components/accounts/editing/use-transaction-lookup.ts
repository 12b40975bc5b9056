import { q } from '@coffer/core/ui';
import { useMemo } from 'react';
import { useStore } from '../../../store/context.ts';
import { runQuery } from '../../kit/data/data.ts';
import type { DisplayRow } from '../rows/register-rows.ts';
import type { RegisterTx } from '../types.ts';
import { isReconciled } from './reconciled.ts';
import type { RegisterEditing } from './use-register-editing.ts';

/**
 * The transactions an action works on, by id: from the rows loaded, or read from the core for
 * those not loaded (a selection made with Select all reaches past the loaded pages); and
 * whether an action may change them.
 */
export function useTransactionLookup(rows: DisplayRow[], editing: RegisterEditing) {
  const store = useStore();
  const byKey = useMemo(() => {
    const m = new Map<string, RegisterTx>();
    for (const r of rows) if (r.kind === 'txn' || r.kind === 'child') m.set(r.key, r.tx);
    return m;
  }, [rows]);
  const order = useMemo(() => [...byKey.keys()], [byKey]);

  async function transactionsOf(ids: Iterable<string>): Promise<RegisterTx[]> {
    const list = [...ids];
    const missing = list.filter((id) => !byKey.has(id));
    const fetched = missing.length
      ? await runQuery<RegisterTx[]>(
          store,
          q('transactions')
            .options({ splits: 'all' })
            .filter({ id: { $oneof: missing } })
            .select(['*'])
            .serialize(),
        )
      : [];
    const more = new Map(fetched.map((t) => [t.id, t]));
    return list.map((id) => byKey.get(id) ?? more.get(id)).filter((t): t is RegisterTx => !!t);
  }

  /**
   * Whether an action may change `txs`: reconciled ones (a split line is locked by its parent)
   * change only once the person says so, as a typed edit does.
   */
  async function mayChange(txs: RegisterTx[], action: 'edit' | 'delete'): Promise<boolean> {
    const parentIds = [...new Set(txs.flatMap((t) => (t.parent_id ? [t.parent_id] : [])))];
    const parents = new Map((await transactionsOf(parentIds)).map((p) => [p.id, p]));
    const owners = new Map<string, { tx: RegisterTx; reconciled: boolean }>();
    for (const t of txs) {
      const owner = (t.parent_id && parents.get(t.parent_id)) || t;
      owners.set(owner.id, { tx: owner, reconciled: isReconciled(owner) });
    }
    return editing.confirmLocked([...owners.values()], action);
  }

  return { order, transactionsOf, mayChange };
}
