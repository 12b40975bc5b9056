/**
 * The register's table: a virtualized grid of transactions and split lines (32 px rows, 5 rows
 * overscan, the next page within 100 rows of the end), with the add row and the scheduled
 * previews above it. The row with the cursor takes the keyboard when no cell is being edited.
 */
import {
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useRef,
} from 'react';
import { Amount } from '../kit/AmountInput.tsx';
import { gridTemplate, VirtualTable, type VirtualTableHandle } from '../kit/VirtualTable.tsx';
import type { RegisterColumn } from './columns.ts';
import type { NavRow } from './nav-rows.ts';
import type { Preview } from './previews.ts';
import type { Sort } from './register-query.ts';
import type { DisplayRow } from './register-rows.ts';
import { Cell, PayeeText, type PayeeLabel, RowCells, type RowCellsProps } from './RegisterRow.tsx';
import { useCellText } from './cells.tsx';
import type { Selection } from './selection.ts';
import type { RegisterTx } from './types.ts';
import type { RegisterEditing } from './use-register-editing.ts';

/** What is left of a split, in the direction of its total: still to assign, or too much. */
function LeftText({ total, left }: { total: number; left: number }) {
  const toAssign = total < 0 ? -left : left;
  return (
    <>
      {toAssign >= 0 ? 'Amount left: ' : 'Over by: '}
      <Amount cents={Math.abs(left)} colored={false} />
    </>
  );
}

/** The spec's click-versus-drag tolerance: a press that moved further is not a click. */
const CLICK_TOLERANCE = 5;

export interface RegisterTableProps {
  label: string;
  columns: RegisterColumn[];
  rows: DisplayRow[];
  nav: ReadonlyMap<string, NavRow>;
  draftRows: NavRow[];
  /** What is left to assign of a split in the add row (0 when none), and its total. */
  draftLeft: number;
  draftTotal: number;
  previews: Preview[];
  loading: boolean;
  complete: boolean;
  onNearEnd: () => void;
  editing: RegisterEditing;
  selection: Selection;
  onSelect: (key: string, shift: boolean) => void;
  allSelected: boolean | 'some';
  onSelectAll: () => void;
  sort: Sort | null;
  onSort: (field: Sort['field']) => void;
  payeeLabel: (id: string | null) => PayeeLabel;
  rowLabel: (row: NavRow) => string;
  onToggleCleared: (row: NavRow) => void;
  rowMenu: (row: NavRow) => RowCellsProps['menu'];
  onDistribute: (parent: RegisterTx | null) => void;
  onAddLine: (parent: RegisterTx) => void;
  onPostPreview: (p: Preview) => void;
  onSkipPreview: (p: Preview) => void;
  onRowKeyDown: (e: KeyboardEvent<HTMLDivElement>, row: NavRow) => void;
  handle: Ref<VirtualTableHandle>;
  empty: ReactNode;
}

