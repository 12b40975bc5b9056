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
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAppState } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { Menu, type MenuEntry } from '../kit/ui/Menu.tsx';
import { gridTemplate, VirtualTable, type VirtualTableHandle } from '../kit/ui/VirtualTable.tsx';
import type { RegisterColumn } from './columns.ts';
import { DraftFooter, LeftText } from './DraftFooter.tsx';
import { DRAFT_KEY, type NavRow } from './nav-rows.ts';
import type { Preview } from './previews.ts';
import type { Sort } from './register-query.ts';
import type { DisplayRow } from './register-rows.ts';
import {
  Cell,
  PayeeText,
  type PayeeLabel,
  type RowActions,
  RowCells,
  type RowCellsProps,
  type RowText,
} from './RegisterRow.tsx';
import type { Selection } from './selection.ts';
import type { RegisterTx } from './types.ts';
import type { RegisterEditing } from './use-register-editing.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

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
  rowMenu: (row: NavRow) => { items: MenuEntry[]; onSelect: (name: string) => void } | undefined;
  onDistribute: (parent: RegisterTx | null) => void;
  onAddLine: (parent: RegisterTx) => void;
  onPostPreview: (p: Preview) => void;
  onSkipPreview: (p: Preview) => void;
  onRowKeyDown: (e: KeyboardEvent<HTMLDivElement>, row: NavRow) => void;
  handle: Ref<VirtualTableHandle>;
  empty: ReactNode;
}

export function RegisterTable(p: RegisterTableProps) {
  const fmt = useFormat();
  const accounts = useAppState((s) => s.accounts);
  const categories = useAppState((s) => s.categories.list);
  const template = gridTemplate(p.columns);
  const press = useRef<{ x: number; y: number } | null>(null);
  const { cursor, error } = p.editing;
  const [menu, setMenu] = useState<{ row: string; anchor: HTMLElement } | null>(null);

  // Made once per change of what they read: rows mount and unmount on every scroll frame.
  const text = useMemo<RowText>(() => {
    const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
    const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
    return {
      date: fmt.date,
      amount: fmt.amount,
      account: (id) => (id ? (accountNames.get(id) ?? '') : ''),
      category: (id) => (id ? (categoryNames.get(id) ?? '') : ''),
      payee: p.payeeLabel,
    };
  }, [fmt, accounts, categories, p.payeeLabel]);

  // One stable object for every row; it calls whatever the table holds now.
  const latest = useRef(p);
  latest.current = p;
  const actions = useRef<RowActions>({
    commit: (row, field, value, reason) => latest.current.editing.commit(row, field, value, reason),
    cancel: (row) => latest.current.editing.cancel(row),
    select: (row, shift) => latest.current.onSelect(row, shift),
    toggleCleared: (key) => {
      const row = latest.current.nav.get(key);
      if (row) latest.current.onToggleCleared(row);
      else if (key === DRAFT_KEY) {
        const d = latest.current.editing.draft;
        if (d) latest.current.editing.setDraft({ ...d, cleared: !d.cleared });
      }
    },
    openMenu: (row, anchor) => setMenu({ row, anchor }),
  }).current;

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
      {p.previews.map((preview) => (
        <div
          key={preview.id}
          role="row"
          aria-label={`Scheduled: ${text.date(preview.date)} ${p.payeeLabel(preview.payee).name}`}
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
        return text.date(preview.date);
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
            <Button type="button" size="small" onClick={() => p.onPostPreview(preview)}>
              Post now
            </Button>
            <Button type="button" size="small" onClick={() => p.onSkipPreview(preview)}>
              Skip
            </Button>
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
        <Checkbox
          label="Select all"
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
      <Button
        type="button"
        variant="bare"
        className="reg-sort"
        onClick={() => p.onSort(col.id as Sort['field'])}
        aria-label={`Sort by ${col.header}`}
      >
        {col.id === 'cleared' ? <span aria-hidden="true">✓</span> : col.header}
        {dir && <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span>}
      </Button>
    );
  };

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
                <Button type="button" size="small" onClick={() => p.onDistribute(r.parent)}>
                  Distribute
                </Button>
                <Button type="button" size="small" onClick={() => p.onAddLine(r.parent)}>
                  Add split line
                </Button>
              </div>
            );
          }
          const row = p.nav.get(r.key)!;
          return cells(row, {
            balance: r.kind === 'txn' ? r.balance : null,
            selected: p.selection.ids.has(r.key),
            full: true,
          });
        }}
      />
    </>
  );
}
