import { isNewerVersion, latestReleaseFromTags } from '../state/banners.ts';
import { savePrefs } from './actions.ts';
import type { AppStore } from './store.ts';
import { APP_VERSION, RELEASE_NOTES_URL, RELEASE_TAGS_URL, SERVED_VERSION_URL } from './version.ts';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * The browser's own idea of being offline. A request made offline fails, and the browser logs
 * every failed request in the console even when the app catches it, so none is made.
 */
function browserOnline(): boolean {
  return globalThis.navigator?.onLine !== false;
}

async function getJson(fetchFn: Fetch, url: string, init?: RequestInit): Promise<unknown> {
  try {
    const res = await fetchFn(url, init);
    return res.ok ? await res.json() : null;
  } catch {
    // Offline or blocked: there is simply nothing to announce.
    return null;
  }
}

/**
 * Reads the release tags and, when a newer release exists and was not announced yet, shows the
 * sticky new-version notification. Closing it records the version so it shows once. The spec
 * gives no setting to turn the check off, so it stays quiet instead: nothing is asked while
 * offline, and a failed or odd answer leaves no trace (no notification, nothing stored).
 */
export async function announceNewVersion(
  store: AppStore,
  fetchFn: Fetch,
  isOnline: () => boolean = browserOnline,
): Promise<void> {
  if (!isOnline()) return;
  const latest = latestReleaseFromTags(
    await getJson(fetchFn, RELEASE_TAGS_URL, { headers: { accept: 'application/json' } }),
  );
  if (!latest || !isNewerVersion(latest, APP_VERSION)) return;
  store.set({ latestVersion: latest });
  if (store.get().prefs?.updateNotificationShownForVersion === latest) return;
  store.addNotification({
    id: 'update-notification',
    type: 'message',
    sticky: true,
    title: 'A new version of Coffer is available!',
    message: `Coffer ${latest} is out. The changelog lists what is new.`,
    button: {
      title: 'Open changelog',
      action: () => void window.open(RELEASE_NOTES_URL, '_blank', 'noopener'),
    },
    onClose: () => void savePrefs(store, { updateNotificationShownForVersion: latest }),
  });
}

/**
 * Asks the origin which version it now serves. A different one means this tab runs an older
 * build than the server has: the update banner offers a restart.
 */
export async function checkServedVersion(
  store: AppStore,
  fetchFn: Fetch,
  isOnline: () => boolean = browserOnline,
): Promise<void> {
  if (!isOnline()) return;
  const body = await getJson(fetchFn, SERVED_VERSION_URL, { cache: 'no-store' });
  const version = (body as { version?: unknown } | null)?.version;
  if (typeof version === 'string' && version !== APP_VERSION) store.set({ appUpdatedTo: version });
}
