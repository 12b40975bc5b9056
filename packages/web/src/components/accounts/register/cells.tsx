import type { KeyboardEvent } from 'react';
import type { Account } from '../../../store/types.ts';
import { AmountInput } from '../../kit/ui/AmountInput.tsx';
import { type CommitReason, commitReasonForKey } from '../../kit/ui/cell-keys.ts';
import { DateInput } from '../../kit/ui/DateInput.tsx';
import {
  AccountAutocomplete,
  CategoryAutocomplete,
  PayeeAutocomplete,
  useTagCompleter,
} from '../../kit/pickers/Pickers.tsx';
import { TextInput } from '../../kit/ui/TextInput.tsx';
import type { RegisterField } from '../types.ts';
import { Button } from '../../kit/ui/Button.tsx';

/** What a row shows and edits, for a transaction, a split line or the add row. */
export interface CellValues {
  date: string | null;
  account: string | null;
  payee: string | null;
  notes: string | null;
  category: string | null;
  amount: number;
  cleared: boolean;
  /** A split's total row: its category reads 'Split' and is not edited. */
  isSplit: boolean;
  /** A split line, which takes date, account and cleared from its transaction. */
  isLine: boolean;
  reconciled?: boolean;
}

/** How the category column reads for a row that has none to choose. */
export type CategoryState = 'choose' | 'split' | 'transfer' | 'off-budget';

/**
 * Whether a row's category can be chosen: not for a split's total, not off budget, and not for
 * a transfer between two accounts on the same side of the budget (the core clears it).
 */
export function categoryState(
  v: Pick<CellValues, 'isSplit' | 'account' | 'payee'>,
  accounts: readonly Account[],
  transferAccountOf: (payee: string | null) => string | null,
): CategoryState {
  if (v.isSplit) return 'split';
  const account = accounts.find((a) => a.id === v.account);
  if (account?.offbudget) return 'off-budget';
  const other = transferAccountOf(v.payee);
  if (other) {
    const target = accounts.find((a) => a.id === other);
    if (!target?.offbudget) return 'transfer';
  }
  return 'choose';
}

/** The fields a row edits, in order. */
export function editableFields(
  v: CellValues,
  state: CategoryState,
  showAccount: boolean,
): RegisterField[] {
  const fields: RegisterField[] = [];
  if (!v.isLine) fields.push('date');
  if (!v.isLine && showAccount) fields.push('account');
  fields.push('payee', 'notes');
  if (state === 'choose') fields.push('category');
  fields.push('payment', 'deposit');
  if (!v.isLine) fields.push('cleared');
  return fields;
}

export interface EditCellProps {
  field: RegisterField;
  values: CellValues;
  label: string;
  error?: string | null;
  /** The row may be split (top-level rows): the category list offers 'Split Transaction'. */
  canSplit: boolean;
  onCommit: (value: unknown, reason: CommitReason) => boolean | void;
  onCancel: () => void;
}

/** The kit input for one field of the row being edited (a table cell: Tab and arrows move). */
export function EditCell({
  field,
  values,
  label,
  error,
  canSplit,
  onCommit,
  onCancel,
}: EditCellProps) {
  const common = { label, cell: true, autoFocus: true, onCancel, error };
  const tagCompleter = useTagCompleter();
  switch (field) {
    case 'date':
      return (
        <DateInput {...common} value={values.date} required onCommit={(d, r) => onCommit(d, r)} />
      );
    case 'account':
      return (
        <AccountAutocomplete
          {...common}
          value={values.account}
          clearable={false}
          onCommit={(item, r) => onCommit(item?.id ?? values.account, r)}
        />
      );
    case 'payee':
      return (
        <PayeeAutocomplete
          {...common}
          value={values.payee}
          options={{ excludeAccount: values.account }}
          onCommit={(item, r) => onCommit(item?.id ?? null, r)}
        />
      );
    case 'category':
      return (
        <CategoryAutocomplete
          {...common}
          value={values.category}
          options={{ showSplit: canSplit }}
          onCommit={(item, r) => onCommit(item?.id ?? null, r)}
        />
      );
    case 'notes':
      return (
        <TextInput
          {...common}
          value={values.notes ?? ''}
          completer={tagCompleter}
          onCommit={(t, r) => onCommit(t, r)}
        />
      );
    case 'payment':
    case 'deposit': {
      const cents =
        field === 'payment' ? (values.amount < 0 ? -values.amount : 0) : Math.max(values.amount, 0);
      return (
        <AmountInput {...common} value={cents} blankZero onCommit={(c, r) => onCommit(c, r)} />
      );
    }
    case 'cleared':
      return <ClearedToggle {...common} cleared={values.cleared} onCommit={onCommit} />;
  }
}

/** The cleared flag in edit mode: Space toggles; Enter, Tab and arrows move on. */
function ClearedToggle({
  cleared,
  label,
  onCommit,
  onCancel,
}: {
  cleared: boolean;
  label: string;
  onCommit: (value: unknown, reason: CommitReason) => boolean | void;
  onCancel: () => void;
}) {
  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
      return;
    }
    if (e.key === ' ') {
      e.preventDefault();
      onCommit(!cleared, 'blur');
      return;
    }
    const reason = commitReasonForKey(e, true);
    if (!reason) return;
    e.preventDefault();
    onCommit(cleared, reason);
  }
  return (
    <Button
      type="button"
      variant="bare"
      className="reg-cleared editing"
      aria-label={label}
      aria-pressed={cleared}
      autoFocus
      onKeyDown={onKeyDown}
      onClick={() => onCommit(!cleared, 'blur')}
    >
      {cleared ? '✓' : '○'}
    </Button>
  );
}
