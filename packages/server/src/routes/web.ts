import { isServerPath } from '@coffer/crdt';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ServerContext } from '../context.ts';
import { pathOf, sendError } from '../http.ts';
import { cacheControlFor, COMMON_HEADERS, contentSecurityPolicy } from './web-headers.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Coffer</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto">
<h1>Coffer server is running</h1>
<p>The web app is not built, so there is nothing to show here yet. Build it with
<code>npm run build</code> (it is served from <code>packages/web/dist</code>).</p>
<p>Sync clients can already use this server.</p>
</body>
</html>
`;

/** App routes look like `/budget/x` or `/accounts`; a missing `/assets/x.js` stays a 404. */
function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request.url);
  if (isServerPath(path)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * The built web app: each file precompressed (brotli, gzip) by the build and chosen by the
 * client's Accept-Encoding, hashed assets cached for good, the rest revalidated; the index page
 * for any app route so client-side routing survives a reload. Every response carries the
 * isolation and no-sniff headers; the app's own (not the API's) carry the CSP and no CORS.
 */
export async function webRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const root = ctx.config.webRoot;
  const built = existsSync(join(root, 'index.html'));
  const csp = contentSecurityPolicy(ctx.config.connectOrigins);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(COMMON_HEADERS);
    const path = pathOf(request.url);
    if (!isServerPath(path)) {
      reply.header('content-security-policy', csp);
      // Actual's clients need CORS on the sync API only; the app's files are for this origin.
      reply.removeHeader('access-control-allow-origin');
      reply.removeHeader('access-control-allow-methods');
      reply.removeHeader('access-control-allow-headers');
    }
    return payload;
  });

  if (built) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) =>
        reply.header('cache-control', cacheControlFor(relative(root, path))),
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    built
      ? reply.type('text/html; charset=utf-8').sendFile('index.html')
      : reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(NOT_BUILT_PAGE);

  app.get('/', async (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(async (request, reply) => {
    if (isAppRoute(request)) return sendIndex(reply);
    return sendError(reply, 404, 'not-found');
  });
}
