/**
 * A phone's network between the browser and one app's server: a TCP proxy on 127.0.0.1 that
 * counts the bytes it carries and, when shaped, delays and paces them like DevTools' "Fast 3G"
 * preset (562.5 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, each ×0.9 as DevTools applies).
 * It shapes every connection of the browser — the page's, its workers' and the service
 * worker's — which a page-level `Network.emulateNetworkConditions` does not reach.
 */
import { connect, createServer, type Socket } from 'node:net';

export const FAST_3G = { latencyMs: 562.5, downBytesPerSec: 180_000, upBytesPerSec: 84_375 };

export interface Link {
  url: string;
  /** Bytes from the server to the browser since the last reset (headers included). */
  down(): number;
  up(): number;
  reset(): void;
  /** Shaped like FAST_3G, or passed through as fast as the machine goes. */
  shape(on: boolean): void;
  close(): Promise<void>;
}

/**
 * One direction of the link: a chunk is due half the round trip after it came, or once the
 * chunks before it have gone through the link's rate, whichever is later (absolute times, so
 * chunks in flight overlap as on a real link).
 */
function pacer(rate: () => number, halfTrip: () => number) {
  let free = 0;
  return (bytes: number): number => {
    const now = performance.now();
    const r = rate();
    if (r === Infinity) return now;
    const start = Math.max(now + halfTrip(), free);
    free = start + (bytes / r) * 1000;
    return free;
  };
}

export async function startLink(target: string): Promise<Link> {
  const { hostname, port } = new URL(target);
  let shaped = false;
  let down = 0;
  let up = 0;
  const half = () => (shaped ? FAST_3G.latencyMs / 2 : 0);
  const downPace = pacer(() => (shaped ? FAST_3G.downBytesPerSec : Infinity), half);
  const upPace = pacer(() => (shaped ? FAST_3G.upBytesPerSec : Infinity), half);
  const sockets = new Set<Socket>();
  // Chunks keep their order per connection: each waits for the one before it.
  const relay = (
    from: Socket,
    to: Socket,
    pace: (n: number) => number,
    count: (n: number) => void,
  ) => {
    let chain = Promise.resolve();
    from.on('data', (chunk) => {
      count(chunk.length);
      const due = pace(chunk.length);
      chain = chain
        .then(() => {
          const wait = due - performance.now();
          return wait > 0 ? new Promise((r) => setTimeout(r, wait)) : undefined;
        })
        .then(() => {
          if (!to.destroyed) to.write(chunk);
        });
    });
    from.on('end', () => void chain.then(() => to.end()));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    relay(client, upstream, upPace, (n) => (up += n));
    relay(upstream, client, downPace, (n) => (down += n));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('link: no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    down: () => down,
    up: () => up,
    reset() {
      down = 0;
      up = 0;
    },
    shape(on) {
      shaped = on;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
