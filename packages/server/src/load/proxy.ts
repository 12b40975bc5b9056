/**
 * A tiny round-robin HTTP proxy on 127.0.0.1 for the multi-process load test and bench: each
 * request goes to the next upstream that is not known to be down. An upstream that refuses a
 * connection is marked down (a passive health check, as nginx does); a request that was cut off
 * mid-way is answered 502 and not replayed, because the process may have committed it: the
 * client decides whether to retry.
 */
import { request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';

export interface RoundRobinProxy {
  url: string;
  /** Requests answered by each upstream (any status), by index. */
  readonly served: number[];
  /** Indexes of the upstreams that refused a connection. */
  readonly down: ReadonlySet<number>;
  /** Requests answered 502 because their upstream failed. */
  readonly failed: () => number;
  close(): Promise<void>;
}

export async function startProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((u) => new URL(u));
  const served = targets.map(() => 0);
  const down = new Set<number>();
  let next = 0;
  let failed = 0;

  const pick = (): number | null => {
    for (let i = 0; i < targets.length; i++) {
      const index = (next + i) % targets.length;
      if (!down.has(index)) {
        next = index + 1;
        return index;
      }
    }
    return null;
  };

  const server: Server = createServer((req: IncomingMessage, res) => {
    const index = pick();
    if (index === null) {
      failed++;
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no-upstream');
      return;
    }
    const target = targets[index]!;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        served[index]!++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // The process died while sending the body: the client must see a broken answer.
        answer.once('aborted', () => res.destroy());
        answer.once('error', () => res.destroy());
      },
    );
    upstream.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED') down.add(index);
      failed++;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('bad-gateway');
      else res.destroy();
    });
    req.pipe(upstream);
  });

  // Longer than clients keep idle connections (undici: 4 s; Fastify's own default is 72 s), so
  // the proxy never closes one just as a client reuses it.
  server.keepAliveTimeout = 75_000;
  const url = await new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
  return {
    url,
    served,
    down,
    failed: () => failed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
