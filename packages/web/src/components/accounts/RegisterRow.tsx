/**
 * The cells of one register row, shown or (the cursor's cell) edited: a transaction, a split
 * line, the add row, a scheduled preview.
 */
import type { ReactNode } from 'react';
import { Amount } from '../kit/AmountInput.tsx';
import type { CommitReason } from '../kit/cell-keys.ts';
import { MenuButton, type MenuEntry } from '../kit/Menu.tsx';
import { type CellValues, EditCell, useCellText } from './cells.tsx';
import type { ColumnId, RegisterColumn } from './columns.ts';
import type { NavRow } from './nav-rows.ts';
import type { RegisterField } from './types.ts';
import type { Cursor, FieldError } from './use-register-editing.ts';

export interface PayeeLabel {
  name: string;
  /** The account a transfer payee moves money to or from. */
  transfer: string | null;
}

export interface RowCellsProps {
  columns: readonly RegisterColumn[];
  row: NavRow;
  /** Accessible name of the row (its date, payee and amount). */
  label: string;
  cursor: Cursor | null;
  error: FieldError | null;
  balance?: number | null;
  selected?: boolean;
  payeeLabel: (id: string | null) => PayeeLabel;
  onSelect?: (shift: boolean) => void;
  onCommit: (field: RegisterField, value: unknown, reason: CommitReason) => void;
  onCancel: () => void;
  onToggleCleared?: () => void;
  menu?: { items: MenuEntry[]; onSelect: (name: string) => void };
}

const FIELD_LABEL: Record<RegisterField, string> = {
  date: 'Date',
  account: 'Account',
  payee: 'Payee',
  notes: 'Notes',
  category: 'Category',
  payment: 'Payment',
  deposit: 'Deposit',
  cleared: 'Cleared',
};

export function Cell({
  col,
  children,
  className,
}: {
  col: RegisterColumn;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="gridcell"
      data-col={col.id}
      className={`vtable-cell align-${col.align ?? 'left'} reg-${col.id}${className ? ` ${className}` : ''}`}
    >
      {children}
    </div>
  );
}

export function PayeeText({ label }: { label: PayeeLabel }) {
  if (!label.transfer) return <>{label.name}</>;
  return (
    <span className="reg-transfer" title={`Transfer: ${label.name}`}>
      <span aria-hidden="true">⇄ </span>
      <span className="sr-only">Transfer: </span>
      {label.name}
    </span>
  );
}

/** The cleared flag: a toggle, or a lock on a reconciled transaction. */
export function ClearedButton({
  values,
  onToggle,
}: {
  values: Pick<CellValues, 'cleared' | 'reconciled'>;
  onToggle?: () => void;
}) {
  if (values.reconciled) {
    return (
      <button
        type="button"
        tabIndex={-1}
        className="btn btn-bare reg-cleared reconciled"
        aria-label="Reconciled"
        onClick={onToggle}
      >
        🔒
      </button>
    );
  }
  return (
    <button
      type="button"
      tabIndex={-1}
      className={`btn btn-bare reg-cleared${values.cleared ? ' on' : ''}`}
      aria-label={values.cleared ? 'Cleared' : 'Not cleared'}
      aria-pressed={values.cleared}
      onClick={onToggle}
    >
      {values.cleared ? '✓' : '○'}
    </button>
  );
}

/** Every cell of a row, the cursor's cell as its kit input when it is being edited. */
export function RowCells(p: RowCellsProps) {
  const text = useCellText();
  const { row } = p;
  const v = row.values;
  const editing = p.cursor && p.cursor.row === row.key && p.cursor.editing ? p.cursor.field : null;
  const error = p.error && p.error.row === row.key ? p.error : null;

  function content(id: ColumnId): ReactNode {
    if (editing === id) {
      return (
        <EditCell
          field={id}
          values={v}
          label={`${FIELD_LABEL[id]}${row.kind.includes('line') || row.kind === 'child' ? ' of split line' : ''}`}
          error={error?.field === id ? error.message : null}
          canSplit={row.kind === 'txn' || row.kind === 'draft'}
          onCommit={(value, reason) => {
            p.onCommit(id, value, reason);
            return true;
          }}
          onCancel={p.onCancel}
        />
      );
    }
    switch (id) {
      case 'select':
        return p.onSelect ? (
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={`Select ${p.label}`}
            checked={!!p.selected}
            onChange={() => undefined}
            onClick={(e) => p.onSelect?.(e.shiftKey)}
          />
        ) : null;
      case 'date':
        return v.isLine || !v.date ? '' : text.fmt.date(v.date);
      case 'account':
        return v.isLine ? '' : text.account(v.account);
      case 'payee':
        return <PayeeText label={p.payeeLabel(v.payee)} />;
      case 'notes':
        return v.notes ?? '';
      case 'category':
        switch (row.category) {
          case 'split':
            return <span className="reg-split-label">Split</span>;
          case 'transfer':
            return <span className="subdued">Transfer</span>;
          case 'off-budget':
            return '';
          default:
            return v.category ? (
              text.category(v.category)
            ) : (
              <span className="reg-categorize">Categorize</span>
            );
        }
      case 'payment':
        return v.amount < 0 ? <Amount cents={-v.amount} colored={false} /> : '';
      case 'deposit':
        return v.amount > 0 ? <Amount cents={v.amount} colored={false} /> : '';
      case 'balance':
        return p.balance === null || p.balance === undefined ? '' : <Amount cents={p.balance} />;
      case 'cleared':
        return v.isLine ? '' : <ClearedButton values={v} onToggle={p.onToggleCleared} />;
      case 'menu':
        return p.menu ? (
          <MenuButton
            label="⋯"
            ariaLabel={`Actions for ${p.label}`}
            className="btn btn-bare reg-menu"
            items={p.menu.items}
            onSelect={p.menu.onSelect}
          />
        ) : null;
    }
  }

  return (
    <>
      {p.columns.map((col) => (
        <Cell
          key={col.id}
          col={col}
          className={[
            editing === col.id ? 'editing' : '',
            p.cursor?.row === row.key && p.cursor.field === col.id ? 'cursor' : '',
            error?.field === col.id ? 'invalid' : '',
          ].join(' ')}
        >
          {content(col.id)}
        </Cell>
      ))}
    </>
  );
}
