import { useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { closeBudget, savePrefs } from '../../app/actions.ts';
import { useAppState, useStore } from '../../app/context.ts';
import type { Account } from '../../app/types.ts';
import { useFormat } from '../../app/use-format.ts';
import { MenuButton } from '../common/Menu.tsx';

function BudgetName() {
  const store = useStore();
  const navigate = useNavigate();
  const name = useAppState((s) => s.prefs?.budgetName);
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <input
        className="input sidebar-rename"
        aria-label="Budget name"
        defaultValue={name ?? ''}
        autoFocus
        onBlur={() => setEditing(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(false);
          if (e.key === 'Enter') {
            const value = e.currentTarget.value.trim();
            if (value) void savePrefs(store, { budgetName: value });
            setEditing(false);
          }
        }}
      />
    );
  }
  return (
    <MenuButton
      className="sidebar-budget-name"
      label={<>{name || 'A budget has no name'} ▾</>}
      items={[
        { name: 'rename', text: 'Rename budget' },
        { name: 'settings', text: 'Settings' },
        { name: 'help', text: 'Help' },
        { name: 'close', text: 'Close file' },
      ]}
      onSelect={(item) => {
        if (item === 'rename') setEditing(true);
        else if (item === 'settings') navigate('/settings');
        else if (item === 'help')
          window.open('https://actualbudget.org/docs/', '_blank', 'noopener');
        else void closeBudget(store);
      }}
    />
  );
}

function AccountRow({ to, name, balance }: { to: string; name: string; balance: number }) {
  const fmt = useFormat();
  return (
    <NavLink to={to} end className="sidebar-account">
      <span className="sidebar-account-name">{name}</span>
      <span className={balance < 0 ? 'amount negative' : 'amount'}>{fmt.amount(balance)}</span>
    </NavLink>
  );
}

const sum = (list: Account[]) => list.reduce((t, a) => t + (a.balance ?? 0), 0);

export function Sidebar() {
  const store = useStore();
  const { pathname } = useLocation();
  const accounts = useAppState((s) => s.accounts);
  const showClosed = useAppState((s) => Boolean(s.prefs?.['ui.showClosedAccounts']));
  const autoOpen = ['/payees', '/rules', '/settings', '/tools'].some((p) => pathname.startsWith(p));
  const [moreOpen, setMoreOpen] = useState(autoOpen);
  const open = moreOpen || autoOpen;

  const onBudget = accounts.filter((a) => !a.closed && !a.offbudget);
  const offBudget = accounts.filter((a) => !a.closed && a.offbudget);
  const closed = accounts.filter((a) => a.closed);

  return (
    <nav className="sidebar" aria-label="Sidebar">
      <div className="sidebar-top">
        <BudgetName />
      </div>
      <div className="sidebar-scroll">
        <NavLink to="/budget" className="sidebar-item">
          Budget
        </NavLink>
        <NavLink to="/reports" className="sidebar-item">
          Reports
        </NavLink>
        <NavLink to="/schedules" className="sidebar-item">
          Schedules
        </NavLink>
        <button className="sidebar-item" aria-expanded={open} onClick={() => setMoreOpen(!open)}>
          More {open ? '▴' : '▾'}
        </button>
        {open && (
          <div className="sidebar-sub">
            <NavLink to="/payees" className="sidebar-item">
              Payees
            </NavLink>
            <NavLink to="/rules" className="sidebar-item">
              Rules
            </NavLink>
            <NavLink to="/settings" className="sidebar-item">
              Settings
            </NavLink>
          </div>
        )}
        <div className="sidebar-separator" />
        <AccountRow
          to="/accounts"
          name="All accounts"
          balance={sum(accounts.filter((a) => !a.closed))}
        />
        {onBudget.length > 0 && (
          <AccountRow to="/accounts/budgeted" name="For budget" balance={sum(onBudget)} />
        )}
        {onBudget.map((a) => (
          <AccountRow key={a.id} to={`/accounts/${a.id}`} name={a.name} balance={a.balance ?? 0} />
        ))}
        {offBudget.length > 0 && (
          <AccountRow to="/accounts/offbudget" name="Off budget" balance={sum(offBudget)} />
        )}
        {offBudget.map((a) => (
          <AccountRow key={a.id} to={`/accounts/${a.id}`} name={a.name} balance={a.balance ?? 0} />
        ))}
        {closed.length > 0 && (
          <button
            className="sidebar-item sidebar-closed-toggle"
            aria-expanded={showClosed}
            onClick={() => savePrefs(store, { 'ui.showClosedAccounts': !showClosed })}
          >
            {showClosed ? 'Closed accounts' : 'Closed accounts...'}
          </button>
        )}
        {showClosed &&
          closed.map((a) => (
            <AccountRow
              key={a.id}
              to={`/accounts/${a.id}`}
              name={a.name}
              balance={a.balance ?? 0}
            />
          ))}
        <button className="sidebar-item sidebar-add" onClick={() => store.pushModal('add-account')}>
          + Add account
        </button>
      </div>
    </nav>
  );
}
