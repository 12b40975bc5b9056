import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import {
  closeBudget,
  getUserData,
  loadAllFiles,
  loadBudget,
  loadGlobalPrefs,
  showReadOnlyRefusal,
} from '../../store/actions.ts';
import { StoreContext } from '../../store/context.ts';
import { LAST_BUDGET_KEY } from '../../store/last-budget.ts';
import { registerServiceWorker } from '../../store/service-worker.ts';
import { AppStore } from '../../store/store.ts';
import { IS_DEV } from '../../store/version.ts';
import type { Connection, InitFailure } from '../../backend/connect.ts';
import { watchWriteRefusals } from '../../store/write-refusal.ts';
import { type LoadedPage, preloadPage } from '../shell/pages.ts';
import { App } from './App.tsx';
import { ErrorBoundary, FatalErrorScreen } from './FatalError.tsx';
import { InitFailureScreen } from './InitFailure.tsx';
import { LoadingScreen } from '../kit/ui/LoadingScreen.tsx';

type Boot =
  | { kind: 'starting' }
  | { kind: 'ready'; store: AppStore; page: LoadedPage | null }
  | { kind: 'init-failure'; failure: InitFailure }
  | { kind: 'fatal'; error: Error };

/** Start-up: connect to the core, load global prefs, reopen the last budget, load files. */
async function start(
  connecting: Promise<Connection>,
  onInitFailure: (failure: InitFailure) => void,
): Promise<{ store: AppStore; page: LoadedPage | null }> {
  // A budget to reopen: its page's code loads while the core starts and opens the budget.
  const page = window.localStorage.getItem(LAST_BUDGET_KEY)
    ? preloadPage(window.location.pathname)
    : null;
  const connection = await connecting;
  performance.mark('coffer:core-connected');
  connection.onInitFailure(onInitFailure);
  // Edits the core refuses as read-only show one notice with the sign-in action.
  const store: AppStore = new AppStore(
    watchWriteRefusals(connection.backend, () => showReadOnlyRefusal(store)),
  );
  // Production builds only: the build writes sw.js; a dev server serves the sources as they are.
  if (!IS_DEV && 'serviceWorker' in navigator) {
    void registerServiceWorker(store, navigator.serviceWorker, () => window.location.reload());
  }
  await loadGlobalPrefs(store);
  // The last budget opens while the server says who is signed in (a round trip away); it stays
  // open only for a signed-in user, or when there is no server.
  const lastBudget = window.localStorage.getItem(LAST_BUDGET_KEY);
  const [user, opened] = await Promise.all([
    getUserData(store).finally(() => performance.mark('coffer:user-known')),
    lastBudget ? loadBudget(store, lastBudget) : false,
  ]);
  if (lastBudget && !opened) window.localStorage.removeItem(LAST_BUDGET_KEY);
  // Closing lists the files itself.
  if (opened && !user && store.get().serverUrl) await closeBudget(store);
  else if (!store.get().prefs) await loadAllFiles(store);
  return { store, page: store.get().prefs ? await page : null };
}

/** `connecting`: the core's worker, started by main.tsx before React mounts. */
export function Root({ connecting }: { connecting: Promise<Connection> }) {
  const [boot, setBoot] = useState<Boot>({ kind: 'starting' });

  useEffect(() => {
    let cancelled = false;
    start(connecting, (failure) => !cancelled && setBoot({ kind: 'init-failure', failure })).then(
      ({ store, page }) =>
        !cancelled && setBoot((b) => (b.kind === 'starting' ? { kind: 'ready', store, page } : b)),
      (error: unknown) =>
        !cancelled &&
        setBoot((b) =>
          b.kind === 'starting'
            ? { kind: 'fatal', error: error instanceof Error ? error : new Error(String(error)) }
            : b,
        ),
    );
    return () => {
      cancelled = true;
    };
  }, [connecting]);

  switch (boot.kind) {
    case 'starting':
      return <LoadingScreen text="Loading..." />;
    case 'init-failure':
      return <InitFailureScreen failure={boot.failure} />;
    case 'fatal':
      return <FatalErrorScreen error={boot.error} />;
    case 'ready':
      return (
        <ErrorBoundary>
          <StoreContext.Provider value={boot.store}>
            <BrowserRouter>
              <App initialPage={boot.page} />
            </BrowserRouter>
          </StoreContext.Provider>
        </ErrorBoundary>
      );
  }
}
