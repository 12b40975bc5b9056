/**
 * What the register's buttons and menus do: selection and bulk actions, a row's menu,
 * scheduled previews, splits and sorting (the account menu is use-account-actions.ts). Calls
 * into other working areas go through their public entry points (CONTRACTS.md).
 */
import { q } from '@coffer/core/ui';
import type { QueryState } from '@coffer/core/ui';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppState, useStore } from '../../app/context.ts';
import { failureOf } from '../../backend/backend.ts';
import { runQuery } from '../kit/data/data.ts';
import type { EditField, NotesMode } from '../kit/pickers/EditFieldModal.tsx';
import type { MenuEntry } from '../kit/ui/Menu.tsx';
import { rulesModals } from '../rules/modals.ts';
import {
  addLineChanges,
  deleteChanges,
  distributeChanges,
  duplicateChanges,
  setFieldChanges,
  unlinkScheduleChanges,
} from './edits.ts';
import type { NavRow } from './nav-rows.ts';
import type { Preview } from './previews.ts';
import type { Sort } from './register-query.ts';
import { type DisplayRow, distribute as spread, splitRemainder } from './register-rows.ts';
import type { PayeeLabel } from './RegisterRow.tsx';
import { ruleFromSelection } from './rule-from-selection.ts';
import { clickSelect, NO_SELECTION, type Selection } from './selection.ts';
import type { RegisterTx } from './types.ts';
import type { RegisterEditing } from './use-register-editing.ts';
import type { RegisterFinding } from './use-register-finding.ts';
import type { RegisterRows } from './use-register-rows.ts';
import { isReconciled } from './reconciled.ts';
import { newUuid } from './uuid.ts';

interface Deps {
  query: QueryState | null;
  data: RegisterRows;
  rows: DisplayRow[];
  editing: RegisterEditing;
  finding: RegisterFinding;
}

const EDIT_FIELDS: EditField[] = [
  'date',
  'account',
  'payee',
  'notes',
  'category',
  'amount',
  'cleared',
];
const FIELD_TEXT: Record<EditField, string> = {
  date: 'Set date…',
  account: 'Set account…',
  payee: 'Set payee…',
  notes: 'Set notes…',
  category: 'Set category…',
  amount: 'Set amount…',
  cleared: 'Set cleared…',
};

export function useRegisterActions({ query, data, rows, editing, finding }: Deps) {
  const store = useStore();
  const navigate = useNavigate();
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const ctx = { newId: newUuid };

  const byKey = useMemo(() => {
    const m = new Map<string, RegisterTx>();
    for (const r of rows) if (r.kind === 'txn' || r.kind === 'child') m.set(r.key, r.tx);
    return m;
  }, [rows]);
  const order = useMemo(() => [...byKey.keys()], [byKey]);

  // One lookup per render of the table, not a scan of the payees per cell.
  const payeeLabel = useMemo(() => {
    const byId = new Map(payees.map((p) => [p.id, p]));
    const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
    return (id: string | null): PayeeLabel => {
      const p = id ? byId.get(id) : undefined;
      if (!p) return { name: id?.startsWith('new:') ? id.slice(4) : '', transfer: null };
      const transfer = p.transfer_acct ?? null;
      return { name: (transfer && accountNames.get(transfer)) || p.name, transfer };
    };
  }, [payees, accounts]);

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

  async function selected(): Promise<RegisterTx[]> {
    return transactionsOf(selection.ids);
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

  const clearSelection = useCallback(() => setSelection(NO_SELECTION), []);

  async function bulk(name: string) {
    if (name === 'clear') return clearSelection();
    const txs = await selected();
    if (txs.length === 0) return;
    const ids = txs.map((t) => t.id);
    switch (name) {
      case 'delete':
        if (!(await mayChange(txs, 'delete'))) return;
        if (await editing.write(deleteChanges(ids))) clearSelection();
        return;
      case 'duplicate':
        await editing.write(duplicateChanges(txs, ctx));
        return;
      case 'link-schedule':
        navigate('/schedule/link', { state: { transactionIds: ids } });
        return;
      case 'unlink-schedule':
        if (await mayChange(txs, 'edit')) await editing.write(unlinkScheduleChanges(txs));
        return;
      case 'create-rule':
        store.pushModal('edit-rule', { rule: ruleFromSelection(txs) });
        return;
    }
    if (name.startsWith('set-')) {
      // Asked before the field's dialog, so the answer comes before the value is typed.
      if (!(await mayChange(txs, 'edit'))) return;
      const field = name.slice(4) as EditField;
      store.pushModal('edit-field', {
        name: field,
        count: txs.length,
        onSubmit: (_: EditField, value: unknown, mode?: NotesMode) =>
          void editing.write(setFieldChanges(txs, field, value, mode, ctx)),
      });
    }
  }

  const bulkItems: MenuEntry[] = [
    { name: 'delete', text: 'Delete', danger: true },
    { name: 'duplicate', text: 'Duplicate' },
    { kind: 'separator' },
    ...EDIT_FIELDS.map((f) => ({ name: `set-${f}`, text: FIELD_TEXT[f] })),
    { kind: 'separator' },
    { name: 'link-schedule', text: 'Link schedule' },
    { name: 'unlink-schedule', text: 'Unlink schedule' },
    { name: 'create-rule', text: 'Create rule' },
    { kind: 'separator' },
    { name: 'clear', text: 'Clear selection' },
  ];

  function rowMenu(row: NavRow) {
    const tx = row.tx;
    if (!tx) return undefined;
    const split = tx.is_parent;
    const trace = 'rule-trace' in rulesModals;
    const items: MenuEntry[] = [
      ...(row.kind === 'txn' ? [{ name: 'duplicate', text: 'Duplicate' }] : []),
      ...(split ? [{ name: 'add-line', text: 'Add split line' }] : []),
      { name: 'create-rule', text: 'Create rule' },
      {
        name: 'rule-trace',
        text: 'Why did this happen?',
        disabled: !trace,
        hint: trace ? undefined : 'Not available yet',
      },
      ...(tx.schedule ? [{ name: 'unlink-schedule', text: 'Unlink schedule' }] : []),
      { kind: 'separator' },
      { name: 'delete', text: row.kind === 'child' ? 'Delete split line' : 'Delete', danger: true },
    ];
    return {
      items,
      onSelect(name: string) {
        switch (name) {
          case 'duplicate':
            return void editing.write(duplicateChanges([tx], ctx));
          case 'add-line':
            return void addLine(tx);
          case 'create-rule':
            return store.pushModal('edit-rule', { rule: ruleFromSelection([tx]) });
          case 'rule-trace':
            return store.pushModal('rule-trace', { transactionId: tx.id });
          case 'unlink-schedule':
            return void change([tx], 'edit', () => unlinkScheduleChanges([tx]));
          case 'delete':
            return void change([tx], 'delete', () => deleteChanges([tx.id]));
        }
      },
    };
  }

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
    bulkMenu: { items: bulkItems, onSelect: (n: string) => void bulk(n) },
    rowMenu,
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
