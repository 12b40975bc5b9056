/**
 * The account list on a phone (`/accounts`): the accounts with their balances, For budget, Off
 * budget and (on request) Closed, each opening its transactions.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppState, useStore } from '../../../store/context.ts';
import { useFirstScreenMark } from '../../../store/first-screen.ts';
import type { Account } from '../../../store/types.ts';
import { balanceCells } from '../balances/balance-queries.ts';
import { CellBalance } from '../balances/CellBalance.tsx';
import { Button } from '../../kit/ui/Button.tsx';
import { PhoneSyncButton } from './SyncButton.tsx';
import { PullToSync } from './PullToSync.tsx';
import './phone.css';

function Group(props: { title: string; cell?: string; accounts: Account[] }) {
  const { title, cell, accounts } = props;
  if (accounts.length === 0) return null;
  return (
    <section className="ph-group" aria-label={title}>
      <h2 className="ph-group-head">
        <span>{title}</span>
        {cell && <CellBalance cell={cell} />}
      </h2>
      <ul className="ph-list card">
        {accounts.map((a) => (
          <li key={a.id}>
            <Link to={`/accounts/${a.id}`} className="ph-row ph-account">
              <span className="ph-row-name">{a.name}</span>
              <CellBalance cell={balanceCells.account(a.id).name} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PhoneAccounts() {
  const store = useStore();
  const accounts = useAppState((s) => s.accounts);
  const [showClosed, setShowClosed] = useState(false);
  const open = accounts.filter((a) => !a.closed);
  const closed = accounts.filter((a) => a.closed);
  // The accounts are in the store before any screen renders: its first paint has its rows.
  useFirstScreenMark(true);
  return (
    <PullToSync className="page ph-page ph-accounts">
      <header className="ph-header">
        <h1 className="ph-title">Accounts</h1>
        <PhoneSyncButton />
      </header>
      {open.length === 0 ? (
        <p className="subdued">For Coffer to be useful, you need to add an account.</p>
      ) : (
        <>
          <Group
            title="For budget"
            cell={balanceCells.onBudget().name}
            accounts={open.filter((a) => !a.offbudget)}
          />
          <Group
            title="Off budget"
            cell={balanceCells.offBudget().name}
            accounts={open.filter((a) => a.offbudget)}
          />
        </>
      )}
      {closed.length > 0 && (
        <Button
          className="ph-wide-button"
          aria-expanded={showClosed}
          onClick={() => setShowClosed(!showClosed)}
        >
          {showClosed ? 'Closed accounts' : 'Closed accounts...'}
        </Button>
      )}
      {showClosed && <Group title="Closed accounts" accounts={closed} />}
      <Button className="ph-wide-button" onClick={() => store.pushModal('add-account')}>
        Add account
      </Button>
    </PullToSync>
  );
}
