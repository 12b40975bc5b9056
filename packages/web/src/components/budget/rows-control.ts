/**
 * What the table body's rows share: the drag in progress and where it would land, the
 * keyboard moves, the group whose new category is being typed, collapsing.
 */
import { createContext, type DragEvent, useContext } from 'react';
import type { CategoryMove, DropPosition, GroupMove } from './category-order.ts';

export interface Dragging {
  kind: 'category' | 'group';
  id: string;
}

export interface RowsControl {
  dragging: Dragging | null;
  drop: { id: string; position: DropPosition; move: CategoryMove | GroupMove } | null;
  startDrag(d: Dragging): void;
  over(e: DragEvent, kind: 'category' | 'group', id: string): void;
  dropped(e: DragEvent): void;
  endDrag(): void;
  /** Moves by keyboard (Alt+arrows) or menu, keeping focus on the moved row's name. */
  step(kind: 'category' | 'group', id: string, name: string, direction: -1 | 1): void;
  adding: string | null;
  setAdding(groupId: string | null): void;
  toggle(groupId: string): void;
  /** The goal form of a category, for the first month shown. */
  openGoal(categoryId: string): void;
}

export const RowsContext = createContext<RowsControl | null>(null);

export function useRows(): RowsControl {
  const rows = useContext(RowsContext);
  if (!rows) throw new Error('outside BudgetRows');
  return rows;
}

export function dropClass(control: RowsControl, id: string, kind: Dragging['kind']): string {
  const parts = [];
  if (control.dragging?.id === id && control.dragging.kind === kind) parts.push('dragging');
  if (control.drop?.id === id) parts.push(`drop-${control.drop.position}`);
  return parts.join(' ');
}
