import { memo, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { closeBudget, loadAccounts } from '../../store/actions.ts';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { useAppState, useStore } from '../../store/context.ts';
import { useBalanceCells } from '../accounts/balances/balance-cells.ts';
import { isNarrowNow, useResponsive } from '../../store/responsive.ts';
import { DemoBanner, MobileNotice, SyncingBanner, UpdateBanner } from './Banners.tsx';
import { ModalHost } from '../kit/data/ModalHost.tsx';
import { BottomNav } from './BottomNav.tsx';
import {
  AddTransactionButton,
  showsAddTransaction,
} from '../accounts/phone/AddTransactionButton.tsx';
import { EditorLayer, useEditorLayer } from '../accounts/phone/EditorLayer.tsx';
import type { LoadedPage } from './pages.ts';
import { PageRoutes, usePageEntry } from './PageRoutes.tsx';
import { Sidebar, type SidebarShown, useFloatingSidebar } from './Sidebar.tsx';
import { Titlebar } from './Titlebar.tsx';
import { useStartupSync } from './use-startup-sync.ts';
import { useUserActivity } from './use-user-activity.ts';
import { useLiveSync } from '../../sync/use-live-sync.ts';
import { TagsProvider } from '../kit/data/tags.tsx';
import './shell.css';

function PageLoading() {
  return (
    <div className="page page-loading">
      <Spinner late />
    </div>
  );
}

function isTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(
    el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable),
  );
}

function useShortcuts() {
  const store = useStore();
  const navigate = useNavigate();
  useEffect(() => {
    const isMac = /Mac/.test(navigator.platform);
    const onKey = (e: KeyboardEvent) => {
      const meta = isMac ? e.metaKey : e.ctrlKey;
      if (!meta) return;
      const key = e.key.toLowerCase();
      if (key === '1') navigate('/budget');
      else if (key === '2') navigate('/reports');
      else if (key === '3') navigate('/accounts');
      else if (key === ',' && isMac) navigate('/settings');
      else if (key === 'o') void closeBudget(store);
      else if (key === 'z' && !isTextField(e.target)) {
        void store.backend.send(e.shiftKey ? 'redo' : 'undo');
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, navigate]);
}

/**
 * The shell's parts that follow the store, not the shell's props, memoised: the shell renders
 * again on every tap that opens the phone's editor and on the save that leaves it, and none of
 * these changes with it (issue 29: a tap's whole budget is a few ms of a phone's main thread).
 */
const Banners = memo(function Banners() {
  return (
    <>
      <DemoBanner />
      <UpdateBanner />
      <SyncingBanner />
    </>
  );
});
const ShellNotice = memo(MobileNotice);
const ShellModals = memo(ModalHost);

const WIDE_ONLY = [
  '/reports',
  '/schedules',
  '/schedule/edit',
  '/schedule/link',
  '/schedule/discover',
  '/nordigen/link',
  '/gocardless/link',
];

/** The open budget's app. `initialPage`: the reopened budget's page, its code already here. */
export function FinancesApp({ initialPage = null }: { initialPage?: LoadedPage | null }) {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const { isNarrow } = useResponsive();
  // Opened on a phone, the editor covers the page it came from, which stays mounted under it.
  const { under, covered, routeRef, shown } = useEditorLayer(location);
  // The page's own entry while the editor covers it: the page does not render on its opening.
  const entry = usePageEntry(under ?? location);
  const accountCount = useAppState((s) => s.accounts.length);
  const floating = useFloatingSidebar();
  const [sidebarShown, setSidebarShown] = useState<SidebarShown>(false);
  useShortcuts();
  useStartupSync(store);
  useLiveSync(store);
  useBalanceCells(store);
  useUserActivity(store);

  useEffect(() => {
    void loadAccounts(store).then((accounts) => {
      if (accounts.length === 0 && !pathname.startsWith('/accounts')) navigate('/accounts');
    });
    // Only on opening the budget, hence no pathname dependency.
  }, [store]);

  useEffect(() => {
    // Undo and redo return to the page the edit was made on (spec: undo location).
    return store.backend.listen('undo-event', ({ undoTag }) => {
      const url =
        typeof undoTag === 'object' && undoTag !== null && 'url' in undoTag ? undoTag.url : null;
      // The phone's transaction editor is left on save: its undo stays where the person is.
      if (typeof url !== 'string' || url.startsWith('/transactions/')) return;
      if (url !== window.location.pathname + window.location.search) {
        navigate(url);
      }
    });
  }, [store, navigate]);

  useEffect(() => {
    return store.backend.listen('schedules-offline', ({ payees }: { payees: unknown[] }) =>
      navigate('/schedule/posts-offline-notification', { state: { payees } }),
    );
  }, [store, navigate]);

  // The move to the budget replaces the address, so it is decided on the window as it is now:
  // `isNarrow` follows the resize event, a frame late, and a page opened as the window widens
  // would otherwise be lost. Asked only on a wide-only page in the phone's layout (rare).
  const narrowRedirect = isNarrow && WIDE_ONLY.some((p) => pathname.startsWith(p)) && isNarrowNow();
  // Every narrow page keeps the tab bar: payees, rules and the rest have a way back.
  const showTabs = isNarrow;

  return (
    <TagsProvider>
      <div className={`shell${floating ? ' shell-floating' : ''}`}>
        {!isNarrow && (
          <Sidebar floating={floating} shown={sidebarShown} setShown={setSidebarShown} />
        )}
        <div className="shell-main">
          <Banners />
          {!isNarrow && (
            <Titlebar onShowSidebar={floating ? () => setSidebarShown('keyboard') : undefined} />
          )}
          <main
            className={covered ? 'shell-page is-covered' : 'shell-page'}
            data-accounts={accountCount}
          >
            {narrowRedirect ? (
              <Navigate to="/budget" replace />
            ) : (
              <Suspense fallback={<PageLoading />}>
                {/* Always given an entry (the covered page's while the editor is open), so the
                    page's tree stays the same when the editor opens and closes. */}
                <div className={covered ? 'shell-route is-covered' : 'shell-route'} ref={routeRef}>
                  <PageRoutes entry={entry} initialPage={initialPage} />
                </div>
                {covered && <EditorLayer location={shown} />}
              </Suspense>
            )}
          </main>
          {/* Below the page, not over it: the button never covers a row or a figure. The
              page's own, hidden while the editor covers the page. */}
          {isNarrow && showsAddTransaction(entry.location.pathname) && (
            <AddTransactionButton location={entry.location} hidden={covered} />
          )}
          {isNarrow && <ShellNotice />}
          {showTabs && <BottomNav />}
        </div>
        <ShellModals inManager={false} />
      </div>
    </TagsProvider>
  );
}
