// The sub-path keeps the worker small: the package's index would bring the sync codec with it.
import { isServerPath } from '@coffer/crdt/server-paths';

/**
 * Which answer the service worker gives a request. Pure, so it is tested without a browser.
 *
 * - `precached`: a file of this build (hashed assets, icons, the manifest): from the cache.
 * - `shell`: a page of the app (any navigation that is not the server's): the precached
 *   index.html, so the app starts with no network and always with the code it was built with.
 * - `network`: everything else (the sync API, the bank pages, version.json, other origins).
 */
export type SwRoute = 'precached' | 'shell' | 'network';

export const SHELL_PATH = '/index.html';

export function routeOf(
  request: { method: string; mode: string; url: string },
  origin: string,
  precached: ReadonlySet<string>,
): SwRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || isServerPath(url.pathname)) return 'network';
  if (request.mode === 'navigate') {
    const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    // A navigation to a file (an export, a downloaded asset) is not a page of the app.
    return last.includes('.') && url.pathname !== SHELL_PATH ? 'network' : 'shell';
  }
  return precached.has(url.pathname) ? 'precached' : 'network';
}

/** The message a page sends a waiting worker when the person chose to reload into it. */
export const SKIP_WAITING = 'coffer:skip-waiting';

/** Caches of this app are named by build; others (another app at this origin) are left alone. */
export const CACHE_PREFIX = 'coffer-shell-';
