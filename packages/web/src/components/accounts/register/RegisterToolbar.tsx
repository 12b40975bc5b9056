/**
 * Above the register: Add New, Filter (a field, then its condition), the search box, and the
 * selection's bulk actions once rows are selected.
 */
import { FILTER_EDITOR_FIELDS } from '@coffer/core/ui';
import { useRef, useState } from 'react';
import { MenuButton, type MenuEntry } from '../../kit/ui/Menu.tsx';
import { ConditionPopover, newFilterCondition } from '../../conditions/ConditionPopover.tsx';
import { fieldTitle } from '../rows/filter-conditions.ts';
import type { RegisterFinding } from '../rows/use-register-finding.ts';
import { Button } from '../../kit/ui/Button.tsx';

export interface ToolbarProps {
  finding: RegisterFinding;
  canAdd: boolean;
  onAdd: () => void;
  selected: number;
  bulk: { items: MenuEntry[]; onSelect: (name: string) => void };
  searchRef: React.RefObject<HTMLInputElement | null>;
}

export function RegisterToolbar({
  finding,
  canAdd,
  onAdd,
  selected,
  bulk,
  searchRef,
}: ToolbarProps) {
  const [adding, setAdding] = useState<string | null>(null);
  const filterButton = useRef<HTMLSpanElement>(null);
  return (
    <div className="reg-toolbar" role="toolbar" aria-label="Transactions">
      <Button type="button" size="small" onClick={onAdd} disabled={!canAdd}>
        + Add New
      </Button>
      <span ref={filterButton}>
        <MenuButton
          label="Filter"
          className="btn btn-small"
          ariaLabel="Filter"
          items={[...FILTER_EDITOR_FIELDS, 'tag'].map((f) => ({ name: f, text: fieldTitle(f) }))}
          onSelect={setAdding}
        />
      </span>
      {adding && (
        <ConditionPopover
          anchor={filterButton}
          condition={newFilterCondition(adding)}
          onApply={(c) => {
            finding.setConditions([...finding.conditions, c]);
            setAdding(null);
          }}
          onClose={() => setAdding(null)}
        />
      )}
      <input
        ref={searchRef}
        type="search"
        className="input reg-search"
        placeholder="Search"
        aria-label="Search transactions"
        value={finding.searchText}
        onChange={(e) => finding.setSearchText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && finding.searchText) {
            e.stopPropagation();
            finding.setSearchText('');
          }
        }}
      />
      <span className="reg-toolbar-spacer" />
      {selected > 0 && (
        <MenuButton
          label={`${selected} selected ▾`}
          ariaLabel={`Actions for ${selected} selected transaction${selected === 1 ? '' : 's'}`}
          className="btn btn-small btn-primary"
          items={bulk.items}
          onSelect={bulk.onSelect}
        />
      )}
    </div>
  );
}
