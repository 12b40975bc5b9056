/**
 * The filter bar: each condition a chip (click to edit, × to remove), 'and'/'or' between them,
 * and the saved filters (apply, save, update, rename, delete), sorted as the core sorts them.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import { failureOf } from '../../../backend/backend.ts';
import { useTablesChanged } from '../../kit/data/data.ts';
import { MenuButton, type MenuEntry } from '../../kit/ui/Menu.tsx';
import { Popover } from '../../kit/ui/Popover.tsx';
import { ConditionPopover } from '../../conditions/ConditionPopover.tsx';
import { filterConditionText } from '../../conditions/rule-text.ts';
import { useRuleFormats, useRuleNames } from '../../conditions/use-rule-names.ts';
import {
  type FilterCondition,
  filterErrorText,
  matchesSaved,
  type SavedFilter,
} from '../rows/filter-conditions.ts';
import type { RegisterFinding } from '../rows/use-register-finding.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { ErrorText } from '../../kit/ui/ErrorText.tsx';

/**
 * Saved filters, kept fresh (they sync like everything else). Read once the register's first
 * rows are in (`ready`), not again each time a new search or filter makes it wait for rows:
 * a change to the saved filters reads them again.
 */
export function useSavedFilters(ready = true): SavedFilter[] {
  const store = useStore();
  const [list, setList] = useState<SavedFilter[]>([]);
  const [started, setStarted] = useState(ready);
  if (ready && !started) setStarted(true);
  const load = useCallback(() => {
    if (!started) return;
    void store.backend.send('filters-get').then((res) => {
      if (Array.isArray(res)) setList(res);
    });
  }, [store, started]);
  useEffect(load, [load]);
  useTablesChanged(['transaction_filters'], load);
  return list;
}

