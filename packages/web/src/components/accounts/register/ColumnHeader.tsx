import { Button } from '../../kit/ui/Button.tsx';
import { Checkbox } from '../../kit/ui/Checkbox.tsx';
import type { Sort } from '../rows/register-query.ts';
import type { RegisterColumn } from './columns.ts';

interface ColumnHeaderProps {
  col: RegisterColumn;
  allSelected: boolean | 'some';
  onSelectAll: () => void;
  sort: Sort | null;
  onSort: (field: Sort['field']) => void;
}

/** A register column's header: Select all, a sort button, or the column's name. */
export function ColumnHeader({ col, allSelected, onSelectAll, sort, onSort }: ColumnHeaderProps) {
  if (col.id === 'select') {
    return (
      <Checkbox
        label="Select all"
        checked={allSelected === true}
        ref={(el) => {
          if (el) el.indeterminate = allSelected === 'some';
        }}
        onChange={onSelectAll}
      />
    );
  }
  if (!col.sortable)
    return col.id === 'menu' ? <span className="sr-only">Actions</span> : col.header;
  const dir = sort?.field === col.id ? sort.dir : null;
  return (
    <Button
      type="button"
      variant="bare"
      className="reg-sort"
      onClick={() => onSort(col.id as Sort['field'])}
      aria-label={`Sort by ${col.header}`}
    >
      {col.id === 'cleared' ? <span aria-hidden="true">✓</span> : col.header}
      {dir && <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span>}
    </Button>
  );
}
