/**
 * The register's table: a virtualized grid of transactions and split lines (32 px rows, 5 rows
 * overscan, the next page as the end of the loaded rows nears: rows/paging.ts), with the add row and the scheduled
 * previews above it. The row with the cursor takes the keyboard when no cell is being edited.
 */
import {
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useRef,
  useState,
} from 'react';
import { useFirstScreenMark } from '../../../store/first-screen.ts';
import { Menu, type MenuEntry } from '../../kit/ui/Menu.tsx';
import { gridTemplate, VirtualTable, type VirtualTableHandle } from '../../kit/ui/VirtualTable.tsx';
import type { RegisterColumn } from './columns.ts';
import { DraftFooter, SplitLeftCell } from './DraftFooter.tsx';
import type { NavRow } from './nav-rows.ts';
import { ColumnHeader } from './ColumnHeader.tsx';
import { PreviewRows } from './PreviewRows.tsx';
import { useClickToEdit, useRowActions, useRowText } from './use-row-parts.ts';
import type { Preview } from '../editing/previews.ts';
import type { Sort } from '../rows/register-query.ts';
import type { DisplayRow } from '../rows/register-rows.ts';
import { type PayeeLabel, RowCells, type RowCellsProps } from './RegisterRow.tsx';
import type { Selection } from './selection.ts';
import type { RegisterTx } from '../types.ts';
import type { RegisterEditing } from '../editing/use-register-editing.ts';
import { reviewDescriptionId } from '../review/ReviewMark.tsx';
import type { ReviewEntry } from '../review/review-text.ts';

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
  /** How near the end of the loaded rows `onNearEnd` is called (the register's paging). */
  nearEndWithin: number;
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
  onFilterTag: (tag: string) => void;
  rowMenu: (row: NavRow) => { items: MenuEntry[]; onSelect: (name: string) => void } | undefined;
  onDistribute: (parent: RegisterTx | null) => void;
  onAddLine: (parent: RegisterTx) => void;
  onPostPreview: (p: Preview) => void;
  onSkipPreview: (p: Preview) => void;
  onRowKeyDown: (e: KeyboardEvent<HTMLDivElement>, row: NavRow) => void;
  handle: Ref<VirtualTableHandle>;
  empty: ReactNode;
  /** Bank rows waiting for review, by id. */
  review: ReadonlyMap<string, ReviewEntry>;
}

/** A column's sort as the grid's header says it (`aria-sort`). */
const ariaSort = (
  sort: Sort | null,
  id: RegisterColumn['id'],
): 'ascending' | 'descending' | undefined =>
  sort?.field === id ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;

export function RegisterTable(p: RegisterTableProps) {
  // A start on the register: its first paint with rows is the first screen (the sync follows).
  useFirstScreenMark(!p.loading);
  const template = gridTemplate(p.columns);
  const { cursor, error } = p.editing;
  const [menu, setMenu] = useState<{ row: string; anchor: HTMLElement } | null>(null);

  const text = useRowText(p.payeeLabel);
  const latest = useRef(p);
  latest.current = p;
  const actions = useRowActions(latest, (row, anchor) => setMenu({ row, anchor }));

  const { onMouseDown, onClick } = useClickToEdit((row, field) => void p.editing.edit(row, field));

  const cells = (row: NavRow, extra: Partial<RowCellsProps> = {}) => {
    const here = cursor?.row === row.key ? cursor : null;
    return (
      <RowCells
        columns={p.columns}
        row={row}
        label={p.rowLabel(row)}
        cursorField={here?.field ?? null}
        editing={!!here?.editing}
        error={error?.row === row.key ? error : null}
        full={false}
        text={text}
        actions={actions}
        {...extra}
      />
    );
  };

  const menuRow = menu ? p.nav.get(menu.row) : undefined;
  const menuSpec = menuRow ? p.rowMenu(menuRow) : undefined;
  const rowMenu =
    menu && menuSpec ? (
      <Menu
        anchor={{ current: menu.anchor }}
        items={menuSpec.items}
        label={`Actions for ${menuRow ? p.rowLabel(menuRow) : ''}`}
        onSelect={menuSpec.onSelect}
        onClose={() => setMenu(null)}
      />
    ) : null;

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
        <DraftFooter
          editing={p.editing}
          left={p.draftLeft}
          total={p.draftTotal}
          onDistribute={() => p.onDistribute(null)}
        />
      )}
      <PreviewRows
        previews={p.previews}
        columns={p.columns}
        template={template}
        text={text}
        payeeLabel={p.payeeLabel}
        onPost={p.onPostPreview}
        onSkip={p.onSkipPreview}
      />
    </>
  );

  return (
    <>
      {rowMenu}
      <VirtualTable
        label={p.label}
        role="grid"
        className="register"
        handle={p.handle}
        columns={p.columns.map((col) => ({
          id: col.id,
          header: (
            <ColumnHeader
              col={col}
              allSelected={p.allSelected}
              onSelectAll={p.onSelectAll}
              sort={p.sort}
              onSort={p.onSort}
            />
          ),
          width: col.width,
          align: col.align,
          sort: ariaSort(p.sort, col.id),
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
        nearEndWithin={p.nearEndWithin}
        top={top}
        empty={p.loading ? null : p.empty}
        rowProps={(r) => {
          const row = p.nav.get(r.key);
          if (!row) return { className: 'reg-left-row' };
          const kind = r.kind === 'child' ? 'reg-line' : 'reg-txn';
          const selected = p.selection.ids.has(r.key);
          const { role: _role, ...attrs } = rowAttrs(row, `${kind}${selected ? ' selected' : ''}`);
          const described = p.review.has(r.key) ? reviewDescriptionId(r.key) : undefined;
          return {
            ...attrs,
            'aria-selected': selected,
            'aria-describedby': described,
          } as HTMLAttributes<HTMLDivElement>;
        }}
        renderRow={(r) => {
          if (r.kind === 'split-left') {
            return (
              <SplitLeftCell
                parent={r.parent}
                left={r.left}
                onDistribute={p.onDistribute}
                onAddLine={p.onAddLine}
              />
            );
          }
          const row = p.nav.get(r.key)!;
          return cells(row, {
            balance: r.kind === 'txn' ? r.balance : null,
            selected: p.selection.ids.has(r.key),
            full: true,
            review: p.review.get(r.key) ?? null,
          });
        }}
      />
    </>
  );
}
