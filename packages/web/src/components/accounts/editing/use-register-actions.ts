/**
 * What the register's buttons and menus do: selection and bulk actions, a row's menu,
 * scheduled previews, splits and sorting (the account menu is use-account-actions.ts). Calls
 * into other working areas go through their public entry points (CONTRACTS.md).
 */
import type { QueryState } from '@coffer/core/ui';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from '../../../store/context.ts';
import { failureOf } from '../../../backend/backend.ts';
import { runQuery } from '../../kit/data/data.ts';
import { addLineChanges, distributeChanges } from './edits.ts';
import type { NavRow } from '../register/nav-rows.ts';
import type { Preview } from './previews.ts';
import type { Sort } from '../rows/register-query.ts';
import { type DisplayRow, distribute as spread, splitRemainder } from '../rows/register-rows.ts';
import { clickSelect, NO_SELECTION, type Selection } from '../register/selection.ts';
import { usePayeeLabel } from '../register/use-payee-label.ts';
import type { RegisterTx } from '../types.ts';
import type { RegisterEditing } from './use-register-editing.ts';
import type { RegisterFinding } from '../rows/use-register-finding.ts';
import type { RegisterRows } from '../rows/use-register-rows.ts';
import { BULK_ITEMS, runBulk } from './bulk-menu.ts';
import { rowMenuFor } from './row-menu.ts';
import { useTransactionLookup } from './use-transaction-lookup.ts';
import { newUuid } from './uuid.ts';

interface Deps {
  query: QueryState | null;
  data: RegisterRows;
  rows: DisplayRow[];
  editing: RegisterEditing;
  finding: RegisterFinding;
}

export function useRegisterActions({ query, data, rows, editing, finding }: Deps) {
  const store = useStore();
  const navigate = useNavigate();
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const ctx = { newId: newUuid };
  const { order, transactionsOf, mayChange } = useTransactionLookup(rows, editing);
  const payeeLabel = usePayeeLabel();
  const clearSelection = useCallback(() => setSelection(NO_SELECTION), []);
  const selected = () => transactionsOf(selection.ids);

  /** Writes what `changes` builds, once reconciled rows among `txs` may change. */
  async function change(
    txs: RegisterTx[],
    action: 'edit' | 'delete',
    changes: () => Parameters<RegisterEditing['write']>[0],
  ): Promise<boolean> {
    if (!(await mayChange(txs, action))) return false;
    return editing.write(changes());
  }

  async function addLine(parent: RegisterTx) {
    if (!(await mayChange([parent], 'edit'))) return;
    const left = splitRemainder(
      parent.amount,
      (parent.subtransactions ?? []).map((c) => c.amount),
    );
    const changes = addLineChanges(parent, left, ctx);
    void editing.write(changes);
    editing.setCursor({ row: changes.added![0]!.id, field: 'category', editing: true });
  }

  return {
    selection,
    clearSelection,
    select: (key: string, shift: boolean) => setSelection((s) => clickSelect(s, key, order, shift)),
    allSelected: (selection.ids.size === 0 || order.length === 0
      ? false
      : order.every((k) => selection.ids.has(k)) && data.complete
        ? true
        : 'some') as boolean | 'some',
    async toggleAll() {
      if (selection.ids.size > 0) return clearSelection();
      if (data.complete || !query) {
        setSelection({ ids: new Set(order), anchor: null });
        return;
      }
      const all = await runQuery<Array<{ id: string }>>(store, {
        ...query,
        tableOptions: { splits: 'all' },
        selectExpressions: ['id'],
        orderExpressions: [],
      });
      setSelection({ ids: new Set(all.map((r) => r.id)), anchor: null });
    },
    bulkMenu: {
      items: BULK_ITEMS,
      onSelect: (n: string) =>
        void runBulk(n, { store, navigate, editing, ctx, selected, mayChange, clearSelection }),
    },
    rowMenu: (row: NavRow) => rowMenuFor(row, { store, editing, ctx, addLine, change }),
    payeeLabel,
    toggleCleared(row: NavRow) {
      if (!row.tx || row.kind === 'child') return;
      const tx = row.tx;
      if (row.values.reconciled) {
        void editing.edit(row.key, 'cleared');
        return;
      }
      void editing.write({ updated: [{ id: tx.id, cleared: !tx.cleared }] });
    },
    distribute(parent: RegisterTx) {
      const lines = parent.subtransactions ?? [];
      void change([parent], 'edit', () =>
        distributeChanges(
          parent,
          spread(
            parent.amount,
            lines.map((l) => l.amount),
          ),
        ),
      );
    },
    addLine,
    sortBy(field: Sort['field']) {
      const cur = finding.sort;
      // Each click: ascending, descending, then back to the register's own order.
      if (!cur || cur.field !== field)
        finding.setSort({ field, dir: field === 'date' ? 'asc' : 'asc' });
      else if (cur.dir === 'asc') finding.setSort({ field, dir: 'desc' });
      else finding.setSort(null);
    },
    async postPreview(p: Preview) {
      const res = await store.backend.send('schedule/post-transaction', { id: p.schedule });
      const error = failureOf(res);
      if (error)
        store.addNotification({ type: 'error', message: error.message ?? 'Could not post' });
    },
    async skipPreview(p: Preview) {
      await store.backend.send('schedule/skip-next-date', { id: p.schedule });
    },
  };
}
