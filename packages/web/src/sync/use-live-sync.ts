import { useEffect } from 'react';
import type { AppStore } from '../store/store.ts';
import { startLiveSync } from './live-sync.ts';

/** While the open budget's shell is mounted: the live check (see live-sync.ts). */
export function useLiveSync(store: AppStore): void {
  useEffect(() => {
    const live = startLiveSync({
      timers: {
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
      visible: () => document.visibilityState === 'visible',
      active: () => {
        const { serverUrl, user, prefs } = store.get();
        return Boolean(serverUrl && user && !user.offline && prefs?.cloudFileId);
      },
      check: () => store.backend.send('sync-live'),
    });
    const onVisibility = () => live.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      live.stop();
    };
  }, [store]);
}
