import { lazy } from 'react';
import type { ModalRegistry } from '../app/ModalHost.tsx';

/**
 * The accounts area's modals by the spec's names (`add-account` and `add-local-account` are
 * registered by the shell). Each loads with its first use.
 */
export const accountsModals: ModalRegistry = {
  'close-account': lazy(() =>
    import('./CloseAccount.tsx').then((m) => ({ default: m.CloseAccountModal })),
  ),
  reconcile: lazy(() => import('./Reconcile.tsx').then((m) => ({ default: m.ReconcileModal }))),
  'confirm-reconciled-edit': lazy(() =>
    import('./Reconcile.tsx').then((m) => ({ default: m.ConfirmReconciledEditModal })),
  ),
};
