/**
 * The register's header: the account's name (renamed in place), its notes, its balance with
 * the cleared and uncleared parts, and the account menu.
 */
import { q } from '@coffer/core/ui';
import { useEffect, useState } from 'react';
import { syncBankAccounts } from '../../../store/actions.ts';
import { useAppState, useStore } from '../../../store/context.ts';
import { failureOf } from '../../../backend/backend.ts';
import { Amount } from '../../kit/ui/AmountInput.tsx';
import { MenuButton, type MenuEntry } from '../../kit/ui/Menu.tsx';
import { NotesButton } from '../../kit/pickers/Notes.tsx';
import { TextInput } from '../../kit/ui/TextInput.tsx';
import { BALANCE_SHEET, knownNumber } from '../balances/balance-queries.ts';
import type { RegisterView } from '../rows/views.ts';
import { Button } from '../../kit/ui/Button.tsx';

/**
 * A live query cell of the view's cleared balance (its uncleared part is the rest). Made once
 * per view (the core keeps it up to date), and only after the register's first rows: it reads
 * every transaction of the view, which would hold the rows back.
 */
function useClearedBalance(view: RegisterView, ready: boolean): number | undefined {
  const store = useStore();
  const name = `cleared-${view.routeId ?? 'all'}`;
  const filterKey = JSON.stringify(view.filter);
  useEffect(() => {
    if (!ready || `${BALANCE_SHEET}!${name}` in store.get().cells) return;
    void store.backend.send('create-query', {
      sheetName: BALANCE_SHEET,
      name,
      query: q('transactions')
        .filter(JSON.parse(filterKey))
        .filter({ cleared: true })
        .calculate({ $sum: '$amount' })
        .serialize(),
    });
  }, [store, name, filterKey, ready]);
  return useAppState((s) => knownNumber(s.cells, name));
}

export interface HeaderProps {
  view: RegisterView;
  /** The register's first rows are in: the header's own reads may start. */
  ready: boolean;
  menu: { items: MenuEntry[]; onSelect: (name: string) => void };
}

/**
 * Bank sync within reach (besides the account menu): on a linked account, and on a view of
 * several accounts when any is linked (it syncs them all).
 */
function BankSyncButton({ accountId }: { accountId: string | undefined }) {
  const store = useStore();
  const accounts = useAppState((s) => s.accounts);
  const syncing = useAppState((s) => s.accountsSyncing !== null);
  const linked = accounts.filter((a) => a.account_id && !a.closed);
  const show = accountId === undefined ? linked.length > 0 : linked.some((a) => a.id === accountId);
  if (!show) return null;
  return (
    <Button
      type="button"
      disabled={syncing}
      onClick={() => void syncBankAccounts(store, accountId ?? null)}
    >
      Sync with bank
    </Button>
  );
}

export function AccountHeader({ view, menu, ready }: HeaderProps) {
  const store = useStore();
  const balance = useAppState((s) => knownNumber(s.cells, view.balanceCell));
  const cleared = useClearedBalance(view, ready);
  const [renaming, setRenaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const account = view.account;

  async function rename(name: string): Promise<boolean> {
    if (!account) return true;
    if (name.trim() === account.name) return true;
    const res = await store.backend.send('account-update', { id: account.id, name });
    const problem = failureOf(res);
    if (problem) {
      setError(problem.message ?? 'Name is required');
      return false;
    }
    return true;
  }

  return (
    <header className="reg-header">
      <div className="reg-title-row">
        {renaming && account ? (
          <TextInput
            value={account.name}
            label="Account name"
            autoFocus
            error={error}
            className="reg-title-input"
            onCommit={(name) => {
              if (!name.trim()) {
                setError('Name is required');
                return false;
              }
              void rename(name).then((ok) => ok && setRenaming(false));
              return true;
            }}
            onCancel={() => {
              setError(null);
              setRenaming(false);
            }}
          />
        ) : (
          <h1 className="reg-title">
            {account ? (
              <Button
                type="button"
                variant="bare"
                className="reg-title-button"
                title="Rename account"
                aria-label={`${account.name} (rename)`}
                onClick={() => {
                  setError(null);
                  setRenaming(true);
                }}
              >
                {view.title}
              </Button>
            ) : (
              view.title
            )}
          </h1>
        )}
        {account && <NotesButton id={account.id} label={account.name} />}
        {account?.closed ? <span className="reg-closed-badge">Closed</span> : null}
        <div className="reg-menu-button">
          <BankSyncButton accountId={account?.id} />
          <MenuButton
            label="⋯"
            ariaLabel="Account menu"
            className="btn btn-bare"
            items={menu.items}
            onSelect={menu.onSelect}
          />
        </div>
      </div>
      <div className="reg-balances" aria-label="Balances">
        <span className="reg-balance">
          <span className="sr-only">Balance </span>
          <span data-testid="account-balance">
            <Amount cents={balance} className="reg-balance-amount" />
          </span>
        </span>
        <span className="reg-balance-part">
          Cleared <Amount cents={cleared} />
        </span>
        <span className="reg-balance-part">
          Uncleared{' '}
          <Amount
            cents={balance === undefined || cleared === undefined ? undefined : balance - cleared}
          />
        </span>
      </div>
    </header>
  );
}
