import { GLOBAL_STATE_FILE, GlobalState } from '../global-state/global-state.ts';
import type { HandlerContext } from '../handlers-core/registry.ts';
import { Http, type Result } from '../server-client/http.ts';

/** The bank providers the Coffer server proxies, by the path prefix of their routes. */
export type BankProvider = 'gocardless' | 'simplefin' | 'enablebanking';

/**
 * Which provider an account's link goes through, from `accounts.account_sync_source` (Actual's
 * values; a link made before the column existed is GoCardless, as in Actual).
 */
export function providerOf(syncSource: string | null | undefined): BankProvider {
  if (syncSource === 'simpleFin') return 'simplefin';
  if (syncSource === 'enableBanking') return 'enablebanking';
  return 'gocardless';
}

/** The `account_sync_source` Actual writes for a provider's links. */
export const SYNC_SOURCE: Record<BankProvider, string> = {
  gocardless: 'goCardless',
  simplefin: 'simpleFin',
  enablebanking: 'enableBanking',
};

/** One provider's routes on the Coffer server, reached with the stored server URL and token. */
export interface BankProxy {
  readonly provider: BankProvider;
  post(path: string, body: unknown, signal?: AbortSignal): Promise<Result<Record<string, unknown>>>;
  /** `/secret`: store a provider credential on the server. */
  secret(name: string, value: string | null): Promise<Result<Record<string, unknown>>>;
}

/** Read the server URL and token from global state; null when no server is configured. */
export async function bankProxy(
  ctx: HandlerContext,
  provider: BankProvider = 'gocardless',
): Promise<BankProxy | null> {
  const { fs, log, fetch } = ctx.platform;
  const state = await GlobalState.load(fs, fs.join(ctx.documentDir, GLOBAL_STATE_FILE), log);
  const url = state.get('server-url');
  if (!url) return null;
  const token = state.get('user-token') ?? '';
  const http = new Http(fetch, url.replace(/\/+$/, ''));
  return {
    provider,
    post: (path, body, signal) =>
      http.postJson(`/${provider}${path}`, body, {
        headers: { 'X-ACTUAL-TOKEN': token },
        signal,
      }),
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
