import { lazy } from 'react';
import type { Account } from '../../store/types.ts';
import type { AreaModals } from '../kit/data/ModalHost.tsx';
import { AddAccountModal, AddLocalAccountModal } from './account/AddAccount.tsx';
import type { RegisterTx } from './types.ts';

declare module '../../store/modals.ts' {
  interface ModalMap {
    /** Add Account: a local one, or one linked to a bank. */
    'add-account': Record<string, never>;
    'add-local-account': Record<string, never>;
    /** Closing (or, with `canDelete`, deleting) an account: where its balance goes. */
    'close-account': { account: Account; balance?: number; canDelete?: boolean };
    /** The balance the bank shows, to reconcile the cleared transactions to. */
    reconcile: { accountName: string; cleared: number; onStart: (target: number) => void };
    /** Asks before reconciled transactions are edited or deleted. */
    'confirm-reconciled-edit': {
      tx: RegisterTx;
      count?: number;
      total?: number;
      action?: 'edit' | 'delete';
      onAnswer: (ok: boolean) => void;
    };
    /** Signed out with a new transaction typed in the register: discard it, or keep editing. */
    'discard-changes': { onAnswer: (discard: boolean) => void };
  }
}

/**
 * The accounts area's modals by the spec's names. Add Account opens from the sidebar at any
 * time, so it comes with the app; the others load with their first use.
 */
export const accountsModals: AreaModals<
  | 'add-account'
  | 'add-local-account'
  | 'close-account'
  | 'reconcile'
  | 'confirm-reconciled-edit'
  | 'discard-changes'
> = {
  'add-account': AddAccountModal,
  'add-local-account': AddLocalAccountModal,
  'close-account': lazy(() =>
    import('./account/CloseAccount.tsx').then((m) => ({ default: m.CloseAccountModal })),
  ),
  reconcile: lazy(() =>
    import('./account/Reconcile.tsx').then((m) => ({ default: m.ReconcileModal })),
  ),
  'confirm-reconciled-edit': lazy(() =>
    import('./account/Reconcile.tsx').then((m) => ({ default: m.ConfirmReconciledEditModal })),
  ),
  'discard-changes': lazy(() =>
    import('./register/discard-draft.tsx').then((m) => ({ default: m.DiscardChangesModal })),
  ),
};
