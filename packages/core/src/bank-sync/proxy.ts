import { GLOBAL_STATE_FILE, GlobalState } from '../global-state/global-state.ts';
import type { HandlerContext } from '../handlers-core/registry.ts';
import { Http, type Result } from '../server-client/http.ts';

/** The Coffer server's `/gocardless/*` proxy, reached with the stored server URL and token. */
export interface BankProxy {
  post(path: string, body: unknown): Promise<Result<Record<string, unknown>>>;
  /** `/secret`: store a provider credential on the server. */
  secret(name: string, value: string | null): Promise<Result<Record<string, unknown>>>;
}

/** Read the server URL and token from global state; null when no server is configured. */
export async function bankProxy(ctx: HandlerContext): Promise<BankProxy | null> {
  const { fs, log, fetch } = ctx.platform;
  const state = await GlobalState.load(fs, fs.join(ctx.documentDir, GLOBAL_STATE_FILE), log);
  const url = state.get('server-url');
  if (!url) return null;
  const token = state.get('user-token') ?? '';
  const http = new Http(fetch, url.replace(/\/+$/, ''));
  return {
    post: (path, body) =>
      http.postJson(`/gocardless${path}`, body, { headers: { 'X-ACTUAL-TOKEN': token } }),
    secret: (name, value) =>
      http.postJson('/secret', { name, value }, { headers: { 'X-ACTUAL-TOKEN': token } }),
  };
}

/** The `data` of an ok answer as an object ({} when absent). */
export function dataOf(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}
