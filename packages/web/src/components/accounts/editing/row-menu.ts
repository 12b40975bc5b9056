import type { AppStore } from '../../../store/store.ts';
import type { MenuEntry } from '../../kit/ui/Menu.tsx';
import { rulesModals } from '../../rules/modals.ts';
import type { NavRow } from '../register/nav-rows.ts';
import type { RegisterTx } from '../types.ts';
import { deleteChanges, duplicateChanges, unlinkScheduleChanges } from './edits.ts';
import { ruleFromSelection } from './rule-from-selection.ts';
import type { RegisterEditing } from './use-register-editing.ts';

interface RowMenuDeps {
  store: AppStore;
  editing: RegisterEditing;
  ctx: { newId: () => string };
  addLine: (parent: RegisterTx) => Promise<void>;
  /** Writes what `changes` builds, once reconciled rows among `txs` may change. */
  change: (
    txs: RegisterTx[],
    action: 'edit' | 'delete',
    changes: () => Parameters<RegisterEditing['write']>[0],
  ) => Promise<boolean>;
}

/** A row's menu: duplicate, add a split line, make a rule, why, unlink its schedule, delete. */
export function rowMenuFor(row: NavRow, { store, editing, ctx, addLine, change }: RowMenuDeps) {
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
