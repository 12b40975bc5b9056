/** The modal stack: push, replace (the top), pop, clear; a pure reducer. */

export const BUDGET_MODALS = [
  'import-transactions',
  'add-account',
  'add-local-account',
  'close-account',
  'select-linked-accounts',
  'confirm-category-delete',
  'load-backup',
  'manage-rules',
  'edit-rule',
  'merge-unused-payees',
  'plaid-external-msg',
  'gocardless-init',
  'gocardless-external-msg',
  'create-encryption-key',
  'fix-encryption-key',
  'edit-field',
  'budget-summary',
] as const;

export const MANAGER_MODALS = [
  'delete-budget',
  'import',
  'import-ynab4',
  'import-ynab5',
  'import-actual',
  'load-backup',
  'create-encryption-key',
  'fix-encryption-key',
] as const;

export interface ModalEntry {
  name: string;
  options: Record<string, unknown>;
}

export type ModalAction =
  | { type: 'push'; modal: ModalEntry }
  | { type: 'replace'; modal: ModalEntry }
  | { type: 'pop' }
  | { type: 'clear' };

export function modalsReducer(state: ModalEntry[], action: ModalAction): ModalEntry[] {
  switch (action.type) {
    case 'push':
      return [...state, action.modal];
    case 'replace':
      return [...state.slice(0, -1), action.modal];
    case 'pop':
      return state.length ? state.slice(0, -1) : state;
    case 'clear':
      return state.length ? [] : state;
  }
}

/**
 * manage-rules belongs on top of the payees page; anywhere else it must be allowlisted.
 * Returns an error text for a misuse, or null when the modal may show.
 */
export function checkManageRules(pathname: string, allowlisted: boolean): string | null {
  if (allowlisted || pathname.startsWith('/payees')) return null;
  return `manage-rules modal cannot be shown on ${pathname}`;
}
