/**
 * Moving categories and groups by drag and drop and by keyboard. Each function returns the
 * core call's arguments (`category-move {id, groupId, targetId}`, `category-group-move {id,
 * targetId}`; the target is what the item goes before, null for the end), or null when the
 * move is not allowed or would change nothing. A category stays with its kind: expense
 * categories move among expense groups, income among income groups.
 */

export interface OrderedCategory {
  id: string;
}

export interface OrderedGroup {
  id: string;
  is_income: number;
  categories: readonly OrderedCategory[];
}

export interface CategoryMove {
  id: string;
  groupId: string;
  targetId: string | null;
}

export interface GroupMove {
  id: string;
  targetId: string | null;
}

export type DropPosition = 'top' | 'bottom';

function locate(groups: readonly OrderedGroup[], id: string) {
  for (const group of groups) {
    const index = group.categories.findIndex((c) => c.id === id);
    if (index !== -1) return { group, index };
  }
  return null;
}

/** The move of `id` to just before `targetId` (null: the end) in `group`, unless it is a no-op. */
function moveTo(
  groups: readonly OrderedGroup[],
  id: string,
  group: OrderedGroup,
  targetId: string | null,
): CategoryMove | null {
  const from = locate(groups, id);
  if (!from || from.group.is_income !== group.is_income) return null;
  if (from.group.id === group.id) {
    const after = group.categories[from.index + 1]?.id ?? null;
    if (targetId === id || targetId === after) return null;
  }
  return { id, groupId: group.id, targetId };
}

/** Dropping category `id` on the top or bottom half of category `overId`. */
export function categoryDrop(
  groups: readonly OrderedGroup[],
  id: string,
  overId: string,
  position: DropPosition,
): CategoryMove | null {
  const over = locate(groups, overId);
  if (!over || id === overId) return null;
  const rest = over.group.categories.filter((c) => c.id !== id);
  const at = rest.findIndex((c) => c.id === overId) + (position === 'bottom' ? 1 : 0);
  return moveTo(groups, id, over.group, rest[at]?.id ?? null);
}

/** Dropping category `id` on a group's row: it becomes the group's first category. */
export function categoryDropOnGroup(
  groups: readonly OrderedGroup[],
  id: string,
  groupId: string,
): CategoryMove | null {
  const group = groups.find((g) => g.id === groupId);
  if (!group) return null;
  const first = group.categories.find((c) => c.id !== id)?.id ?? null;
  return moveTo(groups, id, group, first);
}

/**
 * One step up (-1) or down (+1). At the edge of its group a category crosses into the next
 * group of its kind: the end of the group above, or the start of the group below.
 */
export function categoryStep(
  groups: readonly OrderedGroup[],
  id: string,
  direction: -1 | 1,
): CategoryMove | null {
  const from = locate(groups, id);
  if (!from) return null;
  const { group, index } = from;
  const list = group.categories;
  if (direction === -1 && index > 0) return moveTo(groups, id, group, list[index - 1]!.id);
  if (direction === 1 && index < list.length - 1) {
    return moveTo(groups, id, group, list[index + 2]?.id ?? null);
  }
  const sameKind = groups.filter((g) => g.is_income === group.is_income);
  const neighbour = sameKind[sameKind.indexOf(group) + direction];
  if (!neighbour) return null;
  return moveTo(
    groups,
    id,
    neighbour,
    direction === -1 ? null : (neighbour.categories[0]?.id ?? null),
  );
}

function groupMoveTo(
  groups: readonly OrderedGroup[],
  id: string,
  targetId: string | null,
): GroupMove | null {
  const list = groups.filter((g) => !g.is_income);
  const index = list.findIndex((g) => g.id === id);
  if (index === -1) return null;
  const after = list[index + 1]?.id ?? null;
  if (targetId === id || targetId === after) return null;
  return { id, targetId };
}

/** Dropping group `id` on the top or bottom half of group `overId` (expense groups only). */
export function groupDrop(
  groups: readonly OrderedGroup[],
  id: string,
  overId: string,
  position: DropPosition,
): GroupMove | null {
  const list = groups.filter((g) => !g.is_income);
  if (id === overId || !list.some((g) => g.id === overId)) return null;
  const rest = list.filter((g) => g.id !== id);
  const at = rest.findIndex((g) => g.id === overId) + (position === 'bottom' ? 1 : 0);
  return groupMoveTo(groups, id, rest[at]?.id ?? null);
}

/** One step up (-1) or down (+1) among the expense groups. */
export function groupStep(
  groups: readonly OrderedGroup[],
  id: string,
  direction: -1 | 1,
): GroupMove | null {
  const list = groups.filter((g) => !g.is_income);
  const index = list.findIndex((g) => g.id === id);
  if (index === -1) return null;
  if (direction === -1) return index === 0 ? null : groupMoveTo(groups, id, list[index - 1]!.id);
  if (index === list.length - 1) return null;
  return groupMoveTo(groups, id, list[index + 2]?.id ?? null);
}
