/**
 * Reordering accounts in the sidebar. Accounts move only within their own list (for budget,
 * off budget, closed), as the core's `account-move` orders each kind on its own. Each function
 * returns the `account-move` target (the account to go before; null means the end of the
 * list), or null when the move is not allowed or would change nothing.
 */

export interface OrderedAccount {
  id: string;
  offbudget: number | boolean;
  closed: number | boolean;
}

export type AccountGroup = 'budgeted' | 'offbudget' | 'closed';

export function groupOf(a: OrderedAccount): AccountGroup {
  return a.closed ? 'closed' : a.offbudget ? 'offbudget' : 'budgeted';
}

export interface MoveTarget {
  targetId: string | null;
}

function siblings<T extends OrderedAccount>(accounts: readonly T[], of: T): T[] {
  const group = groupOf(of);
  return accounts.filter((a) => groupOf(a) === group);
}

/** Dropping `id` on the top or bottom half of `overId`. */
export function dropTarget(
  accounts: readonly OrderedAccount[],
  id: string,
  overId: string,
  position: 'top' | 'bottom',
): MoveTarget | null {
  const moving = accounts.find((a) => a.id === id);
  const over = accounts.find((a) => a.id === overId);
  if (!moving || !over || id === overId || groupOf(moving) !== groupOf(over)) return null;
  const list = siblings(accounts, moving);
  const rest = list.filter((a) => a.id !== id);
  const at = rest.findIndex((a) => a.id === overId) + (position === 'bottom' ? 1 : 0);
  const before = rest[at]?.id ?? null;
  const now = list[list.findIndex((a) => a.id === id) + 1]?.id ?? null;
  return before === now ? null : { targetId: before };
}

/** One step up (-1) or down (+1) within the account's list, for keyboard reordering. */
export function stepTarget(
  accounts: readonly OrderedAccount[],
  id: string,
  direction: -1 | 1,
): MoveTarget | null {
  const moving = accounts.find((a) => a.id === id);
  if (!moving) return null;
  const list = siblings(accounts, moving);
  const i = list.findIndex((a) => a.id === id);
  if (direction === -1) return i === 0 ? null : { targetId: list[i - 1]!.id };
  if (i === list.length - 1) return null;
  return { targetId: list[i + 2]?.id ?? null };
}
