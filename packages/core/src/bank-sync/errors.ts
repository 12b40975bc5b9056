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

/** The user-facing text for a provider error, by type and code (spec §8). */
export function bankErrorMessage(type: string, code: string): string {
  if (type === 'ITEM_ERROR' && code === 'NO_ACCOUNTS') {
    return 'No open accounts could be found. Did you close the account? If so, unlink the account.';
  }
  if (type === 'ITEM_ERROR' && code === 'ITEM_LOGIN_REQUIRED') {
    return 'Your password or something else has changed with your bank and you need to login again.';
  }
  if (type === 'INVALID_INPUT' && code === 'INVALID_ACCESS_TOKEN') {
    return 'Item is no longer authorized. You need to login again.';
  }
  if (type === 'RATE_LIMIT_EXCEEDED') {
    return 'Rate limit exceeded for this item. Please try again later.';
  }
  return (
    'An internal error occurred. Try to login again, or get in touch with support ' +
    'if the problem continues.'
  );
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
