import { lazy } from 'react';
import type { ModalRegistry } from '../app/ModalHost.tsx';

/**
 * The budget area's modals by the spec's names (and Coffer's own: `budget-transfer` for moving
 * money, `category-goal` for the goal form). Each is loaded with its first use, not with the
 * app's first load.
 */
export const budgetModals: ModalRegistry = {
  'budget-summary': lazy(() => import('./BudgetSummaryModal.tsx')),
  'confirm-category-delete': lazy(() => import('./ConfirmCategoryDelete.tsx')),
  'budget-transfer': lazy(() => import('./TransferModal.tsx')),
  'category-goal': lazy(() => import('./GoalModal.tsx')),
};
