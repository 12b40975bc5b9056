/**
 * The app's service worker, bundled by `build/pwa-plugin.ts` into `sw.js` with the build's file
 * list. It precaches the app shell and every asset of its build, starts the app from them with
 * or without a network, and never swaps code under an open page: a newer build waits until the
 * person chooses to reload (the page's 'A new version is ready' notification).
 */
import { CACHE_PREFIX, routeOf, SHELL_PATH, SKIP_WAITING } from './routes.ts';

declare const __COFFER_PRECACHE__: string[];
declare const __COFFER_BUILD_ID__: string;

// The DOM library has no service worker types; these are the few parts used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends Event {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (e: MessageEventLike) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;
const CACHE = CACHE_PREFIX + __COFFER_BUILD_ID__;
const PRECACHED = new Set(__COFFER_PRECACHE__);

scope.addEventListener('install', (event) => {
  // `reload`: the HTTP cache may hold an index.html of an older build.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(__COFFER_PRECACHE__.map((path) => new Request(path, { cache: 'reload' }))),
      ),
  );
});

scope.addEventListener('activate', (event) => {
  // Only the build that now runs needs its files; older builds' caches go.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE)
            .map((n) => caches.delete(n)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING) void scope.skipWaiting();
});

async function fromCache(path: string, request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(path);
  // A cache emptied by the browser: the network still has the file.
  return hit ?? fetch(request);
}

scope.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, scope.location.origin, PRECACHED);
  if (route === 'network') return;
  const path = route === 'shell' ? SHELL_PATH : new URL(event.request.url).pathname;
  event.respondWith(fromCache(path, event.request));
});