export function RegisterTable(p: RegisterTableProps) {
  const text = useCellText();
  const template = gridTemplate(p.columns);
  const press = useRef<{ x: number; y: number } | null>(null);
  const { cursor, error } = p.editing;

  function onMouseDown(e: MouseEvent) {
    press.current = { x: e.clientX, y: e.clientY };
  }

  function onClick(e: MouseEvent, row: NavRow) {
    const start = press.current;
    press.current = null;
    if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_TOLERANCE) return;
    const target = e.target as HTMLElement;
    if (target.closest('input, button, a, [role=listbox], [role=dialog]')) return;
    const col = target.closest('[data-col]')?.getAttribute('data-col');
    if (!col || col === 'select' || col === 'menu' || col === 'balance') return;
    void p.editing.edit(row.key, col as NavRow['fields'][number]);
  }

  const cells = (row: NavRow, extra: Partial<RowCellsProps> = {}) => (
    <RowCells
      columns={p.columns}
      row={row}
      label={p.rowLabel(row)}
      cursor={cursor}
      error={error}
      payeeLabel={p.payeeLabel}
      onCommit={(field, value, reason) => p.editing.commit(row.key, field, value, reason)}
      onCancel={() => p.editing.cancel(row.key)}
      {...extra}
    />
  );

  const rowAttrs = (row: NavRow, className: string) => ({
    role: 'row',
    'data-row': row.key,
    tabIndex: cursor?.row === row.key ? 0 : -1,
    className: `${className}${cursor?.row === row.key ? ' reg-cursor' : ''}`,
    onMouseDown,
    onClick: (e: MouseEvent) => onClick(e, row),
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => p.onRowKeyDown(e, row),
  });

  const top = (
    <>
      {p.draftRows.map((row) => (
        <div
          key={row.key}
          {...rowAttrs(row, `vtable-row reg-draft${row.kind === 'draft-line' ? ' reg-line' : ''}`)}
          aria-label={row.kind === 'draft' ? 'New transaction' : 'New split line'}
          style={{ gridTemplateColumns: template }}
        >
          {cells(row)}
        </div>
      ))}
      {p.draftRows.length > 0 && (
        <div className="reg-draft-footer" role="row" aria-label="New transaction actions">
          <div role="gridcell" className="reg-draft-footer-cell">
            {p.draftLeft !== 0 ? (
              <span className="reg-left" role="status">
                <LeftText total={p.draftTotal} left={p.draftLeft} />
                <button
                  type="button"
                  className="btn reg-btn-small"
                  onClick={() => p.onDistribute(null)}
                >
                  Distribute
                </button>
              </span>
            ) : (
              <span className="subdued">Enter saves and starts the next one. Escape cancels.</span>
            )}
            <span className="reg-draft-buttons">
              <button type="button" className="btn reg-btn-small" onClick={p.editing.cancelAdd}>
                Cancel
              </button>
              <button
                type="button"
                className="btn reg-btn-small btn-primary"
                onClick={p.editing.saveDraft}
              >
                Add
              </button>
            </span>
          </div>
        </div>
      )}
      {p.previews.map((preview) => (
        <div
          key={preview.id}
          role="row"
          aria-label={`Scheduled: ${text.fmt.date(preview.date)} ${p.payeeLabel(preview.payee).name}`}
          className="vtable-row reg-preview"
          style={{ gridTemplateColumns: template }}
        >
          {p.columns
            .filter((col) => col.id !== 'category')
            .map((col) => (
              <Cell
                key={col.id}
                col={col}
                className={col.id === 'notes' ? 'reg-preview-notes' : ''}
              >
                {previewCell(col.id, preview)}
              </Cell>
            ))}
        </div>
      ))}
    </>
  );

  function previewCell(id: RegisterColumn['id'], preview: Preview): ReactNode {
    switch (id) {
      case 'date':
        return text.fmt.date(preview.date);
      case 'account':
        return text.account(preview.account);
      case 'payee':
        return <PayeeText label={p.payeeLabel(preview.payee)} />;
      case 'notes':
        // Notes and Category together: the status and what can be done with the preview.
        return (
          <span className="reg-preview-actions">
            <span className={`reg-badge reg-badge-${preview.status}`}>
              {preview.status === 'due'
                ? 'Due'
                : preview.status === 'missed'
                  ? 'Missed'
                  : 'Upcoming'}
            </span>
            <button
              type="button"
              className="btn reg-btn-small"
              onClick={() => p.onPostPreview(preview)}
            >
              Post now
            </button>
            <button
              type="button"
              className="btn reg-btn-small"
              onClick={() => p.onSkipPreview(preview)}
            >
              Skip
            </button>
          </span>
        );
      case 'payment':
        return preview.amount < 0 ? <Amount cents={-preview.amount} colored={false} /> : '';
      case 'deposit':
        return preview.amount > 0 ? <Amount cents={preview.amount} colored={false} /> : '';
      default:
        return null;
    }
  }

  const header = (col: RegisterColumn) => {
    if (col.id === 'select') {
      return (
        <input
          type="checkbox"
          aria-label="Select all"
          checked={p.allSelected === true}
          ref={(el) => {
            if (el) el.indeterminate = p.allSelected === 'some';
          }}
          onChange={p.onSelectAll}
        />
      );
    }
    if (!col.sortable)
      return col.id === 'menu' ? <span className="sr-only">Actions</span> : col.header;
    const dir = p.sort?.field === col.id ? p.sort.dir : null;
    return (
      <button
        type="button"
        className="btn btn-bare reg-sort"
        onClick={() => p.onSort(col.id as Sort['field'])}
        aria-label={`Sort by ${col.header}`}
      >
        {col.id === 'cleared' ? <span aria-hidden="true">✓</span> : col.header}
        {dir && <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span>}
      </button>
    );
  };

  return (
    <VirtualTable
      label={p.label}
      role="grid"
      className="register"
      handle={p.handle}
      columns={p.columns.map((col) => ({
        id: col.id,
        header: header(col),
        width: col.width,
        align: col.align,
        sort:
          p.sort?.field === col.id
            ? p.sort.dir === 'asc'
              ? ('ascending' as const)
              : ('descending' as const)
            : undefined,
        cell: () => null,
      }))}
      rows={p.rows}
      total={p.complete ? p.rows.length : null}
      rowKey={(r) => r.key}
      rowLabel={(r) => {
        const row = p.nav.get(r.key);
        return row ? p.rowLabel(row) : 'Amount left to assign';
      }}
      onNearEnd={p.complete ? undefined : p.onNearEnd}
      top={top}
      empty={p.loading ? null : p.empty}
      rowProps={(r) => {
        const row = p.nav.get(r.key);
        if (!row) return { className: 'reg-left-row' };
        const kind = r.kind === 'child' ? 'reg-line' : 'reg-txn';
        const selected = p.selection.ids.has(r.key);
        const { role: _role, ...attrs } = rowAttrs(row, `${kind}${selected ? ' selected' : ''}`);
        return { ...attrs, 'aria-selected': selected } as HTMLAttributes<HTMLDivElement>;
      }}
      renderRow={(r) => {
        if (r.kind === 'split-left') {
          return (
            <div role="gridcell" className="reg-left-cell">
              <span className="reg-left" role="status">
                <LeftText total={r.parent.amount} left={r.left} />
              </span>
              <button
                type="button"
                className="btn reg-btn-small"
                onClick={() => p.onDistribute(r.parent)}
              >
                Distribute
              </button>
              <button
                type="button"
                className="btn reg-btn-small"
                onClick={() => p.onAddLine(r.parent)}
              >
                Add split line
              </button>
            </div>
          );
        }
        const row = p.nav.get(r.key)!;
        return cells(row, {
          balance: r.kind === 'txn' ? r.balance : null,
          selected: p.selection.ids.has(r.key),
          onSelect: (shift) => p.onSelect(r.key, shift),
          onToggleCleared: () => p.onToggleCleared(row),
          menu: p.rowMenu(row),
        });
      }}
    />
  );
}
