/**
 * The cells of one register row, shown or (the cursor's cell) edited: a transaction, a split
 * line, the add row, a scheduled preview.
 */
import { memo, type ReactNode } from 'react';
import type { CommitReason } from '../../kit/ui/cell-keys.ts';
import { type CellValues, EditCell } from './cells.tsx';
import type { ColumnId, RegisterColumn } from './columns.ts';
import type { NavRow } from './nav-rows.ts';
import type { RegisterField } from '../types.ts';
import type { FieldError } from '../editing/use-register-editing.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { Checkbox } from '../../kit/ui/Checkbox.tsx';
import { NoteText } from '../../tags/NoteText.tsx';
import { ReviewMark, reviewDescriptionId } from '../review/ReviewMark.tsx';
import { type ReviewEntry, whyMatched } from '../review/review-text.ts';

export interface PayeeLabel {
  name: string;
  /** The account a transfer payee moves money to or from. */
  transfer: string | null;
}

/** Display text of a row's cells, made once per table (not per cell: rows mount on scroll). */
export interface RowText {
  date: (date: string) => string;
  amount: (cents: number) => string;
  account: (id: string | null) => string;
  category: (id: string | null) => string;
  payee: (id: string | null) => PayeeLabel;
}

/** What a row asks of the table; one stable object, so rows that did not change skip rendering. */
export interface RowActions {
  commit: (row: string, field: RegisterField, value: unknown, reason: CommitReason) => void;
  cancel: (row: string) => void;
  select: (row: string, shift: boolean) => void;
  toggleCleared: (row: string) => void;
  openMenu: (row: string, anchor: HTMLElement) => void;
  /** A tag chip in the notes was clicked: filter the register by the tag. */
  filterTag: (tag: string) => void;
}

export interface RowCellsProps {
  columns: readonly RegisterColumn[];
  row: NavRow;
  /** Accessible name of the row (its date, payee and amount). */
  label: string;
  /** The cursor's field when it is in this row, and whether it is being edited. */
  cursorField: RegisterField | null;
  editing: boolean;
  /** This row's refused value, if any. */
  error: FieldError | null;
  balance?: number | null;
  selected?: boolean;
  /** Register rows have a selection box and a menu; the add row has neither. */
  full: boolean;
  text: RowText;
  actions: RowActions;
  /** The row's bank review mark, while it waits for approval. */
  review?: ReviewEntry | null;
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
  title,
}: {
  col: RegisterColumn;
  children?: ReactNode;
  className?: string;
  /** The whole text, shown on hover when the column cuts it. */
  title?: string;
}) {
  return (
    <div
      role="gridcell"
      data-col={col.id}
      title={title || undefined}
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
      <Button
        type="button"
        tabIndex={-1}
        variant="bare"
        className="reg-cleared reconciled"
        aria-label="Reconciled"
        onClick={onToggle}
      >
        {/* Drawn, not an emoji: a system without an emoji font showed an empty box. */}
        <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
        </svg>
      </Button>
    );
  }
  return (
    <Button
      type="button"
      tabIndex={-1}
      variant="bare"
      className={`reg-cleared${values.cleared ? ' on' : ''}`}
      aria-label={values.cleared ? 'Cleared' : 'Not cleared'}
      aria-pressed={values.cleared}
      onClick={onToggle}
    >
      {values.cleared ? '✓' : '○'}
    </Button>
  );
}

