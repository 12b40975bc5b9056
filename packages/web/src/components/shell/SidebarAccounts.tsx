import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { NavLink } from 'react-router';
import { loadAccounts, savePrefs } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import type { Account } from '../../store/types.ts';
import { dropTarget, type MoveTarget, stepTarget } from '../accounts/account/account-order.ts';
import { balanceCells } from '../accounts/balances/balance-queries.ts';
import { CellBalance } from '../accounts/balances/CellBalance.tsx';
import { Button } from '../kit/ui/Button.tsx';

interface Drop {
  id: string;
  position: 'top' | 'bottom';
}

function GroupRow({ to, name, cell }: { to: string; name: string; cell: string }) {
  return (
    <NavLink to={to} end className="sidebar-account sidebar-group">
      <span className="sidebar-account-name">{name}</span>
      <CellBalance cell={cell} />
    </NavLink>
  );
}

/** The account lists; each account can be dragged, or moved with Alt+Up/Down, within its list. */
export function SidebarAccounts() {
  const store = useStore();
  const accounts = useAppState((s) => s.accounts);
  const showClosed = useAppState((s) => Boolean(s.prefs?.['ui.showClosedAccounts']));
  const [dragging, setDragging] = useState<string | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const [announce, setAnnounce] = useState('');

  const onBudget = accounts.filter((a) => !a.closed && !a.offbudget);
  const offBudget = accounts.filter((a) => !a.closed && a.offbudget);
  const closed = accounts.filter((a) => a.closed);

  async function move(account: Account, target: MoveTarget, message: string) {
    await store.backend.send('account-move', { id: account.id, targetId: target.targetId });
    await loadAccounts(store);
    setAnnounce(message);
  }

  function onKeyDown(e: KeyboardEvent, account: Account) {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const direction = e.key === 'ArrowUp' ? -1 : 1;
    const target = stepTarget(accounts, account.id, direction);
    if (target)
      void move(account, target, `${account.name} moved ${e.key === 'ArrowUp' ? 'up' : 'down'}`);
  }

  function onDragOver(e: DragEvent, over: Account) {
    if (!dragging) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const position = e.clientY < rect.top + rect.height / 2 ? 'top' : 'bottom';
    if (!dropTarget(accounts, dragging, over.id, position)) {
      setDrop(null);
      return;
    }
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (drop?.id !== over.id || drop.position !== position) setDrop({ id: over.id, position });
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    const moving = accounts.find((a) => a.id === dragging);
    const target = moving && drop ? dropTarget(accounts, moving.id, drop.id, drop.position) : null;
    setDragging(null);
    setDrop(null);
    if (moving && target) void move(moving, target, `${moving.name} moved`);
  }

  const row = (a: Account) => (
    <NavLink
      key={a.id}
      to={`/accounts/${a.id}`}
      end
      draggable
      aria-describedby="sidebar-reorder-hint"
      className={[
        'sidebar-account',
        dragging === a.id ? 'dragging' : '',
        drop?.id === a.id ? `drop-${drop.position}` : '',
      ].join(' ')}
      onKeyDown={(e) => onKeyDown(e, a)}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', a.name);
        setDragging(a.id);
      }}
      onDragOver={(e) => onDragOver(e, a)}
      onDrop={onDrop}
      onDragEnd={() => {
        setDragging(null);
        setDrop(null);
      }}
    >
      <span className="sidebar-account-name">{a.name}</span>
      <CellBalance cell={balanceCells.account(a.id).name} />
    </NavLink>
  );

  return (
    <div className="sidebar-accounts">
      <span id="sidebar-reorder-hint" className="sr-only">
        Drag to reorder, or press Alt with the up or down arrow
      </span>
      <span className="sr-only" aria-live="polite">
        {announce}
      </span>
      <GroupRow to="/accounts" name="All accounts" cell={balanceCells.all().name} />
      {onBudget.length > 0 && (
        <GroupRow to="/accounts/budgeted" name="For budget" cell={balanceCells.onBudget().name} />
      )}
      {onBudget.map(row)}
      {offBudget.length > 0 && (
        <GroupRow to="/accounts/offbudget" name="Off budget" cell={balanceCells.offBudget().name} />
      )}
      {offBudget.map(row)}
      {closed.length > 0 && (
        <Button
          variant="plain"
          className="sidebar-item sidebar-closed-toggle"
          aria-expanded={showClosed}
          onClick={() => savePrefs(store, { 'ui.showClosedAccounts': !showClosed })}
        >
          {showClosed ? 'Closed accounts' : 'Closed accounts...'}
        </Button>
      )}
      {showClosed && closed.map(row)}
      <Button
        variant="plain"
        className="sidebar-item sidebar-add"
        onClick={() => store.pushModal('add-account')}
      >
        + Add account
      </Button>
    </div>
  );
}
