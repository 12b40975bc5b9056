import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { closeBudget, loadAccounts } from '../../store/actions.ts';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { useAppState, useStore } from '../../store/context.ts';
import { useBalanceCells } from '../accounts/balances/balance-cells.ts';
import { useResponsive } from '../../store/responsive.ts';
import { DemoBanner, MobileNotice, SyncingBanner, UpdateBanner } from './Banners.tsx';
import { ModalHost } from '../kit/data/ModalHost.tsx';
import { BottomNav } from './BottomNav.tsx';
import {
  AddTransactionButton,
  showsAddTransaction,
} from '../accounts/phone/AddTransactionButton.tsx';
import { loadTransactionEditor } from '../accounts/phone/editor-loader.ts';
import { EditorLayer, useEditorLayer } from '../accounts/phone/EditorLayer.tsx';
import { type LoadedPage, type PageName, pageLoaders } from './pages.ts';
import { Sidebar, type SidebarShown, useFloatingSidebar } from './Sidebar.tsx';
import { Titlebar } from './Titlebar.tsx';
import { useStartupSync } from './use-startup-sync.ts';
import { useUserActivity } from './use-user-activity.ts';
import { useLiveSync } from '../../sync/use-live-sync.ts';
import { TagsProvider } from '../kit/data/tags.tsx';
import './shell.css';

// Each working area's code comes with its route (pages.ts).
const BudgetPage = lazy(pageLoaders.budget);
const AccountsPage = lazy(pageLoaders.accounts);
const ReportsPage = lazy(pageLoaders.reports);
const SchedulesPage = lazy(() => import('../schedules/SchedulesPage.tsx'));
const ScheduleEditPage = lazy(() => import('../schedules/ScheduleEditPage.tsx'));
const ScheduleLinkPage = lazy(() => import('../schedules/ScheduleLinkPage.tsx'));
const DiscoverSchedulesPage = lazy(() => import('../schedules/DiscoverSchedulesPage.tsx'));
const PostTransactions = lazy(() => import('../schedules/PostTransactions.tsx'));
const PayeesPage = lazy(() => import('../payees/PayeesPage.tsx'));
const TagsPage = lazy(() => import('../tags/TagsPage.tsx'));
const RulesPage = lazy(() => import('../rules/RulesPage.tsx'));
const SettingsPage = lazy(() => import('../settings/SettingsPage.tsx'));
const BankLinkPage = lazy(() => import('../import/BankLinkPage.tsx'));
const TransactionEditor = lazy(loadTransactionEditor);

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
  const { under, covered, routeRef } = useEditorLayer(location);
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

  /**
   * A working area's page: the one whose code came with the open as it is, others lazily (both
   * stable component types, so a re-render keeps the page mounted).
   */
  const page = (name: PageName, Lazy: ComponentType) => {
    const Loaded = initialPage?.name === name ? initialPage.Component : Lazy;
    return <Loaded />;
  };

  const narrowRedirect = isNarrow && WIDE_ONLY.some((p) => pathname.startsWith(p));
  // Every narrow page keeps the tab bar: payees, rules and the rest have a way back.
  const showTabs = isNarrow;

  return (
    <TagsProvider>
      <div className={`shell${floating ? ' shell-floating' : ''}`}>
        {!isNarrow && (
          <Sidebar floating={floating} shown={sidebarShown} setShown={setSidebarShown} />
        )}
        <div className="shell-main">
          <DemoBanner />
          <UpdateBanner />
          <SyncingBanner />
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
                {/* Always given a location (the covered page's while the editor is open), so
                    the page's tree stays the same when the editor opens and closes. */}
                <div className={covered ? 'shell-route is-covered' : 'shell-route'} ref={routeRef}>
                  <Routes location={under ?? location}>
                    <Route path="/" element={<Navigate to="/budget" replace />} />
                    <Route path="/budget" element={page('budget', BudgetPage)} />
                    <Route path="/reports/*" element={page('reports', ReportsPage)} />
                    <Route path="/schedules" element={<SchedulesPage />} />
                    <Route path="/schedule/edit/:id?" element={<ScheduleEditPage />} />
                    <Route path="/schedule/link" element={<ScheduleLinkPage />} />
                    <Route path="/schedule/discover" element={<DiscoverSchedulesPage />} />
                    <Route
                      path="/schedule/posts-offline-notification"
                      element={<PostTransactions />}
                    />
                    <Route path="/payees" element={<PayeesPage />} />
                    <Route path="/tags" element={<TagsPage />} />
                    <Route path="/rules" element={<RulesPage />} />
                    <Route path="/settings" element={<SettingsPage />} />
                    <Route path="/nordigen/link" element={<BankLinkPage />} />
                    <Route path="/gocardless/link" element={<BankLinkPage />} />
                    <Route path="/accounts" element={page('accounts', AccountsPage)} />
                    <Route path="/accounts/:id" element={page('accounts', AccountsPage)} />
                    <Route path="/transactions/new" element={<TransactionEditor />} />
                    <Route path="/transactions/:id" element={<TransactionEditor />} />
                    <Route path="*" element={<Navigate to="/budget" replace />} />
                  </Routes>
                </div>
                {covered && <EditorLayer editor={TransactionEditor} />}
              </Suspense>
            )}
          </main>
          {/* Below the page, not over it: the button never covers a row or a figure. */}
          {isNarrow && showsAddTransaction(pathname) && <AddTransactionButton />}
          {isNarrow && <MobileNotice />}
          {showTabs && <BottomNav />}
        </div>
        <ModalHost inManager={false} />
      </div>
    </TagsProvider>
  );
}
