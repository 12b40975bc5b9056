/**
 * A small client for the GoCardless Bank Account Data API (v2): token, institutions, end-user
 * agreements, requisitions and account data. One instance per server; it owns the access token.
 */
import { ProviderFailure } from '../bank/errors.ts';
import type { Balance, DetailedAccount, Institution, ProviderTransaction } from './normalize.ts';

export type ProviderErrorKind =
  | 'invalid-input'
  | 'invalid-token'
  | 'access-denied'
  | 'not-found'
  | 'resource-suspended'
  | 'rate-limit'
  | 'provider-error'
  | 'service-unavailable'
  | 'unreachable'
  | 'unexpected';

const KIND_BY_STATUS: Record<number, ProviderErrorKind> = {
  400: 'invalid-input',
  401: 'invalid-token',
  403: 'access-denied',
  404: 'not-found',
  409: 'resource-suspended',
  429: 'rate-limit',
  500: 'provider-error',
  503: 'service-unavailable',
};

const MESSAGES: Record<ProviderErrorKind, string> = {
  'invalid-input': 'The bank-data provider rejected the request parameters',
  'invalid-token': 'The bank-data credentials or token are not valid',
  'access-denied': 'The bank-data provider denied access',
  'not-found': 'The bank-data provider does not know this resource',
  'resource-suspended': 'The bank-data provider suspended this resource after repeated errors',
  'rate-limit': 'The bank limits how often its data can be read; try again later',
  'provider-error': 'The bank-data provider reported an error',
  'service-unavailable': 'The bank-data provider is unavailable',
  unreachable: 'The bank-data provider could not be reached',
  unexpected: 'The bank-data provider answered unexpectedly',
};

export class ProviderError extends ProviderFailure {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly status: number | null,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(MESSAGES[kind], kind === 'rate-limit', headers);
  }
}

export interface Secrets {
  secretId: string;
  secretKey: string;
}

export interface Requisition {
  id: string;
  status: string;
  institution_id: string;
  accounts: string[];
  link?: string;
  [field: string]: unknown;
}

export interface AccountMetadata {
  id: string;
  institution_id: string;
  iban?: string;
  [field: string]: unknown;
}

interface CachedToken {
  key: string;
  access: string;
  expiresAt: number;
}

export type FetchLike = typeof fetch;

export class ProviderClient {
  private token: CachedToken | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: FetchLike = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  private async call<T>(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string | undefined>; auth?: string } = {},
  ): Promise<T> {
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.auth) headers.authorization = `Bearer ${options.auth}`;
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      throw new ProviderError('unreachable', null, null);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (!res.ok) {
      const rateHeaders: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (name.startsWith('http_x_ratelimit') || name.startsWith('x-ratelimit'))
          rateHeaders[name] = value;
      });
      if (res.status === 401 && options.auth) this.token = null;
      throw new ProviderError(
        KIND_BY_STATUS[res.status] ?? 'unexpected',
        res.status,
        body,
        rateHeaders,
      );
    }
    return body as T;
  }

  /** An access token for these secrets, reused until shortly before it expires. */
  private async access(secrets: Secrets): Promise<string> {
    const key = `${secrets.secretId}\n${secrets.secretKey}`;
    if (this.token && this.token.key === key && this.token.expiresAt > this.now()) {
      return this.token.access;
    }
    const res = await this.call<{ access: string; access_expires?: number }>(
      'POST',
      '/token/new/',
      {
        body: { secret_id: secrets.secretId, secret_key: secrets.secretKey },
      },
    );
    if (!res || typeof res.access !== 'string') throw new ProviderError('unexpected', 200, res);
    const lifetime = (res.access_expires ?? 3600) * 1000;
    this.token = { key, access: res.access, expiresAt: this.now() + lifetime - 60_000 };
    return res.access;
  }

  async get<T>(
    secrets: Secrets,
    path: string,
    query?: Record<string, string | undefined>,
  ): Promise<T> {
    return this.call<T>('GET', path, { auth: await this.access(secrets), query });
  }

  async send<T>(
    secrets: Secrets,
    method: 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    return this.call<T>(method, path, { auth: await this.access(secrets), body });
  }

  institutions(s: Secrets, country: string): Promise<Institution[]> {
    return this.get(s, '/institutions/', { country });
  }

  institution(s: Secrets, id: string): Promise<Institution> {
    return this.get(s, `/institutions/${encodeURIComponent(id)}/`);
  }

  createAgreement(
    s: Secrets,
    args: { institutionId: string; maxHistoricalDays: number; accessValidForDays: number },
  ): Promise<{ id: string }> {
    return this.send(s, 'POST', '/agreements/enduser/', {
      institution_id: args.institutionId,
      max_historical_days: args.maxHistoricalDays,
      access_valid_for_days: args.accessValidForDays,
      access_scope: ['balances', 'details', 'transactions'],
    });
  }

  createRequisition(
    s: Secrets,
    args: {
      redirect: string;
      institutionId: string;
      agreement: string;
      reference: string;
      accountSelection: boolean;
    },
  ): Promise<Requisition> {
    return this.send(s, 'POST', '/requisitions/', {
      redirect: args.redirect,
      institution_id: args.institutionId,
      agreement: args.agreement,
      reference: args.reference,
      user_language: 'EN',
      account_selection: args.accountSelection,
      redirect_immediate: false,
    });
  }

  requisition(s: Secrets, id: string): Promise<Requisition> {
    return this.get(s, `/requisitions/${encodeURIComponent(id)}/`);
  }

  deleteRequisition(s: Secrets, id: string): Promise<{ summary?: string; detail?: string }> {
    return this.send(s, 'DELETE', `/requisitions/${encodeURIComponent(id)}/`);
  }

  accountMetadata(s: Secrets, id: string): Promise<AccountMetadata> {
    return this.get(s, `/accounts/${encodeURIComponent(id)}/`);
  }

  async accountDetails(s: Secrets, id: string): Promise<Partial<DetailedAccount>> {
    const res = await this.get<{ account?: Partial<DetailedAccount> }>(
      s,
      `/accounts/${encodeURIComponent(id)}/details/`,
    );
    return res?.account ?? {};
  }

  async balances(s: Secrets, id: string): Promise<Balance[]> {
    const res = await this.get<{ balances?: Balance[] }>(
      s,
      `/accounts/${encodeURIComponent(id)}/balances/`,
    );
    return res?.balances ?? [];
  }

  async transactions(
    s: Secrets,
    id: string,
    dateFrom: string | undefined,
    dateTo: string | undefined,
  ): Promise<{ booked: ProviderTransaction[]; pending: ProviderTransaction[] }> {
    const res = await this.get<{
      transactions?: { booked?: ProviderTransaction[]; pending?: ProviderTransaction[] };
    }>(s, `/accounts/${encodeURIComponent(id)}/transactions/`, {
      date_from: dateFrom,
      date_to: dateTo,
    });
    return { booked: res?.transactions?.booked ?? [], pending: res?.transactions?.pending ?? [] };
  }
}
