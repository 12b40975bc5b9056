import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import {
  closeForSignIn,
  getUserData,
  loadAllFiles,
  loadBudget,
  loadGlobalPrefs,
  showReadOnlyRefusal,
} from '../../store/actions.ts';
import { StoreContext } from '../../store/context.ts';
import { whenFirstScreenShown } from '../../store/first-screen.ts';
import { LAST_BUDGET_KEY } from '../../store/last-budget.ts';
import { registerServiceWorker } from '../../store/service-worker.ts';
import { AppStore } from '../../store/store.ts';
import { IS_DEV } from '../../store/version.ts';
import type { Connection, InitFailure } from '../../backend/connect.ts';
import { watchWriteRefusals } from '../../store/write-refusal.ts';
import { type LoadedPage, pageAt, preloadPage } from '../shell/pages.ts';
import { askFirstScreenCells } from '../budget/first-cells.ts';
import { App } from './App.tsx';
import { ErrorBoundary, FatalErrorScreen } from './FatalError.tsx';
import { InitFailureScreen } from './InitFailure.tsx';
import { LoadingScreen } from '../kit/ui/LoadingScreen.tsx';

type Boot =
  | { kind: 'starting' }
  | { kind: 'ready'; store: AppStore; page: LoadedPage | null }
  | { kind: 'init-failure'; failure: InitFailure }
  | { kind: 'fatal'; error: Error };

interface Started {
  store: AppStore;
  page: LoadedPage | null;
  /** The server's answer on who is signed in, acted on; a failure in it is fatal as at start. */
  settled: Promise<void>;
}

/** Start-up: connect to the core, load global prefs, reopen the last budget, load files. */
async function start(
  connecting: Promise<Connection>,
  onInitFailure: (failure: InitFailure) => void,
): Promise<Started> {
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
  // The global prefs, who is signed in and the last budget are asked for at once: the core
  // answers in the order asked (the spec's steps 2 and 3), and the budget's open, the longest
  // step, does not wait for the page to handle the prefs' answer (on a phone the page's thread
  // is busy with its own code then: the open was asked for 0.8 s after the core was ready).
  const prefsLoaded = loadGlobalPrefs(store);
  // Who is signed in is a round trip to the server, which a phone on a slow network may take
  // seconds to answer: the last budget shows as soon as it is open, and the answer arrives
  // after (the titlebar says 'Connecting...' meanwhile, and the first sync waits for it).
  const userKnown = getUserData(store).finally(() => performance.mark('coffer:user-known'));
  // Its failure is acted on below, after the budget opens, not reported as unhandled meanwhile.
  userKnown.catch(() => undefined);
  const lastBudget = window.localStorage.getItem(LAST_BUDGET_KEY);
  const opening = lastBudget ? loadBudget(store, lastBudget) : Promise.resolve(false);
  // The budget page's first cells are asked for as soon as the budget's data is in, not from
  // the page's first effects after React has rendered the shell (first-cells.ts).
  const { pathname, search } = window.location;
  void opening.then(
    (opened) => opened && pageAt(pathname) === 'budget' && askFirstScreenCells(store, search),
    () => undefined,
  );
  // A failure of either is start-up's failure (the fatal screen); neither is left unhandled.
  const [, opened] = await Promise.all([prefsLoaded, opening]);
  if (lastBudget && !opened) window.localStorage.removeItem(LAST_BUDGET_KEY);
  if (!opened) {
    // The file manager's routes depend on who is signed in, so it waits for the answer.
    await userKnown;
    await loadAllFiles(store);
    return { store, page: null, settled: Promise.resolve() };
  }
  // It stays open only for a signed-in user, or when there is no server; closing lists the files.
  // Signed in: the server's file list is asked for, as the spec's start-up does after reopening
  // the last budget, once the budget is shown (first-screen.ts); the core closes a file another
  // device deleted on the server (the page follows its 'show-budgets').
  const settled = userKnown.then(async (user) => {
    if (!user && store.get().serverUrl) await closeForSignIn(store);
    else if (user && !user.offline && store.get().prefs?.cloudFileId) {
      await whenFirstScreenShown();
      if (store.get().prefs) await loadAllFiles(store);
    }
  });
  return { store, page: await page, settled };
}

/** `connecting`: the core's worker, started by main.tsx before React mounts. */
export function Root({ connecting }: { connecting: Promise<Connection> }) {
  const [boot, setBoot] = useState<Boot>({ kind: 'starting' });

  useEffect(() => {
    let cancelled = false;
    // A failure shows the fatal screen unless the core's init failure is already shown.
    const fail = (error: unknown) =>
      !cancelled &&
      setBoot((b) =>
        b.kind === 'init-failure'
          ? b
          : { kind: 'fatal', error: error instanceof Error ? error : new Error(String(error)) },
      );
    start(connecting, (failure) => !cancelled && setBoot({ kind: 'init-failure', failure })).then(
      ({ store, page, settled }) => {
        settled.catch(fail);
        if (!cancelled) {
          setBoot((b) => (b.kind === 'starting' ? { kind: 'ready', store, page } : b));
        }
      },
      fail,
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
