/**
 * A small client for Enable Banking's API: every request carries a fresh JWT signed with the
 * application's key; every failure becomes an `EnableBankingFailure` with the kind the person
 * sees and the `error_code` Actual's clients read.
 */
import type { KeyObject } from 'node:crypto';
import { KindedFailure, failureKindOfStatus, type FailureKind } from '../bank/errors.ts';
import { signJwt } from './jwt.ts';

export type FetchLike = typeof fetch;

export interface EbCredentials {
  applicationId: string;
  key: KeyObject;
}

/** Actual's names for what went wrong, which its clients read as `error_code`. */
export type EbErrorCode =
  | 'INVALID_ACCESS_TOKEN'
  | 'RATE_LIMIT_EXCEEDED'
  | 'NOT_FOUND'
  | 'INVALID_INPUT'
  | 'SERVER_DOWN'
  | 'TIMED_OUT'
  | 'NOT_CONFIGURED'
  | 'INTERNAL_ERROR';

export class EnableBankingFailure extends KindedFailure {
  constructor(
    kind: FailureKind,
    readonly code: EbErrorCode,
    message: string,
    status: number | null = null,
  ) {
    super(kind, message, status);
  }
}

/** The provider's own explanation, kept short; it never holds our key or token. */
function providerMessage(body: unknown, status: number): string {
  const message =
    body && typeof body === 'object' ? (body as Record<string, unknown>).message : undefined;
  return typeof message === 'string' && message !== ''
    ? message.slice(0, 200)
    : `Enable Banking answered HTTP ${status}`;
}

function failureOf(status: number, body: unknown): EnableBankingFailure {
  const message = providerMessage(body, status);
  const error =
    body && typeof body === 'object' ? String((body as Record<string, unknown>).error ?? '') : '';
  if (status === 401 || status === 403) {
    return new EnableBankingFailure('login-required', 'INVALID_ACCESS_TOKEN', message, status);
  }
  if (status === 404) return new EnableBankingFailure('unknown', 'NOT_FOUND', message, status);
  if (status >= 400 && status < 500 && status !== 429) {
    // A closed or expired session is a consent that ran out: the person must consent again.
    const expired = /session|expired/i.test(`${error} ${message}`);
    return expired
      ? new EnableBankingFailure('login-required', 'INVALID_ACCESS_TOKEN', message, status)
      : new EnableBankingFailure('unknown', 'INVALID_INPUT', message, status);
  }
  const kind = failureKindOfStatus(status);
  const code = kind === 'rate-limited' ? 'RATE_LIMIT_EXCEEDED' : 'SERVER_DOWN';
  return new EnableBankingFailure(kind, code, message, status);
}

export class EnableBankingClient {
  constructor(
    private readonly baseUrl: string,
    private readonly io: { fetch: FetchLike; timeoutMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  async request(
    credentials: EbCredentials,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    /** The person's own headers (`Psu-Ip-Address`, `Psu-User-Agent`) when they are present. */
    psu: Record<string, string> = {},
  ): Promise<unknown> {
    const url = this.baseUrl.replace(/\/+$/, '') + path;
    const headers: Record<string, string> = {
      ...psu,
      authorization: `Bearer ${signJwt(credentials.applicationId, credentials.key, this.now())}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let text: string;
    let status: number;
    try {
      const res = await this.io.fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.io.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      const timedOut = e instanceof Error && e.name === 'TimeoutError';
      throw timedOut
        ? new EnableBankingFailure(
            'institution-down',
            'TIMED_OUT',
            'Enable Banking did not answer in time',
          )
        : new EnableBankingFailure(
            'institution-down',
            'SERVER_DOWN',
            'Enable Banking could not be reached',
          );
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      if (status >= 200 && status < 300) {
        throw new EnableBankingFailure(
          'institution-down',
          'SERVER_DOWN',
          'Enable Banking sent an unreadable answer',
          status,
        );
      }
      parsed = null;
    }
    if (status < 200 || status >= 300) throw failureOf(status, parsed);
    return parsed;
  }
}
