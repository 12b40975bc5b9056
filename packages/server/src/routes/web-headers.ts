/**
 * Where the app's own code may connect besides its origin: the release check (allowed by the
 * person in Settings) reads GitHub's list of tags.
 */
const RELEASE_CHECK_ORIGIN = 'https://api.github.com';

/**
 * The policy of every web-app response. Scripts, workers and the SQLite wasm come only from this
 * origin (`'wasm-unsafe-eval'` compiles the wasm, nothing more); the page connects to this
 * origin (its sync server), the release check and the sync servers at other origins the admin
 * listed (`connectOrigins`); images are the app's own and data URLs (no screen shows a remote
 * image, bank logos included). No page may frame the app. Nothing compiles code from strings: the
 * core worker's sync codec (packages/crdt/src/proto.ts) is written out, not built with
 * `Function`, so no script, page or worker, gets 'unsafe-eval'.
 */
export function contentSecurityPolicy(connectOrigins: readonly string[]): string {
  const connect = ["'self'", RELEASE_CHECK_ORIGIN, ...connectOrigins];
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    // Enable Banking's bank logos (the app shows each bank's, as the provider serves it).
    "img-src 'self' data: https://enablebanking.com",
    "style-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every response of the server carries, API included. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // The page is cross-origin isolated: no other window keeps a handle on it.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

/** Vite names built files `<name>-<8+ char hash>.<ext>` under `assets/`. */
const HASHED = /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * A hashed asset never changes under its name, so browsers keep it for a year without asking;
 * everything else (index.html, the service worker, the manifest, version.json) is revalidated
 * on every use so a deploy shows at once. `file` is relative to the web root and may carry the
 * precompressed `.br`/`.gz` suffix.
 */
export function cacheControlFor(file: string): string {
  const name = file.replace(/\\/g, '/').replace(/\.(br|gz)$/, '');
  return HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
