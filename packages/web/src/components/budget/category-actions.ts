/**
 * Changing categories and groups from the budget page: each is one core call and one undo
 * step; the category tree in the store follows from the core's tables-changed push.
 */
import { savePrefs } from '../../store/actions.ts';
import type { AppStore } from '../../store/store.ts';
import type { HandlerName, SendArgs } from '../../backend/backend.ts';
import type { Category, CategoryGroup } from '../../store/types.ts';
import type { MenuEntry } from '../kit/ui/Menu.tsx';
import { failureText, run } from './actions.ts';
import type { CategoryMove, GroupMove } from './category-order.ts';

/** The local prefs the page remembers (the names Actual uses). */
export const COLLAPSED_PREF = 'budget.collapsed';
export const SHOW_HIDDEN_PREF = 'budget.showHiddenCategories';

export function saveBudgetPref(store: AppStore, key: string, value: unknown): Promise<void> {
  return savePrefs(store, { [key]: value } as never);
}

/** Sends a create or rename; the core's refusal text comes back for the name field. */
export async function saveName<K extends HandlerName>(
  store: AppStore,
  name: K,
  ...args: SendArgs<K>
): Promise<string | null> {
  const res = await store.backend.send(name, ...args);
  return failureText(res);
}

export function categoryMenu(category: Category): MenuEntry[] {
  return [
    { name: 'rename', text: 'Rename' },
    ...(category.is_income ? [] : [{ name: 'goal', text: 'Set goal…' }]),
    { name: category.hidden ? 'show' : 'hide', text: category.hidden ? 'Show' : 'Hide' },
    { name: 'delete', text: 'Delete', danger: true },
    { kind: 'separator' },
    { name: 'move-up', text: 'Move up', hint: 'Alt+↑' },
    { name: 'move-down', text: 'Move down', hint: 'Alt+↓' },
  ];
}

export function groupMenu(group: CategoryGroup): MenuEntry[] {
  if (group.is_income) {
    return [
      { name: 'add', text: 'Add category' },
      { name: 'rename', text: 'Rename' },
    ];
  }
  return [
    { name: 'add', text: 'Add category' },
    { name: 'rename', text: 'Rename' },
    { name: group.hidden ? 'show' : 'hide', text: group.hidden ? 'Show' : 'Hide' },
    { name: 'delete', text: 'Delete', danger: true },
    { kind: 'separator' },
    { name: 'move-up', text: 'Move up', hint: 'Alt+↑' },
    { name: 'move-down', text: 'Move down', hint: 'Alt+↓' },
  ];
}

export function setCategoryHidden(store: AppStore, id: string, hidden: boolean) {
  return run(store, 'category-update', { id, hidden });
}

export function setGroupHidden(store: AppStore, id: string, hidden: boolean) {
  return run(store, 'category-group-update', { id, hidden });
}

/**
 * Deletes a category. One with transactions or budgeted amounts needs a replacement of the same
 * kind: the confirm-category-delete modal asks for it.
 */
export async function deleteCategory(store: AppStore, category: Category): Promise<void> {
  const must = await store.backend.send('must-category-transfer', { id: category.id });
  if (must === true) store.pushModal('confirm-category-delete', { category: category.id });
  else await run(store, 'category-delete', { id: category.id });
}

/** Deletes a group with its categories, asking for a replacement when any of them needs one. */
export async function deleteGroup(store: AppStore, group: CategoryGroup): Promise<void> {
  const musts = await Promise.all(
    group.categories.map((c) => store.backend.send('must-category-transfer', { id: c.id })),
  );
  if (musts.some((m) => m === true))
    store.pushModal('confirm-category-delete', { group: group.id });
  else await run(store, 'category-group-delete', { id: group.id });
}

export function moveCategory(store: AppStore, move: CategoryMove) {
  return run(store, 'category-move', move);
}

export function moveGroup(store: AppStore, move: GroupMove) {
  return run(store, 'category-group-move', move);
}
