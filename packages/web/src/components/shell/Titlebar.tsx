import { Link, useLocation, useNavigate } from 'react-router';
import { closeBudget, saveGlobalPrefs, savePrefs, signOut } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { balanceCells, cellNumber } from '../accounts/balances/balance-queries.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { SHOW_SIDEBAR_BUTTON_ID } from './Sidebar.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { TITLEBAR_SLOT_ID } from '../kit/ui/TitlebarSlot.tsx';
import { Button } from '../kit/ui/Button.tsx';
import { whoAmI } from '../users/users.ts';

function SyncButton() {
  const store = useStore();
  const serverUrl = useAppState((s) => s.serverUrl);
  const user = useAppState((s) => s.user);
  const syncState = useAppState((s) => s.syncState);
  const cloudFileId = useAppState((s) => s.prefs?.cloudFileId);
  const disabled = !serverUrl || !cloudFileId || syncState === 'disabled';
  // The budget shows before the server says who is signed in ('Connecting...'): a sync waits.
  const connecting = user === undefined;
  const offline = Boolean(user?.offline) || syncState === 'offline';
  const syncing = syncState === 'syncing';
  // The visible text is the whole name (axe: label-content-name-mismatch), so it says 'Syncing'.
  const label = disabled ? 'Disabled' : offline ? 'Offline' : syncing ? 'Syncing' : 'Sync';
  return (
    <Button
      variant="bare"
      className={`titlebar-sync${syncState === 'error' ? ' error-text' : ''}`}
      disabled={disabled || connecting}
      onClick={() => store.backend.send('sync')}
    >
      {syncing ? <Spinner small decorative /> : <span aria-hidden="true">⟳</span>} {label}
    </Button>
  );
}

function ServerMenu() {
  const store = useStore();
  const navigate = useNavigate();
  const serverUrl = useAppState((s) => s.serverUrl);
  const user = useAppState((s) => s.user);
  const status =
    user === undefined
      ? 'Connecting...'
      : !serverUrl
        ? 'No server'
        : user && !user.offline
          ? 'Server online'
          : 'Server offline';
  const online = status === 'Server online';
  return (
    <MenuButton
      label={<span className={online ? '' : 'subdued'}>{status}</span>}
      align="right"
      items={[
        ...(serverUrl && online ? [{ name: 'change-password', text: 'Change password' }] : []),
        ...(serverUrl && online && whoAmI(user).admin
          ? [{ name: 'user-directory', text: 'User Directory' }]
          : []),
        ...(serverUrl ? [{ name: 'sign-out', text: 'Sign out' }] : []),
        { name: 'config-server', text: serverUrl ? 'Change server URL' : 'Start using a server' },
      ]}
      onSelect={async (name) => {
        if (name === 'sign-out') {
          await signOut(store);
          navigate('/login');
        } else {
          await closeBudget(store);
          navigate(
            name === 'change-password' || name === 'user-directory' ? `/${name}` : '/config-server',
          );
        }
      }}
    />
  );
}

const TITLES: Array<[string, string]> = [
  ['/budget', 'Budget'],
  ['/reports', 'Reports'],
  ['/schedule', 'Schedules'],
  ['/payees', 'Payees'],
  ['/tags', 'Tags'],
  ['/rules', 'Rules'],
  ['/settings', 'Settings'],
  ['/accounts', 'Accounts'],
];

/** The link to the uncategorized transactions; hidden when there are none. */
function UncategorizedCount() {
  const count = useAppState((s) => cellNumber(s.cells, balanceCells.uncategorizedCount().name));
  if (count <= 0) return null;
  return (
    <Link to="/accounts/uncategorized" className="titlebar-uncat">
      {count === 1 ? '1 uncategorized transaction' : `${count} uncategorized transactions`}
    </Link>
  );
}

function ThemeToggle() {
  const store = useStore();
  const enabled = useAppState((s) => Boolean(s.prefs?.['flags.themes']));
  const theme = useAppState((s) => s.globalPrefs.theme ?? 'light');
  if (!enabled) return null;
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="bare"
      className="titlebar-icon"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => void saveGlobalPrefs(store, { theme: next })}
    >
      {theme === 'dark' ? '☀' : '☾'}
    </Button>
  );
}

function PrivacyToggle() {
  const store = useStore();
  const enabled = useAppState((s) => Boolean(s.prefs?.['flags.privacyMode']));
  const on = useAppState((s) => Boolean(s.prefs?.isPrivacyEnabled));
  if (!enabled) return null;
  return (
    <Button
      variant="bare"
      className="titlebar-icon"
      aria-label={on ? 'Disable privacy mode' : 'Enable privacy mode'}
      title={on ? 'Disable privacy mode' : 'Enable privacy mode'}
      aria-pressed={on}
      onClick={() => void savePrefs(store, { isPrivacyEnabled: !on })}
    >
      {on ? '◉' : '◎'}
    </Button>
  );
}

export function Titlebar({ onShowSidebar }: { onShowSidebar?: () => void }) {
  const { pathname, state } = useLocation() as {
    pathname: string;
    state: { goBack?: boolean } | null;
  };
  const navigate = useNavigate();
  const title = TITLES.find(([p]) => pathname.startsWith(p))?.[1] ?? '';
  return (
    <header className="titlebar">
      <div className="row" style={{ flexWrap: 'nowrap', minWidth: 0 }}>
        {onShowSidebar && (
          <Button
            id={SHOW_SIDEBAR_BUTTON_ID}
            variant="bare"
            className="titlebar-icon"
            aria-label="Show sidebar"
            title="Show sidebar"
            onClick={onShowSidebar}
          >
            ☰
          </Button>
        )}
        {pathname.startsWith('/accounts') && state?.goBack && (
          <Button variant="bare" onClick={() => navigate(-1)}>
            ‹ Back
          </Button>
        )}
        <span className="titlebar-title">{title}</span>
        <div id={TITLEBAR_SLOT_ID} className="row titlebar-page-controls" />
      </div>
      <div className="row" style={{ flexWrap: 'nowrap' }}>
        <UncategorizedCount />
        <ThemeToggle />
        <PrivacyToggle />
        <SyncButton />
        <ServerMenu />
      </div>
    </header>
  );
}
