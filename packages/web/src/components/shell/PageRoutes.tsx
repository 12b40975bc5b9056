/**
 * The working areas' routes, rendered from the page's own history entry: while the phone's
 * editor covers the page (EditorLayer.tsx), the page sees the location it was opened at, the
 * same object, so opening or leaving the editor renders nothing of the page (issue 29).
 */
import { type ComponentType, lazy, memo, useMemo } from 'react';
import {
  type Location,
  Navigate,
  type NavigationType,
  Route,
  Routes,
  UNSAFE_LocationContext as LocationContext,
  useNavigationType,
} from 'react-router';
import { loadTransactionEditor } from '../accounts/phone/editor-loader.ts';
import { type LoadedPage, type PageName, pageLoaders } from './pages.ts';

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

/** What the router's location context holds. */
export interface PageEntry {
  location: Location;
  navigationType: NavigationType;
}

/**
 * The page's entry, the same object for as long as it is the same history entry (its key and
 * address): the editor's entry carries the covered page's key (navigation.ts `editorState`), so
 * the page's context does not change when the editor opens over it, nor when Back or Save
 * returns to it. A new entry (another page, a replace) is a new key, so the page follows it.
 */
export function usePageEntry(location: Location): PageEntry {
  const navigationType = useNavigationType();
  const { key, pathname, search, hash } = location;
  return useMemo(
    () => ({ location, navigationType }),
    // The entry's identity, not the objects: the router makes a new location on every change.
    [key, pathname, search, hash],
  );
}

/**
 * The routes under their own location context: the router's changes on the editor's address
 * reach no page component (their `useLocation`, `useNavigate` and every row's `Link` read this
 * context), and the element is memoised, so they are not rendered again either.
 */
export const PageRoutes = memo(function PageRoutes({
  entry,
  initialPage,
}: {
  entry: PageEntry;
  initialPage: LoadedPage | null;
}) {
  /**
   * A working area's page: the one whose code came with the open as it is, others lazily (both
   * stable component types, so a re-render keeps the page mounted).
   */
  const page = (name: PageName, Lazy: ComponentType) => {
    const Loaded = initialPage?.name === name ? initialPage.Component : Lazy;
    return <Loaded />;
  };
  return (
    <LocationContext.Provider value={entry}>
      <Routes>
        <Route path="/" element={<Navigate to="/budget" replace />} />
        <Route path="/budget" element={page('budget', BudgetPage)} />
        <Route path="/reports/*" element={page('reports', ReportsPage)} />
        <Route path="/schedules" element={<SchedulesPage />} />
        <Route path="/schedule/edit/:id?" element={<ScheduleEditPage />} />
        <Route path="/schedule/link" element={<ScheduleLinkPage />} />
        <Route path="/schedule/discover" element={<DiscoverSchedulesPage />} />
        <Route path="/schedule/posts-offline-notification" element={<PostTransactions />} />
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
    </LocationContext.Provider>
  );
});
