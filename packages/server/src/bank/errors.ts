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
