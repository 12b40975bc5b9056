import { describe, expect, it } from 'vitest';
import { bankErrorKind, bankErrorMessage } from './errors.ts';

const LOGIN =
  'Your password or something else has changed with your bank and you need to login again.';
const TOKEN = 'Item is no longer authorized. You need to login again.';
const RATE = 'Rate limit exceeded for this item. Please try again later.';
const GONE =
  'No open accounts could be found. Did you close the account? If so, unlink the account.';

describe('every provider’s errors on the spec’s connection-problem texts', () => {
  it.each([
    // GoCardless, as before
    ['ITEM_ERROR', 'ITEM_LOGIN_REQUIRED', 'login-required', LOGIN],
    ['INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'invalid-token', TOKEN],
    ['RATE_LIMIT_EXCEEDED', 'NORDIGEN_ERROR', 'rate-limited', RATE],
    ['ITEM_ERROR', 'NO_ACCOUNTS', 'no-accounts', GONE],
    // SimpleFIN, as Coffer's and Actual's servers send them
    ['INVALID_ACCESS_TOKEN', 'INVALID_ACCESS_TOKEN', 'invalid-token', TOKEN],
    ['ACCOUNT_MISSING', 'ACCOUNT_MISSING', 'no-accounts', GONE],
    ['ACCOUNT_NEEDS_ATTENTION', 'ACCOUNT_NEEDS_ATTENTION', 'login-required', LOGIN],
    ['RATE_LIMIT_EXCEEDED', 'RATE_LIMIT_EXCEEDED', 'rate-limited', RATE],
  ])('%s/%s is %s', (type, code, kind, text) => {
    expect(bankErrorKind(type, code)).toBe(kind);
    expect(bankErrorMessage(type, code)).toBe(text);
  });

  it.each([
    ['SERVER_DOWN', 'SERVER_DOWN'],
    ['TIMED_OUT', 'TIMED_OUT'],
  ])('%s is the institution being down, with the spec’s text for anything else', (type, code) => {
    expect(bankErrorKind(type, code)).toBe('institution-down');
    expect(bankErrorMessage(type, code)).toBe(bankErrorMessage('UNKNOWN', 'UNKNOWN'));
    expect(bankErrorMessage(type, code)).toMatch(/login again|support/);
  });

  it('keeps an unknown code unknown', () => {
    expect(bankErrorKind('INVALID_INPUT', 'INVALID_INPUT')).toBe('unknown');
    expect(bankErrorKind('SYNC_ERROR', 'NORDIGEN_ERROR')).toBe('unknown');
  });
});
