import { SORT_INCREMENT } from '../budget-file/default-categories.ts';

export { SORT_INCREMENT };

export interface Sorted {
  id: string;
  sort_order: number | null;
}

export interface Placement {
  /** Neighbours that must move to make room, with their new sort orders. */
  updates: { id: string; sort_order: number }[];
  /** The sort order of the placed item. */
  sortOrder: number;
}

const order = (item: Sorted | undefined): number => Number(item?.sort_order ?? 0);

/**
 * Where an item goes to sit just before `targetId` in `items` (ascending, without the item
 * itself): halfway between the target and the one before it (or half the target's order when
 * it is first). When that gap is 2 or less, the target and the items after it are pushed up
 * by SORT_INCREMENT steps until one already sits high enough. No target (or an unknown one)
 * puts the item last, one increment after the last.
 */
export function placeBefore(
  items: readonly Sorted[],
  targetId: string | null | undefined,
): Placement {
  const to = targetId ? items.findIndex((item) => item.id === targetId) : -1;
  if (to === -1) {
    const last = items[items.length - 1];
    return { updates: [], sortOrder: last ? order(last) + SORT_INCREMENT : SORT_INCREMENT };
  }
  const orders = items.map(order);
  const updates: Placement['updates'] = [];
  const below = to > 0 ? orders[to - 1]! : 0;
  if (orders[to]! - below <= 2) {
    let next = Math.floor(orders[to]!) + SORT_INCREMENT;
    for (let i = to; i < items.length && next > orders[i]!; i++) {
      orders[i] = next;
      updates.push({ id: items[i]!.id, sort_order: next });
      next += SORT_INCREMENT;
    }
  }
  const sortOrder = to > 0 ? (orders[to - 1]! + orders[to]!) / 2 : orders[to]! / 2;
  return { updates, sortOrder };
}