export function FilterBar({ finding, ready }: { finding: RegisterFinding; ready: boolean }) {
  const names = useRuleNames();
  const formats = useRuleFormats();
  const saved = useSavedFilters(ready);
  const [editing, setEditing] = useState<number | null>(null);
  const { conditions, conditionsOp, saved: current } = finding;

  const describeCondition = (c: FilterCondition) => filterConditionText(c, names, formats);
  const modified = current ? !matchesSaved(current, conditions, conditionsOp) : false;

  const replace = (i: number, c: FilterCondition | null) => {
    const next = [...conditions];
    if (c) next[i] = c;
    else next.splice(i, 1);
    finding.setConditions(next);
    if (next.length === 0) finding.setSaved(null);
  };

  const show = conditions.length > 0 || saved.length > 0;
  if (!show) return null;
  return (
    <div className="reg-filters" role="group" aria-label="Filters">
      {current && (
        <span className="reg-saved-name">
          {current.name}
          {modified && <span className="subdued"> (changed)</span>}
        </span>
      )}
      {conditions.map((c, i) => (
        <FilterChip
          key={i}
          condition={c}
          text={describeCondition(c)}
          op={i > 0 ? conditionsOp : null}
          editing={editing === i}
          onSwitchOp={() => finding.setConditionsOp(conditionsOp === 'and' ? 'or' : 'and')}
          onEdit={() => setEditing(i)}
          onRemove={() => replace(i, null)}
          onApply={(next) => {
            replace(i, next);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ))}
      <SavedFiltersMenu finding={finding} saved={saved} modified={modified} />
    </div>
  );
}

/** One condition: the 'and'/'or' before it (not before the first), its text to edit, its ×. */
function FilterChip({
  condition,
  text,
  op,
  editing,
  onSwitchOp,
  onEdit,
  onRemove,
  onApply,
  onClose,
}: {
  condition: FilterCondition;
  text: string;
  op: 'and' | 'or' | null;
  editing: boolean;
  onSwitchOp: () => void;
  onEdit: () => void;
  onRemove: () => void;
  onApply: (next: FilterCondition) => void;
  onClose: () => void;
}) {
  const chip = useRef<HTMLButtonElement>(null);
  return (
    <span className="reg-chip-wrap">
      {op && (
        <Button
          type="button"
          variant="bare"
          className="reg-op"
          aria-label={`Match ${op === 'and' ? 'all' : 'any'} conditions (switch)`}
          onClick={onSwitchOp}
        >
          {op}
        </Button>
      )}
      <span className="reg-chip">
        <Button
          type="button"
          ref={chip}
          variant="bare"
          className="reg-chip-text"
          aria-label={`Edit filter: ${text}`}
          onClick={onEdit}
        >
          {text}
        </Button>
        <Button
          type="button"
          variant="bare"
          className="reg-chip-remove"
          aria-label={`Remove filter: ${text}`}
          onClick={onRemove}
        >
          ×
        </Button>
      </span>
      {editing && (
        <ConditionPopover anchor={chip} condition={condition} onApply={onApply} onClose={onClose} />
      )}
    </span>
  );
}

/** The saved-filters menu's entries for the filter on screen: apply, save, update, rename… */
function savedFilterItems(
  saved: SavedFilter[],
  conditions: FilterCondition[],
  current: SavedFilter | null,
  modified: boolean,
): MenuEntry[] {
  return [
    ...saved.map((f) => ({ name: `apply:${f.id}`, text: f.name })),
    ...(saved.length > 0 ? [{ kind: 'separator' as const }] : []),
    ...(conditions.length > 0 && (!current || modified)
      ? [{ name: 'save', text: 'Save new filter…' }]
      : []),
    ...(current && modified ? [{ name: 'update', text: `Update “${current.name}”` }] : []),
    ...(current ? [{ name: 'rename', text: 'Rename filter…' }] : []),
    ...(current ? [{ name: 'delete', text: 'Delete filter', danger: true }] : []),
    ...(conditions.length > 0 ? [{ name: 'clear', text: 'Clear filter' }] : []),
  ];
}

/** What the saved-filters menu does to the stored filters (and to the filter on screen). */
function useSavedFilterActions(finding: RegisterFinding) {
  const store = useStore();
  const { conditions, conditionsOp, saved: current } = finding;

  async function updateSaved() {
    if (!current) return;
    const res = await store.backend.send('filter-update', {
      state: { id: current.id, name: current.name, conditions, conditionsOp },
    });
    const error = failureOf(res);
    if (error) store.addNotification({ type: 'error', message: filterErrorText(error) });
    else finding.setSaved({ ...current, conditions, conditionsOp });
  }

  async function deleteSaved() {
    if (!current) return;
    await store.backend.send('filter-delete', current.id);
    finding.applySaved(null);
  }

  /** Saves the filter on screen under a new name, or renames the current one: the error's text. */
  async function saveNamed(naming: 'save' | 'rename', name: string): Promise<string | null> {
    const state =
      naming === 'rename' && current
        ? {
            id: current.id,
            name,
            conditions: current.conditions,
            conditionsOp: current.conditionsOp,
          }
        : { name, conditions, conditionsOp };
    const res = await store.backend.send(naming === 'rename' ? 'filter-update' : 'filter-create', {
      state,
    });
    const error = failureOf(res);
    if (error) return filterErrorText(error);
    const id = naming === 'rename' ? current!.id : (res as string);
    finding.setSaved({
      id,
      name,
      conditions: state.conditions,
      conditionsOp: state.conditionsOp,
    });
    return null;
  }

  return { updateSaved, deleteSaved, saveNamed };
}

/** The "Saved filters" menu and, when saving or renaming, the name form beside it. */
function SavedFiltersMenu({
  finding,
  saved,
  modified,
}: {
  finding: RegisterFinding;
  saved: SavedFilter[];
  modified: boolean;
}) {
  const [naming, setNaming] = useState<'save' | 'rename' | null>(null);
  const savedButton = useRef<HTMLDivElement>(null);
  const { updateSaved, deleteSaved, saveNamed } = useSavedFilterActions(finding);
  const { conditions, saved: current } = finding;

  return (
    <>
      <div ref={savedButton} className="reg-saved">
        <MenuButton
          label="Saved filters ▾"
          className="btn btn-small"
          items={savedFilterItems(saved, conditions, current, modified)}
          onSelect={(name) => {
            if (name.startsWith('apply:')) {
              finding.applySaved(saved.find((f) => `apply:${f.id}` === name) ?? null);
            } else if (name === 'save' || name === 'rename') setNaming(name);
            else if (name === 'update') void updateSaved();
            else if (name === 'delete') void deleteSaved();
            else if (name === 'clear') finding.applySaved(null);
          }}
        />
      </div>
      {naming && (
        <FilterNameForm
          anchor={savedButton}
          initial={naming === 'rename' ? (current?.name ?? '') : ''}
          onClose={() => setNaming(null)}
          onSave={async (name) => {
            const error = await saveNamed(naming, name);
            if (error === null) setNaming(null);
            return error;
          }}
        />
      )}
    </>
  );
}

function FilterNameForm({
  anchor,
  initial,
  onSave,
  onClose,
}: {
  anchor: RefObject<HTMLElement | null>;
  initial: string;
  onSave: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <Popover anchor={anchor} className="reg-condition">
      <form
        role="dialog"
        aria-label="Save filter"
        className="stack"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(name).then(setError);
        }}
      >
        <label className="field">
          Filter name
          <input
            className="input"
            autoFocus
            value={name}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </label>
        {error && <ErrorText>{error}</ErrorText>}
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Save
          </Button>
        </div>
      </form>
    </Popover>
  );
}
