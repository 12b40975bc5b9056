import { useEffect } from 'react';
import type { AppStore } from '../../app/store.ts';
import { APP_VERSION, RELEASE_NOTES_URL } from '../../app/version.ts';
import { savePrefs } from '../../app/actions.ts';

function newer(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) > (pb[i] ?? 0);
  }
  return false;
}

/** After mount (100 ms): sync once, then check for a newer version and announce it once. */
export function useStartupSync(store: AppStore): void {
  useEffect(() => {
    const timer = setTimeout(async () => {
      if (store.get().serverUrl && store.get().user) {
        await store.backend.send('sync').catch(() => undefined);
      }
      const latest = (window as { __COFFER_LATEST__?: string }).__COFFER_LATEST__;
      const shown = store.get().prefs?.updateNotificationShownForVersion;
      if (latest && newer(latest, APP_VERSION) && shown !== latest) {
        store.addNotification({
          id: 'update-notification',
          type: 'message',
          sticky: true,
          title: 'A new version of Coffer is available!',
          message: `Version ${latest} is out. See what changed in the release notes.`,
          button: { title: 'Open changelog', action: () => void window.open(RELEASE_NOTES_URL) },
          onClose: () => void savePrefs(store, { updateNotificationShownForVersion: latest }),
        });
      }
    }, 100);
    return () => clearTimeout(timer);
  }, [store]);
}
