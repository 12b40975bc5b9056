import {
  type DragEvent,
  Fragment,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useStore } from '../../store/context.ts';
import { moveCategory, moveGroup } from './category-actions.ts';
import {
  categoryDrop,
  categoryDropOnGroup,
  categoryStep,
  type DropPosition,
  groupDrop,
  groupStep,
} from './category-order.ts';
import { CategoryRow, GroupRow, IncomeHeader, NewCategoryRow } from './CategoryRows.tsx';
import { type Dragging, type RowsControl, RowsContext } from './rows-control.ts';
import type { Row } from './rows.ts';
import { useBudgetView } from './view.ts';

/**
 * The table body: group and category rows, the add-category row, and drag and drop. `onToggle`
 * collapses or expands a group (remembered by the page). `onAnnounce` says a move aloud: its
 * live region sits outside the table, where only rows may be.
 */
export function BudgetRows({
  rows,
  onToggle,
  onAnnounce,
}: {
  rows: readonly Row[];
  onToggle: (id: string) => void;
  onAnnounce: (text: string) => void;
}) {
  const store = useStore();
  const view = useBudgetView();
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const [drop, setDrop] = useState<RowsControl['drop']>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    const id = refocus.current;
    if (!id) return;
    const el = document.querySelector<HTMLElement>(`[data-row-name="${id}"]`);
    if (el && document.activeElement !== el) el.focus();
  }, [rows]);

  const groups = view.groups;
  // The months shown, for the goal form: read when it opens, so a month change leaves the
  // control (and every row's name) as it was.
  const months = useRef(view.months);
  useLayoutEffect(() => {
    months.current = view.months;
  });
  // Kept while the drag, the adding row and the tree are: every row reads it, so a new one
  // (each render before) rendered every row again on a month change and on the router's render
  // after it.
  const control = useMemo<RowsControl>(() => {
    const targetFor = (e: DragEvent, kind: 'category' | 'group', overId: string) => {
      if (!dragging) return null;
      const rect = e.currentTarget.getBoundingClientRect();
      const position: DropPosition = e.clientY < rect.top + rect.height / 2 ? 'top' : 'bottom';
      if (dragging.kind === 'group') {
        return kind === 'group'
          ? { position, move: groupDrop(groups, dragging.id, overId, position) }
          : null;
      }
      const move =
        kind === 'group'
          ? categoryDropOnGroup(groups, dragging.id, overId)
          : categoryDrop(groups, dragging.id, overId, position);
      return { position: kind === 'group' ? ('bottom' as const) : position, move };
    };

    return {
      dragging,
      drop,
      adding,
      setAdding,
      toggle: onToggle,
      openGoal(categoryId) {
        const month = months.current[0];
        if (month) store.pushModal('category-goal', { categoryId, month });
      },
      startDrag: setDragging,
      endDrag() {
        setDragging(null);
        setDrop(null);
      },
      over(e, kind, id) {
        const target = targetFor(e, kind, id);
        if (!target?.move) {
          if (drop) setDrop(null);
          return;
        }
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (drop?.id !== id || drop.position !== target.position) {
          setDrop({ id, position: target.position, move: target.move });
        }
      },
      dropped(e) {
        e.preventDefault();
        const move = drop?.move;
        setDragging(null);
        setDrop(null);
        if (!move) return;
        if ('groupId' in move) void moveCategory(store, move);
        else void moveGroup(store, move);
      },
      step(kind, id, name, direction) {
        const move =
          kind === 'group' ? groupStep(groups, id, direction) : categoryStep(groups, id, direction);
        if (!move) return;
        refocus.current = id;
        const done =
          kind === 'group' ? moveGroup(store, move as never) : moveCategory(store, move as never);
        void done.then(() => onAnnounce(`${name} moved ${direction === -1 ? 'up' : 'down'}`));
      },
    };
  }, [dragging, drop, adding, groups, onToggle, onAnnounce, store]);

  let incomeShown = false;
  return (
    <RowsContext.Provider value={control}>
      <div role="rowgroup" className="bt-body">
        {rows.map((row) => {
          if (row.kind === 'group') {
            const head = Boolean(row.group.is_income) && !incomeShown;
            if (head) incomeShown = true;
            return (
              <Fragment key={row.group.id}>
                {head && <IncomeHeader />}
                <GroupRow group={row.group} collapsed={row.collapsed} />
                {adding === row.group.id && <NewCategoryRow group={row.group} />}
              </Fragment>
            );
          }
          return <CategoryRow key={row.category.id} category={row.category} group={row.group} />;
        })}
      </div>
    </RowsContext.Provider>
  );
}
