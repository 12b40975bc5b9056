/** One failed account of a bank sync, as `gocardless-accounts-sync` reports it. */
export interface BankSyncError {
  accountId: string;
  type?: string;
  category?: string;
  code?: string;
  message: string;
  internal?: string;
}

export const LINK_TIMEOUT = 'Timed out. Please try again.';
export const LINK_FAILED = 'An error occurred while linking your account, sorry!';

/**
 * The connection problem a provider error is, whichever provider sent it (GoCardless's
 * `error_type`/`error_code` pairs, SimpleFIN's and Enable Banking's codes as the server passes
 * them on). The banner offers Reauthorize for `login-required` and `invalid-token`.
 */
export type BankErrorKind =
  | 'no-accounts'
  | 'login-required'
  | 'invalid-token'
  | 'rate-limited'
  | 'institution-down'
  | 'unknown';

export function bankErrorKind(type: string, code: string): BankErrorKind {
  if (code === 'NO_ACCOUNTS' || code === 'ACCOUNT_MISSING') return 'no-accounts';
  // SimpleFIN's bridge says a connection "may need attention": the person must log in there.
  if (code === 'ITEM_LOGIN_REQUIRED' || code === 'ACCOUNT_NEEDS_ATTENTION') return 'login-required';
  if (code === 'INVALID_ACCESS_TOKEN') return 'invalid-token';
  if (type === 'RATE_LIMIT_EXCEEDED' || code === 'RATE_LIMIT_EXCEEDED') return 'rate-limited';
  if (['SERVER_DOWN', 'TIMED_OUT', 'INSTITUTION_DOWN'].includes(code)) return 'institution-down';
  return 'unknown';
}

const TEXTS: Record<BankErrorKind, string> = {
  'no-accounts':
    'No open accounts could be found. Did you close the account? If so, unlink the account.',
  'login-required':
    'Your password or something else has changed with your bank and you need to login again.',
  'invalid-token': 'Item is no longer authorized. You need to login again.',
  'rate-limited': 'Rate limit exceeded for this item. Please try again later.',
  // The spec has no text of its own for a bank that is down: it is "anything else".
  'institution-down':
    'An internal error occurred. Try to login again, or get in touch with support ' +
    'if the problem continues.',
  unknown:
    'An internal error occurred. Try to login again, or get in touch with support ' +
    'if the problem continues.',
};

/** The user-facing text for a provider error, by type and code (spec §8). */
export function bankErrorMessage(type: string, code: string): string {
  return TEXTS[bankErrorKind(type, code)];
}

/** The provider's error payload (a 200 answer carrying `error_type`) as a sync error. */
export function providerError(accountId: string, data: Record<string, unknown>): BankSyncError {
  const category = String(data.error_type);
  const code = String(data.error_code ?? '');
  return {
    accountId,
    type: 'SyncError',
    category,
    code,
    message: bankErrorMessage(category, code),
    internal: typeof data.reason === 'string' ? data.reason : undefined,
  };
}

/**
 * `accounts.bank_sync_status` after a failed sync, in Actual's words, so an Actual client
 * sharing the budget shows the same state: reauth-required, attention-required,
 * rate-limit-exceeded, timed-out, account-missing, else failed.
 */
export function bankSyncStatusOf(error: BankSyncError): string {
  const { category, code } = error;
  if (
    (category === 'ITEM_ERROR' && code === 'ITEM_LOGIN_REQUIRED') ||
    code === 'INVALID_ACCESS_TOKEN' ||
    category === 'INVALID_ACCESS_TOKEN'
  ) {
    return 'reauth-required';
  }
  if (category === 'ACCOUNT_NEEDS_ATTENTION' || code === 'ACCOUNT_NEEDS_ATTENTION') {
    return 'attention-required';
  }
  if (category === 'RATE_LIMIT_EXCEEDED' || code === 'RATE_LIMIT_EXCEEDED') {
    return 'rate-limit-exceeded';
  }
  if (category === 'TIMED_OUT' || code === 'TIMED_OUT') return 'timed-out';
  if (category === 'ACCOUNT_MISSING' || code === 'ACCOUNT_MISSING') return 'account-missing';
  return 'failed';
}
