import { lazy } from 'react';
import type { AreaModals } from '../kit/data/ModalHost.tsx';
import type { ExternalAccount } from './bank-provider.ts';

/** How a bank link starts: which account it links again (null: new ones), and what follows. */
export interface BankLinkOptions {
  /** A provider's id (`BANK_PROVIDERS`); GoCardless when absent. */
  provider?: string;
  upgradingAccountId?: string | null;
  /** The account's `account_sync_source` when it is linked again: its provider's flow. */
  syncSource?: string | null;
  /** Told of the account the app should show once linked. */
  onLinked?: (accountId: string | null) => void;
}

declare module '../../store/modals.ts' {
  interface ModalMap {
    /** Importing a file into an account; `file`: one dropped on the register. */
    'import-transactions': { accountId: string; file?: File };
    /** Storing GoCardless's secrets on the server. */
    'gocardless-init': { onSuccess?: () => void };
    /** Claiming a SimpleFIN setup token on the server. */
    'simplefin-init': { onSuccess?: () => void };
    /** Storing Enable Banking's application id and key on the server. */
    'enablebanking-init': { onSuccess?: () => void };
    /** Link Your Bank: choosing a bank, waiting for the consent. */
    'gocardless-external-msg': BankLinkOptions;
    /** The Plaid name of the same modal: says so and moves on to Link Your Bank. */
    'plaid-external-msg': BankLinkOptions;
    /** Link Accounts: where each bank account the user allowed goes. */
    'select-linked-accounts': BankLinkOptions & {
      externalAccounts?: ExternalAccount[];
      requisitionId?: string;
    };
  }
}

/**
 * The import area's modals by the spec's names. Each is loaded with its first use, so its code
 * comes with the modal, not with the app's first load.
 */
export const importModals: AreaModals<
  | 'import-transactions'
  | 'gocardless-init'
  | 'simplefin-init'
  | 'enablebanking-init'
  | 'gocardless-external-msg'
  | 'select-linked-accounts'
  | 'plaid-external-msg'
> = {
  'import-transactions': lazy(() => import('./ImportTransactionsModal.tsx')),
  'gocardless-init': lazy(() => import('./GoCardlessInitModal.tsx')),
  'simplefin-init': lazy(() => import('./SimpleFinInitModal.tsx')),
  'enablebanking-init': lazy(() => import('./EnableBankingInitModal.tsx')),
  'gocardless-external-msg': lazy(() => import('./LinkBankModal.tsx')),
  'select-linked-accounts': lazy(() => import('./SelectLinkedAccountsModal.tsx')),
  'plaid-external-msg': lazy(() => import('./PlaidExternalMsgModal.tsx')),
};
