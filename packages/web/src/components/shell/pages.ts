import type { ComponentType } from 'react';

/**
 * Each working area's code comes with its route, so the first load carries none of it. These
 * loaders back the routes' `lazy` pages and `preloadPage`: a budget being reopened fetches the
 * page it will show while the budget itself loads (import() shares one fetch per module).
 */
export const pageLoaders = {
  budget: () => import('../budget/BudgetPage.tsx'),
  accounts: () => import('../accounts/AccountsPage.tsx'),
  reports: () => import('../reports/ReportsPage.tsx'),
} as const;

export type PageName = keyof typeof pageLoaders;

/**
 * A page whose code is already here, rendered as it is rather than through `lazy`: a lazy page
 * suspends once even when its code has arrived, and React then holds the page back behind the
 * loading placeholder for about 300 ms (its reveal throttle), a third of a budget's open.
 */
export interface LoadedPage {
  name: PageName;
  Component: ComponentType;
}

/** The page `pathname` opens on, among those worth fetching ahead ('/' shows the budget). */
export function pageAt(pathname: string): PageName | null {
  if (pathname === '/' || pathname.startsWith('/budget')) return 'budget';
  if (pathname.startsWith('/accounts')) return 'accounts';
  if (pathname.startsWith('/reports')) return 'reports';
  return null;
}

/** Fetches the code of the page at `pathname`; null when it is none of those or fails. */
export async function preloadPage(pathname: string): Promise<LoadedPage | null> {
  const name = pageAt(pathname);
  if (!name) return null;
  try {
    const module = await pageLoaders[name]();
    return { name, Component: module.default as ComponentType };
  } catch {
    // The route's own lazy load reports the failure when it renders.
    return null;
  }
}
