/**
 * The paths a Coffer (or Actual) sync server answers itself: its API and the bank pages. The
 * server never answers them with the web app's index page, and the web app's service worker never
 * answers them from its cache. One list, here in the protocol's package, because both sides must
 * agree on it and both already depend on this package.
 */
export const SERVER_PATH_PREFIXES: readonly string[] = [
  '/account',
  '/sync',
  '/secret',
  '/gocardless',
  '/nordigen',
  '/simplefin',
  '/enablebanking',
  '/pluggyai',
  '/admin',
  '/openid',
  '/info',
  '/health',
  '/mode',
  '/metrics',
];

/** Whether a URL path (no query) is the server's own: a prefix itself or below one. */
export function isServerPath(path: string): boolean {
  return SERVER_PATH_PREFIXES.some((p) => path === p || path.startsWith(p + '/'));
}
