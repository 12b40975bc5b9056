import type { Account } from '../../../store/types.ts';
import { importModals } from '../../import/modals.ts';
import type { MenuEntry } from '../../kit/ui/Menu.tsx';

/**
 * The register's account menu: for one account, import, export, reconcile, cleared rows, its
 * bank link, close or reopen and delete; for a view of several, export, cleared rows and
 * syncing every linked account (`anyLinked`).
 */
export function accountMenuItems(
  account: Account | null,
  hideCleared: boolean,
  anyLinked: boolean,
): MenuEntry[] {
  return account
    ? [
        'import-transactions' in importModals
          ? { name: 'import', text: 'Import transactions', disabled: !!account.closed }
          : {
              name: 'import',
              text: 'Import transactions',
              disabled: true,
              hint: 'Not available yet',
            },
        { name: 'export', text: 'Export transactions' },
        { name: 'reconcile', text: 'Reconcile', disabled: !!account.closed },
        {
          name: 'toggle-cleared',
          text: hideCleared ? 'Show cleared transactions' : 'Hide cleared transactions',
        },
        { kind: 'separator' },
        ...(account.account_id
          ? [
              { name: 'sync', text: 'Sync with bank' },
              { name: 'unlink', text: 'Unlink account' },
            ]
          : [{ name: 'link', text: 'Link bank account', disabled: !!account.closed }]),
        { kind: 'separator' },
        ...(account.closed
          ? [
              { name: 'reopen', text: 'Reopen account' },
              { name: 'delete-account', text: 'Delete account', danger: true },
            ]
          : [{ name: 'close', text: 'Close account', danger: true }]),
      ]
    : [
        { name: 'export', text: 'Export transactions' },
        {
          name: 'toggle-cleared',
          text: hideCleared ? 'Show cleared transactions' : 'Hide cleared transactions',
        },
        ...(anyLinked ? [{ name: 'sync-all', text: 'Sync all linked accounts' }] : []),
      ];
}
