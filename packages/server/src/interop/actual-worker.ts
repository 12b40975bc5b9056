/**
 * Runs one `@actual-app/api` client in its own process (the API keeps its state in module
 * globals, so two clients cannot share a process). The parent sends requests over IPC.
 */
import { createRequire } from 'node:module';

interface ActualApi {
  init(config: Record<string, unknown>): Promise<unknown>;
  shutdown(): Promise<void>;
  internal: { send(name: string, args?: unknown): Promise<unknown> };
  [method: string]: unknown;
}

export type WorkerRequest =
  | { id: number; op: 'init'; config: Record<string, unknown> }
  | { id: number; op: 'internal'; name: string; args?: unknown }
  | { id: number; op: 'method'; name: string; args: unknown[] }
  | { id: number; op: 'exit' };

export type WorkerResponse =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

const apiPath = process.env.ACTUAL_API_PATH;
if (!apiPath) throw new Error('ACTUAL_API_PATH is not set');
const api = createRequire(import.meta.url)(apiPath) as ActualApi;

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'init':
      await api.init(request.config);
      return null;
    case 'internal':
      return api.internal.send(request.name, request.args);
    case 'method': {
      const fn = api[request.name];
      if (typeof fn !== 'function') throw new Error(`no API method ${request.name}`);
      return (fn as (...args: unknown[]) => Promise<unknown>)(...request.args);
    }
    case 'exit':
      // Closing the budget flushes its database; a failing final sync is not a test failure here.
      await api.shutdown().catch(() => undefined);
      setTimeout(() => process.exit(0), 10);
      return null;
  }
}

process.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) =>
      process.send!({ id: request.id, ok: true, result: result ?? null } satisfies WorkerResponse),
    (e: unknown) =>
      process.send!({
        id: request.id,
        ok: false,
        error: e instanceof Error ? e.message : String(e),
      } satisfies WorkerResponse),
  );
});
process.send!({ id: 0, ok: true, result: 'ready' } satisfies WorkerResponse);
