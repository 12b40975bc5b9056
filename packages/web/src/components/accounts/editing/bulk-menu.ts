import type { NavigateFunction } from 'react-router';
import type { AppStore } from '../../../store/store.ts';
import type { EditField, NotesMode } from '../../kit/pickers/EditFieldModal.tsx';
import type { MenuEntry } from '../../kit/ui/Menu.tsx';
import type { RegisterTx } from '../types.ts';
import {
  deleteChanges,
  duplicateChanges,
  setFieldChanges,
  unlinkScheduleChanges,
} from './edits.ts';
import { ruleFromSelection } from './rule-from-selection.ts';
import type { RegisterEditing } from './use-register-editing.ts';

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

/** The selection's menu (the toolbar's button when rows are selected). */
export const BULK_ITEMS: MenuEntry[] = [
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

interface BulkDeps {
  store: AppStore;
  navigate: NavigateFunction;
  editing: RegisterEditing;
  ctx: { newId: () => string };
  selected: () => Promise<RegisterTx[]>;
  mayChange: (txs: RegisterTx[], action: 'edit' | 'delete') => Promise<boolean>;
  clearSelection: () => void;
}

/** Does one item of the selection's menu to the selected transactions. */
export async function runBulk(name: string, d: BulkDeps) {
  const { store, editing, ctx, mayChange, clearSelection } = d;
  if (name === 'clear') return clearSelection();
  const txs = await d.selected();
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
      d.navigate('/schedule/link', { state: { transactionIds: ids } });
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
