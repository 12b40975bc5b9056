import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { closeBudget, saveGlobalPrefs, savePrefs } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { FLOATING_SIDEBAR_BELOW, useResponsive } from '../../store/responsive.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { SidebarAccounts } from './SidebarAccounts.tsx';
import { Button } from '../kit/ui/Button.tsx';

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

export function useFloatingSidebar(): boolean {
  const pref = useAppState((s) => Boolean(s.globalPrefs.floatingSidebar));
  const { width } = useResponsive();
  return pref || width < FLOATING_SIDEBAR_BELOW;
}

/** A push pin, filled while the sidebar is pinned (docked). */
function PinIcon({ pinned }: { pinned: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="M5 1h6l-1 5 3 3H9l-1 6-1-6H3l3-3z"
        fill={pinned ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PinButton() {
  const store = useStore();
  const pref = useAppState((s) => Boolean(s.globalPrefs.floatingSidebar));
  const { width } = useResponsive();
  // Below the floating width the sidebar always floats, so there is nothing to pin.
  if (width < FLOATING_SIDEBAR_BELOW) return null;
  return (
    <Button
      variant="bare"
      className="sidebar-pin"
      aria-label={pref ? 'Pin sidebar' : 'Unpin sidebar'}
      title={pref ? 'Pin sidebar' : 'Unpin sidebar'}
      aria-pressed={!pref}
      onClick={() => void saveGlobalPrefs(store, { floatingSidebar: !pref })}
    >
      <PinIcon pinned={!pref} />
    </Button>
  );
}

function SidebarContent() {
  const { pathname } = useLocation();
  const autoOpen = ['/payees', '/tags', '/rules', '/settings', '/tools'].some((p) =>
    pathname.startsWith(p),
  );
  const [moreOpen, setMoreOpen] = useState(autoOpen);
  const open = moreOpen || autoOpen;

  return (
    <nav className="sidebar" aria-label="Sidebar">
      <div className="sidebar-top">
        <BudgetName />
        <PinButton />
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
        <Button
          variant="plain"
          className="sidebar-item"
          aria-expanded={open}
          onClick={() => setMoreOpen(!open)}
        >
          More {open ? '▴' : '▾'}
        </Button>
        {open && (
          <div className="sidebar-sub">
            <NavLink to="/payees" className="sidebar-item">
              Payees
            </NavLink>
            <NavLink to="/tags" className="sidebar-item">
              Tags
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
        <SidebarAccounts />
      </div>
    </nav>
  );
}

/**
 * The sidebar, docked, or floating (global pref floatingSidebar, or a window under 668 wide):
 * then it is hidden until the pointer reaches the left edge or the title bar's button opens it,
 * and it hides again when the pointer or focus leaves it.
 */
export const SHOW_SIDEBAR_BUTTON_ID = 'show-sidebar-button';

export type SidebarShown = false | 'hover' | 'keyboard';

export function Sidebar({
  floating,
  shown,
  setShown,
}: {
  floating: boolean;
  shown: SidebarShown;
  setShown: (shown: SidebarShown) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!floating) setShown(false);
  }, [floating, setShown]);
  useEffect(() => {
    // Opened from the title bar's button: move focus in, so the keyboard can use it.
    if (shown === 'keyboard') {
      frame.current?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true });
    }
  }, [shown]);
  if (!floating) return <SidebarContent />;
  return (
    <>
      <div className="sidebar-hover-strip" onMouseEnter={() => setShown('hover')} />
      <div
        ref={frame}
        className={`sidebar-float${shown ? ' shown' : ''}`}
        data-testid="floating-sidebar"
        onMouseLeave={() => setShown(false)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setShown(false);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          setShown(false);
          // Back to the button that opened it, so focus is not left on a hidden element.
          document.getElementById(SHOW_SIDEBAR_BUTTON_ID)?.focus();
        }}
      >
        <SidebarContent />
      </div>
    </>
  );
}
