/**
 * Each working area's code comes with its route, so the first load carries none of it. These
 * loaders back the routes' `lazy` pages and `preloadPage`, which fetches the page a reopened
 * budget will show while the budget itself loads (import() shares one fetch per module).
 */
export const pageLoaders = {
  budget: () => import('../budget/BudgetPage.tsx'),
  accounts: () => import('../accounts/AccountsPage.tsx'),
  reports: () => import('../reports/ReportsPage.tsx'),
} as const;

/** The page `pathname` opens on, among those worth fetching ahead ('/' shows the budget). */
export function pageAt(pathname: string): keyof typeof pageLoaders | null {
  if (pathname === '/' || pathname.startsWith('/budget')) return 'budget';
  if (pathname.startsWith('/accounts')) return 'accounts';
  if (pathname.startsWith('/reports')) return 'reports';
  return null;
}

/** Starts fetching the code of the page at `pathname`; a failure shows when the route renders. */
export function preloadPage(pathname: string): void {
  const page = pageAt(pathname);
  if (page) pageLoaders[page]().catch(() => undefined);
}