/** Every cell of a row, the cursor's cell as its kit input when it is being edited. */
export const RowCells = memo(function RowCells(p: RowCellsProps) {
  const { row, text, actions } = p;
  const v = row.values;
  const editing = p.editing ? p.cursorField : null;
  const error = p.error;

  function content(id: ColumnId): ReactNode {
    if (editing === id) {
      return (
        <EditCell
          field={id}
          values={v}
          label={`${FIELD_LABEL[id]}${row.kind === 'draft-line' || row.kind === 'child' ? ' of split line' : ''}`}
          error={error?.field === id ? error.message : null}
          canSplit={row.kind === 'txn' || row.kind === 'draft'}
          onCommit={(value, reason) => {
            actions.commit(row.key, id, value, reason);
            return true;
          }}
          onCancel={() => actions.cancel(row.key)}
        />
      );
    }
    switch (id) {
      case 'select':
        return p.full ? (
          <Checkbox
            tabIndex={-1}
            label={`Select ${p.label}`}
            checked={!!p.selected}
            onChange={() => undefined}
            onClick={(e) => actions.select(row.key, e.shiftKey)}
          />
        ) : null;
      case 'date':
        return v.isLine || !v.date ? '' : text.date(v.date);
      case 'account':
        return v.isLine ? '' : text.account(v.account);
      case 'payee':
        return p.review ? (
          <>
            <ReviewMark
              entry={p.review}
              why={whyMatched(p.review, text)}
              open={p.cursorField !== null && !p.editing}
              descriptionId={reviewDescriptionId(row.key)}
            />
            <PayeeText label={text.payee(v.payee)} />
          </>
        ) : (
          <PayeeText label={text.payee(v.payee)} />
        );
      case 'notes':
        return <NoteText notes={v.notes ?? null} onTag={actions.filterTag} />;
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
      // The figures are the cell's own text (its class says it is an amount: amountClass).
      case 'payment':
        return v.amount < 0 ? text.amount(-v.amount) : '';
      case 'deposit':
        return v.amount > 0 ? text.amount(v.amount) : '';
      case 'balance':
        return p.balance === null || p.balance === undefined ? '' : text.amount(p.balance);
      case 'cleared':
        return v.isLine ? (
          ''
        ) : (
          <ClearedButton
            values={v}
            onToggle={
              p.full || row.kind === 'draft' ? () => actions.toggleCleared(row.key) : undefined
            }
          />
        );
      case 'menu':
        return p.full ? (
          <Button
            type="button"
            variant="bare"
            className="reg-menu"
            aria-haspopup="menu"
            aria-label={`Actions for ${p.label}`}
            onClick={(e) => actions.openMenu(row.key, e.currentTarget)}
          >
            ⋯
          </Button>
        ) : null;
    }
  }

  /** A name's whole text, for the cell's title (a narrow column cuts it with an ellipsis). */
  function wholeText(id: ColumnId): string | undefined {
    if (editing === id) return undefined;
    switch (id) {
      case 'payee':
        return text.payee(v.payee).name;
      case 'account':
        return v.isLine ? undefined : text.account(v.account);
      case 'notes':
        return v.notes ?? undefined;
      case 'category':
        return row.category === 'choose' && v.category ? text.category(v.category) : undefined;
      default:
        return undefined;
    }
  }

  /** A figure's cell is the amount itself (privacy's blur, a negative balance's colour). */
  function amountClass(id: ColumnId): string {
    if (editing === id) return '';
    if (id === 'payment' || id === 'deposit') return v.amount !== 0 ? 'amount' : '';
    if (id !== 'balance' || p.balance === null || p.balance === undefined) return '';
    return p.balance < 0 ? 'amount negative' : 'amount';
  }

  // Few boxes a row (issue 32: the rows' layout and paint are most of a filter's frame): text
  // sits in its cell, and only the cursor's cell wraps a name in a span.
  return (
    <>
      {p.columns.map((col) => {
        const whole = wholeText(col.id);
        const cursor = p.cursorField === col.id;
        return (
          <Cell
            key={col.id}
            col={col}
            title={whole}
            className={[
              editing === col.id ? 'editing' : '',
              cursor ? 'cursor' : '',
              error?.field === col.id ? 'invalid' : '',
              amountClass(col.id),
            ].join(' ')}
          >
            {/* A name in a span: the focused row's cursor cell shows it whole over its neighbour. */}
            {whole && cursor ? (
              <span className="reg-name">{content(col.id)}</span>
            ) : (
              content(col.id)
            )}
          </Cell>
        );
      })}
    </>
  );
});
