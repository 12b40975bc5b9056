/**
 * The account menu and what it does: import, export, reconcile, hide cleared transactions, bank
 * sync and link, close, reopen and delete. Calls into other working areas go through their
 * public entry points (CONTRACTS.md); one whose part is not there yet is shown disabled.
 */
import { q } from '@coffer/core/ui';
import type { QueryState } from '@coffer/core/ui';
import { syncBankAccounts } from '../../../store/actions.ts';
import { useNavigate } from 'react-router';
import { useAppState, useStore } from '../../../store/context.ts';
import { startBankLink } from '../../import/bank-link.ts';
import { importModals } from '../../import/modals.ts';
import { localToday } from '../../kit/ui/calendar.ts';
import { runQuery } from '../../kit/data/data.ts';
import { usePayeeName } from '../../kit/pickers/Pickers.tsx';
import { cellNumber } from '../balances/balance-queries.ts';
import { accountMenuItems } from './account-menu.ts';
import { csvFileName, transactionsCsv } from './export-csv.ts';
import { reconcileChanges } from './reconcile.ts';
import type { RegisterTx } from '../types.ts';
import type { RegisterEditing } from '../editing/use-register-editing.ts';
import type { RegisterFinding } from '../rows/use-register-finding.ts';
import { newUuid } from '../editing/uuid.ts';
import type { RegisterView } from '../rows/views.ts';

interface Deps {
  view: RegisterView;
  query: QueryState | null;
  editing: RegisterEditing;
  finding: RegisterFinding;
  setReconcile: (r: { target: number } | null) => void;
}

export function useAccountActions({ view, query, editing, finding, setReconcile }: Deps) {
  const store = useStore();
  const navigate = useNavigate();
  const accounts = useAppState((s) => s.accounts);
  const categories = useAppState((s) => s.categories.list);
  const cells = useAppState((s) => s.cells);
  const payeeName = usePayeeName();

  function importFile(file?: File) {
    if (!view.account) return;
    if (!('import-transactions' in importModals)) {
      store.addNotification({
        type: 'message',
        message: 'Importing files is not available in this build yet.',
      });
      return;
    }
    store.pushModal('import-transactions', {
      accountId: view.account.id,
      ...(file ? { file } : {}),
    });
  }

  async function exportCsv() {
    if (!query) return;
    const all = await runQuery<RegisterTx[]>(store, { ...query, limit: null, offset: null });
    const csv = transactionsCsv(all, {
      account: (id) => accounts.find((a) => a.id === id)?.name ?? '',
      payee: payeeName,
      category: (id) => categories.find((c) => c.id === id)?.name ?? '',
    });
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = csvFileName(view.title, localToday());
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const account = view.account;
  const accountItems = accountMenuItems(
    account,
    finding.hideCleared,
    accounts.some((a) => a.account_id && !a.closed),
  );

  async function onAccountMenu(name: string) {
    switch (name) {
      case 'import':
        return importFile();
      case 'export':
        return exportCsv();
      case 'toggle-cleared':
        return finding.setHideCleared(!finding.hideCleared);
      case 'sync':
        return void syncBankAccounts(store, account?.id ?? null);
      case 'sync-all':
        return void syncBankAccounts(store, null);
      case 'link':
        if (account) {
          startBankLink(store, navigate, {
            upgradingAccountId: account.id,
            // A linked account is linked again through its own provider.
            ...(account.account_id ? { syncSource: account.account_sync_source } : {}),
          });
        }
        return;
      case 'unlink':
        if (account) await store.backend.send('account-unlink', { id: account.id });
        return;
      case 'reconcile':
        if (account) {
          store.pushModal('reconcile', {
            accountName: account.name,
            cleared: reconciledTarget(),
            onStart: (target: number) => setReconcile({ target }),
          });
        }
        return;
      case 'close':
        if (account) {
          store.pushModal('close-account', {
            account,
            balance: cellNumber(cells, view.balanceCell),
          });
        }
        return;
      case 'reopen':
        if (account) await store.backend.send('account-reopen', { id: account.id });
        return;
      case 'delete-account':
        if (account) store.pushModal('close-account', { account, balance: 0, canDelete: true });
    }
  }

  /** The cleared balance is what a reconcile starts from (the header's cleared cell). */
  function reconciledTarget(): number {
    return cellNumber(cells, `cleared-${view.routeId ?? 'all'}`);
  }

  async function reconcileAdjust(difference: number) {
    if (!account || difference === 0) return;
    await editing.write({
      added: [
        {
          id: newUuid(),
          account: account.id,
          date: localToday(),
          amount: difference,
          payee: null,
          notes: 'Reconciliation balance adjustment',
          category: null,
          cleared: true,
        },
      ],
    });
  }

  async function reconcileDone() {
    if (!account) return;
    const ids = await runQuery<Array<{ id: string; reconciled?: boolean }>>(
      store,
      q('transactions')
        .options({ splits: 'none' })
        .filter({ account: account.id })
        .filter({ cleared: true })
        .select(['*'])
        .serialize(),
    );
    const changes = reconcileChanges(ids);
    if (changes.updated?.length) await editing.write(changes);
    setReconcile(null);
  }

  return {
    accountMenu: { items: accountItems, onSelect: (n: string) => void onAccountMenu(n) },
    importFile,
    reconcileAdjust,
    reconcileDone,
  };
}
