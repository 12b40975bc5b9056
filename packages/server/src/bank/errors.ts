/**
 * What can go wrong with a bank-data provider, in terms every adapter uses. The routes turn
 * each into the error payload Actual's clients read (`error_type`/`error_code`), which the
 * client shows with the spec's texts.
 */

/** The server has no credentials for the provider. */
export class NotConfiguredError extends Error {
  constructor() {
    super('The bank-data provider’s secrets are not set on this server');
  }
}

/** The link is not usable: the user has not finished at the bank, or the consent expired. */
export class RequisitionNotLinkedError extends Error {
  constructor(readonly requisitionStatus: string) {
    super('The requisition is not linked yet');
  }
}

/** The account is not part of this link (the consent no longer covers it). */
export class AccountNotLinkedError extends Error {
  constructor(
    readonly accountId: string,
    readonly requisitionId: string,
  ) {
    super('The account is not part of this requisition');
  }
}

/** The bank no longer knows the account (closed, or removed from the consent at the bank). */
export class AccountGoneError extends Error {
  constructor(readonly accountId: string) {
    super('The bank no longer has this account');
  }
}

/** A failure of the provider itself (an HTTP error, unreachable); adapters extend it. */
export class ProviderFailure extends Error {
  constructor(
    message: string,
    /** The provider limits how often the account may be read. */
    readonly rateLimited = false,
    /** The provider's rate-limit headers, passed on to the client. */
    readonly rateLimitHeaders: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The five ways a provider failure reaches the person, as the spec's connection-problem banner
 * tells them apart: sign in at the bank again, the server's credentials are wrong, try later,
 * the bank or provider is down, or something else.
 */
export type FailureKind =
  'login-required' | 'invalid-token' | 'rate-limited' | 'institution-down' | 'unknown';

/** The kind of a provider's HTTP error status, shared by every adapter. */
export function failureKindOfStatus(status: number): FailureKind {
  if (status === 401 || status === 403) return 'invalid-token';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'institution-down';
  return 'unknown';
}

/**
 * A provider failure with its kind. The message is ours, never the provider's body or URL, so
 * it cannot carry a secret (an access URL's password, a key) into logs or answers.
 */
export class KindedFailure extends ProviderFailure {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The HTTP status the provider answered, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message, kind === 'rate-limited');
  }
}
