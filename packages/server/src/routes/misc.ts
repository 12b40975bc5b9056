import type { FastifyInstance } from 'fastify';
import { SERVER_VERSION } from '../config.ts';
import type { ServerContext } from '../context.ts';

/** Status endpoints: the client reads `/info` for the server version. */
export function miscRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/mode', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(ctx.config.mode),
  );

  app.get('/info', async () => ({
    build: {
      name: 'coffer-server',
      description: 'Coffer sync server (speaks the Actual sync protocol)',
      version: SERVER_VERSION,
    },
  }));

  app.get('/health', async () => ({ status: 'UP' }));

  app.get('/metrics', async () => ({ mem: process.memoryUsage(), uptime: process.uptime() }));
}
