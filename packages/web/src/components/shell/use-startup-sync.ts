import { useEffect } from 'react';
import { getUserData, whenUserKnown } from '../../store/actions.ts';
import { whenFirstScreenShown } from '../../store/first-screen.ts';
import { checkForNewVersion } from '../../store/service-worker.ts';
import { retryWhileServerOffline } from '../../store/server-retry.ts';
import type { AppStore } from '../../store/store.ts';
import { announceNewVersion, checkServedVersion } from '../../store/update-check.ts';

/**
 * After the first screen is shown (store/first-screen.ts): sync once, then check for a newer
 * release (the new-version notification) and for a newer build at this origin (the update
 * banner). The core does not sync a budget as it opens (the web worker's `syncOnLoad: false`):
 * this is the open's first sync. The origin is asked again whenever the
 * tab comes back into view, since a long-open tab is the one that falls behind, and both are
 * asked again when the browser comes back online (the checks ask nothing while offline), when
 * the server is asked again who is signed in and what was edited offline syncs. The
 * service worker is asked for a newer build at the same moments (its 'A new version is ready').
 * While the server is out of reach it is also asked again every few seconds
 * (store/server-retry.ts): the 'online' event alone does not always come.
 */
export function useStartupSync(store: AppStore): void {
  useEffect(() => {
    const fetchFn = window.fetch.bind(window);
    let unmounted = false;
    void whenFirstScreenShown().then(async () => {
      // The budget shows before the server says who is signed in: the first sync waits for it
      // (a signed-out answer closes the budget instead).
      const user = await whenUserKnown(store);
      if (unmounted) return;
      if (user && store.get().serverUrl && store.get().prefs) {
        await store.backend.send('sync').catch(() => undefined);
      }
      await Promise.all([announceNewVersion(store, fetchFn), checkServedVersion(store, fetchFn)]);
    });
    const newBuild = () =>
      void navigator.serviceWorker?.getRegistration().then((r) => checkForNewVersion(r ?? null));
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void checkServedVersion(store, fetchFn);
      newBuild();
    };
    // The server is asked again who is signed in (the titlebar's 'Server offline' and
    // 'Offline' came from that answer), then what was edited offline syncs.
    const reconnect = () =>
      getUserData(store).then(async (user) => {
        if (user && !user.offline && store.get().serverUrl && store.get().prefs) {
          await store.backend.send('sync').catch(() => undefined);
        }
      });
    const stopRetry = retryWhileServerOffline(store, reconnect, {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (handle) => window.clearTimeout(handle),
      online: () => navigator.onLine,
    });
    const onOnline = () => {
      void reconnect();
      void announceNewVersion(store, fetchFn);
      void checkServedVersion(store, fetchFn);
      newBuild();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      unmounted = true;
      stopRetry();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [store]);
}
