import { lazy } from 'react';
import type { ModalRegistry } from '../app/ModalHost.tsx';

/**
 * The import area's modals by the spec's names. Each is loaded with its first use, so its code
 * comes with the modal, not with the app's first load.
 */
export const importModals: ModalRegistry = {
  'import-transactions': lazy(() => import('./ImportTransactionsModal.tsx')),
  'gocardless-init': lazy(() => import('./GoCardlessInitModal.tsx')),
  'simplefin-init': lazy(() => import('./SimpleFinInitModal.tsx')),
  'enablebanking-init': lazy(() => import('./EnableBankingInitModal.tsx')),
  'gocardless-external-msg': lazy(() => import('./LinkBankModal.tsx')),
  'select-linked-accounts': lazy(() => import('./SelectLinkedAccountsModal.tsx')),
  'plaid-external-msg': lazy(() => import('./PlaidExternalMsgModal.tsx')),
};
