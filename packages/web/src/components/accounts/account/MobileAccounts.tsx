import { Link } from 'react-router';
import { useAppState, useStore } from '../../../store/context.ts';
import type { Account } from '../../../store/types.ts';
import { balanceCells } from '../balances/balance-queries.ts';
import { CellBalance } from '../balances/CellBalance.tsx';
import { Button } from '../../kit/ui/Button.tsx';

function Group({ title, cell, accounts }: { title: string; cell: string; accounts: Account[] }) {
  if (accounts.length === 0) return null;
  return (
    <section className="m-account-group" aria-label={title}>
      <div className="m-account-group-head">
        <span>{title}</span>
        <CellBalance cell={cell} />
      </div>
      {accounts.map((a) => (
        <Link key={a.id} to={`/accounts/${a.id}`} className="m-account card">
          <span className="m-account-name">{a.name}</span>
          <CellBalance cell={balanceCells.account(a.id).name} />
        </Link>
      ))}
    </section>
  );
}

/** Narrow screens have no sidebar: /accounts lists the accounts to pick one. */
export function MobileAccountsList() {
  const store = useStore();
  const accounts = useAppState((s) => s.accounts);
  const open = accounts.filter((a) => !a.closed);
  return (
    <div className="page m-accounts">
      <header className="m-header">
        <h1>Accounts</h1>
        <Button onClick={() => store.pushModal('add-account')}>Add account</Button>
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
    </div>
  );
}

/** The narrow account page's header: back to the list, the account's name and balance. */
export function MobileAccountHeader({ title, cell }: { title: string; cell: string }) {
  return (
    <header className="m-header m-account-header">
      <Link to="/accounts" className="m-back" aria-label="Back to accounts">
        ‹ Accounts
      </Link>
      <h1 className="m-title">{title}</h1>
      <div className="m-balance">
        <CellBalance cell={cell} testId="account-balance" />
      </div>
    </header>
  );
}
