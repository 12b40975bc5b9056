import { type KeyboardEvent, memo, useRef, useState } from 'react';
import { useStore } from '../../store/context.ts';
import type { Category, CategoryGroup } from '../../store/types.ts';
import { Menu } from '../kit/ui/Menu.tsx';
import { NotesButton } from '../kit/pickers/Notes.tsx';
import {
  categoryMenu,
  deleteCategory,
  deleteGroup,
  groupMenu,
  saveName,
  setCategoryHidden,
  setGroupHidden,
} from './category-actions.ts';
import { CategoryMonth, GroupMonth } from './MonthCells.tsx';
import { NameEditor } from './NameEditor.tsx';
import { dropClass, useRows } from './rows-control.ts';
import { useBudgetView } from './view.ts';
import { Button } from '../kit/ui/Button.tsx';

function moveKey(e: KeyboardEvent): -1 | 1 | null {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null;
  return e.key === 'ArrowUp' ? -1 : e.key === 'ArrowDown' ? 1 : null;
}

/** The name cell's button: opens the row's menu; Alt+arrows move it, F2 renames. */
function NameButton({
  id,
  name,
  label,
  kind,
  items,
  onItem,
  onRename,
}: {
  id: string;
  name: string;
  label: string;
  kind: 'category' | 'group';
  items: ReturnType<typeof categoryMenu>;
  onItem: (item: string) => void;
  onRename: () => void;
}) {
  const control = useRows();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={ref}
        type="button"
        variant="plain"
        className="bt-name-button"
        data-row-name={id}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        title={name}
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          const direction = moveKey(e);
          if (direction) {
            e.preventDefault();
            control.step(kind, id, name, direction);
          } else if (e.key === 'F2') {
            e.preventDefault();
            onRename();
          }
        }}
      >
        {name}
      </Button>
      {open && (
        <Menu
          anchor={ref}
          label={label}
          items={items}
          onClose={() => setOpen(false)}
          onSelect={(item) => {
            if (item === 'move-up' || item === 'move-down') {
              control.step(kind, id, name, item === 'move-up' ? -1 : 1);
            } else onItem(item);
          }}
        />
      )}
    </>
  );
}

/**
 * A category's name cell: its menu, rename, notes and drag handle. Its own component, apart from
 * the row's month cells, so a month change (which renders every row for its new cells) leaves
 * the names alone (issue 30).
 */
const CategoryName = memo(function CategoryName({
  category,
  hidden,
  note,
}: {
  category: Category;
  hidden: boolean;
  note: string | null;
}) {
  const control = useRows();
  const store = useStore();
  const [renaming, setRenaming] = useState(false);
  return (
    <div
      role="rowheader"
      className="bt-cell bt-name"
      draggable={!renaming}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', category.name);
        control.startDrag({ kind: 'category', id: category.id });
      }}
      onDragEnd={control.endDrag}
    >
      {renaming ? (
        <NameEditor
          initial={category.name}
          label={`Rename ${category.name}`}
          onSave={(name) => saveName(store, 'category-update', { id: category.id, name })}
          onDone={() => setRenaming(false)}
        />
      ) : (
        <>
          <span className="bt-grip" aria-hidden="true">
            ⠿
          </span>
          <NameButton
            id={category.id}
            name={category.name}
            label={hidden ? `${category.name} (hidden)` : category.name}
            kind="category"
            items={categoryMenu(category)}
            onRename={() => setRenaming(true)}
            onItem={(item) => {
              if (item === 'rename') setRenaming(true);
              else if (item === 'hide' || item === 'show') {
                void setCategoryHidden(store, category.id, item === 'hide');
              } else if (item === 'delete') void deleteCategory(store, category);
              else if (item === 'goal') control.openGoal(category.id);
            }}
          />
          <NotesButton id={category.id} label={category.name} note={note} />
        </>
      )}
    </div>
  );
});

export const CategoryRow = memo(function CategoryRow({
  category,
  group,
}: {
  category: Category;
  group: CategoryGroup;
}) {
  const view = useBudgetView();
  const control = useRows();
  const income = Boolean(category.is_income);
  const hidden = Boolean(category.hidden || group.hidden);
  return (
    <div
      role="row"
      aria-label={category.name}
      className={`bt-row bt-category${hidden ? ' bt-hidden' : ''} ${dropClass(control, category.id, 'category')}`}
      onDragOver={(e) => control.over(e, 'category', category.id)}
      onDrop={control.dropped}
    >
      <CategoryName
        category={category}
        hidden={hidden}
        note={view.notes.get(category.id) ?? null}
      />
      {/* Keyed by position: a month change updates these cells in place (README). */}
      {view.months.map((m, i) => (
        <CategoryMonth
          key={i}
          categoryId={category.id}
          groupId={group.id}
          name={category.name}
          month={m}
          income={income}
        />
      ))}
    </div>
  );
});

