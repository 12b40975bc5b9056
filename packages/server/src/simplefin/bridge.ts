/**
 * The SimpleFIN protocol as a client speaks it: decode a setup token into its claim URL, claim
 * the access URL (once), and read the account set. Every failure is a `KindedFailure` whose
 * message is ours: the access URL holds the credentials and must not reach a log or an answer.
 */
import { KindedFailure, failureKindOfStatus } from '../bank/errors.ts';
import { mayCall, type Lookup } from '../bank/address-check.ts';

export type FetchLike = typeof fetch;

/** How the adapter reaches the network: injected, so tests can shorten the wait. */
export interface BridgeIo {
  fetch: FetchLike;
  /** A whole request, headers to body, may take this long before the bridge counts as down. */
  timeoutMs: number;
  /** The addresses of a host name, to refuse link-local and other never-called addresses. */
  lookup: Lookup;
}

export interface SimpleFinTransaction {
  id: string;
  posted: number;
  amount: string;
  description?: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending?: boolean;
  [field: string]: unknown;
}

export interface SimpleFinAccount {
  id: string;
  name: string;
  currency: string;
  balance: string;
  'balance-date': number;
  org: { name: string; [field: string]: unknown };
  transactions?: SimpleFinTransaction[];
  [field: string]: unknown;
}

export interface AccountSet {
  errors: string[];
  accounts: SimpleFinAccount[];
}

export const BRIDGE_TIMEOUT_MS = 60_000;

const USED_TOKEN =
  'The SimpleFIN setup token was already claimed or is not valid. Create a new token at the ' +
  'SimpleFIN Bridge and enter it again.';

/** The claim URL inside a setup token, or null when the token is not one. */
export function decodeSetupToken(token: string): URL | null {
  const text = Buffer.from(token.trim(), 'base64').toString('utf8');
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The base URL and basic-auth header of an access URL, or null when it is not one. */
export function parseAccessUrl(accessUrl: string): { base: string; authorization: string } | null {
  let url: URL;
  try {
    url = new URL(accessUrl);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.username) return null;
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return {
    base: url.toString().replace(/\/+$/, ''),
    authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
  };
}

async function send(io: BridgeIo, url: string, init: RequestInit): Promise<Response> {
  if (!(await mayCall(new URL(url), io.lookup))) {
    throw new KindedFailure(
      'invalid-token',
      'The SimpleFIN Bridge address is not one this server calls',
    );
  }
  try {
    // Redirects are not followed: a redirect could carry the credentials to another host.
    return await io.fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(io.timeoutMs),
    });
  } catch {
    throw new KindedFailure('institution-down', 'The SimpleFIN Bridge could not be reached');
  }
}

/** Claims the access URL a setup token stands for; a used or bad token is `invalid-token`. */
export async function claimAccessUrl(io: BridgeIo, token: string): Promise<string> {
  const claimUrl = decodeSetupToken(token);
  if (!claimUrl) throw new KindedFailure('invalid-token', USED_TOKEN);
  const res = await send(io, claimUrl.toString(), { method: 'POST' });
  const text = await res.text().catch(() => '');
  if (res.status === 403) throw new KindedFailure('invalid-token', USED_TOKEN, 403);
  if (!res.ok) {
    throw new KindedFailure(
      failureKindOfStatus(res.status),
      `The SimpleFIN Bridge answered the claim with HTTP ${res.status}`,
      res.status,
    );
  }
  const accessUrl = text.trim();
  if (!parseAccessUrl(accessUrl)) throw new KindedFailure('invalid-token', USED_TOKEN);
  return accessUrl;
}

function isAccount(value: unknown): value is SimpleFinAccount {
  if (!value || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  const org = a.org as Record<string, unknown> | undefined;
  return (
    typeof a.id === 'string' &&
    typeof a.balance === 'string' &&
    typeof a['balance-date'] === 'number' &&
    !!org &&
    typeof org.name === 'string' &&
    (a.transactions === undefined || Array.isArray(a.transactions))
  );
}

/** Checks the account set once, where it enters the server. */
function accountSet(body: unknown): AccountSet | null {
  if (!body || typeof body !== 'object') return null;
  const set = body as Record<string, unknown>;
  if (!Array.isArray(set.accounts) || !set.accounts.every(isAccount)) return null;
  const errors = Array.isArray(set.errors) ? set.errors.filter((e) => typeof e === 'string') : [];
  return { errors, accounts: set.accounts };
}

export interface AccountsQuery {
  /** Only these accounts; all when null. */
  accounts: string[] | null;
  /** Epoch seconds; transactions are left out entirely when both are null. */
  start: number | null;
  end: number | null;
  balancesOnly: boolean;
}

/** `GET {access}/accounts`, checked: a 403 means the access was revoked. */
export async function fetchAccounts(
  io: BridgeIo,
  accessUrl: string,
  query: AccountsQuery,
): Promise<AccountSet> {
  const access = parseAccessUrl(accessUrl);
  if (!access) throw new KindedFailure('invalid-token', 'The stored SimpleFIN access is not valid');
  const params = new URLSearchParams();
  if (query.balancesOnly) {
    params.append('balances-only', '1');
  } else {
    if (query.start !== null) params.append('start-date', String(query.start));
    if (query.end !== null) params.append('end-date', String(query.end));
    params.append('pending', '1');
  }
  for (const id of query.accounts ?? []) params.append('account', id);
  const res = await send(io, `${access.base}/accounts?${params}`, {
    method: 'GET',
    headers: { authorization: access.authorization, accept: 'application/json' },
  });
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new KindedFailure('institution-down', 'The SimpleFIN Bridge stopped answering');
  }
  if (!res.ok) {
    const kind = res.status === 402 ? 'login-required' : failureKindOfStatus(res.status);
    throw new KindedFailure(kind, `The SimpleFIN Bridge answered HTTP ${res.status}`, res.status);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const set = accountSet(body);
  if (!set) {
    throw new KindedFailure('institution-down', 'The SimpleFIN Bridge sent an unreadable answer');
  }
  return set;
}
