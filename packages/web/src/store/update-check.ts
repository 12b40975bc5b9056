import { isNewerVersion, latestReleaseFromTags } from './banners.ts';
import { saveGlobalPrefs, savePrefs } from './actions.ts';
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
    // Offline, blocked or not JSON: the caller says what that means.
    return null;
  }
}

/** The person allowed the release check (a request to GitHub). Until then nothing is asked. */
export const updateCheckAllowed = (store: AppStore): boolean =>
  store.get().globalPrefs.updateCheck === true;

/**
 * Reads the release tags, if the person allowed it, and records what it found for About. A
 * newer release that was not announced yet gets the sticky new-version notification; closing
 * it records the version so it shows once. Offline nothing is asked and the check reads as
 * failed; so does an answer that is not a list of tags.
 */
export async function announceNewVersion(
  store: AppStore,
  fetchFn: Fetch,
  isOnline: () => boolean = browserOnline,
): Promise<void> {
  if (!updateCheckAllowed(store)) return;
  if (!isOnline()) {
    store.set({ updateStatus: 'failed' });
    return;
  }
  store.set({ updateStatus: 'checking' });
  const tags = await getJson(fetchFn, RELEASE_TAGS_URL, {
    headers: { accept: 'application/json' },
  });
  if (!Array.isArray(tags)) {
    store.set({ updateStatus: 'failed' });
    return;
  }
  const latest = latestReleaseFromTags(tags);
  if (!latest || !isNewerVersion(latest, APP_VERSION)) {
    store.set({ updateStatus: 'current' });
    return;
  }
  store.set({ latestVersion: latest, updateStatus: 'newer' });
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

/** The person's choice about the release check; allowing it runs the check at once. */
export async function setUpdateCheck(
  store: AppStore,
  allowed: boolean,
  fetchFn: Fetch,
  isOnline: () => boolean = browserOnline,
): Promise<void> {
  // Shown at once (the setting's checkbox follows it), saved behind.
  store.set((s) => ({ globalPrefs: { ...s.globalPrefs, updateCheck: allowed } }));
  await saveGlobalPrefs(store, { updateCheck: allowed });
  if (allowed) await announceNewVersion(store, fetchFn, isOnline);
  else store.set({ updateStatus: 'idle', latestVersion: null });
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