/** A group's name cell: collapse, menu, rename, notes, + Category (as `CategoryName`). */
const GroupName = memo(function GroupName({
  group,
  collapsed,
  note,
}: {
  group: CategoryGroup;
  collapsed: boolean;
  note: string | null;
}) {
  const control = useRows();
  const store = useStore();
  const [renaming, setRenaming] = useState(false);
  const income = Boolean(group.is_income);
  return (
    <div
      role="rowheader"
      className="bt-cell bt-name"
      draggable={!renaming && !income}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', group.name);
        control.startDrag({ kind: 'group', id: group.id });
      }}
      onDragEnd={control.endDrag}
    >
      <Button
        type="button"
        variant="plain"
        className="bt-toggle"
        aria-expanded={!collapsed}
        aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${group.name}`}
        onClick={() => control.toggle(group.id)}
      >
        {collapsed ? '▸' : '▾'}
      </Button>
      {renaming ? (
        <NameEditor
          initial={group.name}
          label={`Rename ${group.name}`}
          onSave={(name) => saveName(store, 'category-group-update', { id: group.id, name })}
          onDone={() => setRenaming(false)}
        />
      ) : (
        <>
          <NameButton
            id={group.id}
            name={group.name}
            label={group.hidden ? `${group.name} group (hidden)` : `${group.name} group`}
            kind="group"
            items={groupMenu(group)}
            onRename={() => setRenaming(true)}
            onItem={(item) => {
              if (item === 'rename') setRenaming(true);
              else if (item === 'add') control.setAdding(group.id);
              else if (item === 'hide' || item === 'show') {
                void setGroupHidden(store, group.id, item === 'hide');
              } else if (item === 'delete') void deleteGroup(store, group);
            }}
          />
          <NotesButton id={group.id} label={group.name} note={note} />
          <Button
            type="button"
            variant="bare"
            className="bt-add-category"
            aria-label={`Add a category to ${group.name}`}
            onClick={() => control.setAdding(group.id)}
          >
            + Category
          </Button>
        </>
      )}
    </div>
  );
});

export const GroupRow = memo(function GroupRow({
  group,
  collapsed,
}: {
  group: CategoryGroup;
  collapsed: boolean;
}) {
  const view = useBudgetView();
  const control = useRows();
  const income = Boolean(group.is_income);
  return (
    <div
      role="row"
      aria-label={`${group.name} group`}
      className={`bt-row bt-group-row${group.hidden ? ' bt-hidden' : ''} ${dropClass(control, group.id, 'group')}`}
      onDragOver={(e) => control.over(e, 'group', group.id)}
      onDrop={control.dropped}
    >
      <GroupName group={group} collapsed={collapsed} note={view.notes.get(group.id) ?? null} />
      {view.months.map((m, i) => (
        <GroupMonth key={i} groupId={group.id} month={m} income={income} />
      ))}
    </div>
  );
});

/** The row where a new category's name is typed, at the top of its group. */
export function NewCategoryRow({ group }: { group: CategoryGroup }) {
  const control = useRows();
  const store = useStore();
  return (
    <div role="row" aria-label={`Adding a category to ${group.name}`} className="bt-row bt-new">
      <div role="rowheader" className="bt-cell bt-name">
        <NameEditor
          initial=""
          label={`New category in ${group.name}`}
          placeholder="New category name"
          onSave={(name) => saveName(store, 'category-create', { name, groupId: group.id })}
          onDone={() => control.setAdding(null)}
        />
      </div>
    </div>
  );
}

/** The income section's column names (envelope: what was received; tracking: against budget). */
export function IncomeHeader() {
  const { months, type, narrow } = useBudgetView();
  const labels =
    type === 'rollover'
      ? narrow
        ? ['', 'Received']
        : ['', '', 'Received']
      : narrow
        ? ['Budgeted', 'Received']
        : ['Budgeted', 'Received', ''];
  return (
    <div role="row" className="bt-row bt-income-head">
      <div role="columnheader" className="bt-cell bt-name">
        Income
      </div>
      {months.flatMap((_, m) =>
        labels.map((l, i) => (
          <div key={`${m}-${i}`} role="columnheader" className="bt-cell">
            {l}
          </div>
        )),
      )}
    </div>
  );
}
