import { lazy } from 'react';
import type { AreaModals } from '../kit/data/ModalHost.tsx';
import type { TransferOptions } from './TransferModal.tsx';

declare module '../../store/modals.ts' {
  interface ModalMap {
    /** A month's To Budget summary. */
    'budget-summary': { month: string };
    /** Deleting a category (or a group's categories) into another of the same kind. */
    'confirm-category-delete': { category?: string; group?: string };
    /** Moving money: transfer, cover, move available funds, hold. */
    'budget-transfer': TransferOptions;
    /** A category's goal form. */
    'category-goal': { categoryId: string; month: string };
  }
}

/**
 * The budget area's modals by the spec's names (and Coffer's own: `budget-transfer` for moving
 * money, `category-goal` for the goal form). Each is loaded with its first use, not with the
 * app's first load.
 */
export const budgetModals: AreaModals<
  'budget-summary' | 'confirm-category-delete' | 'budget-transfer' | 'category-goal'
> = {
  'budget-summary': lazy(() => import('./BudgetSummaryModal.tsx')),
  'confirm-category-delete': lazy(() => import('./ConfirmCategoryDelete.tsx')),
  'budget-transfer': lazy(() => import('./TransferModal.tsx')),
  'category-goal': lazy(() => import('./GoalModal.tsx')),
};
