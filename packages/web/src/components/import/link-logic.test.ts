import { describe, expect, it } from 'vitest';
import { AppStore } from '../../store/store.ts';
import type { Backend } from '../../backend/backend.ts';
import { onAccountSyncStatus } from '../../sync/use-global-events.ts';
import {
  banksFailedText,
  choosableAccounts,
  externalLabel,
  initialTargets,
  LINK_FAILED,
  LINK_TIMEOUT,
  notConfiguredText,
  offersReauthorize,
  targetFromValue,
  targetValue,
  waitErrorText,
} from './link-logic.ts';

const local = [
  { id: 'a', name: 'Checking', offbudget: 0, closed: 0, account_id: 'bank-1' },
  { id: 'b', name: 'Savings', offbudget: 1, closed: 0, account_id: null },
  { id: 'c', name: 'Old', offbudget: 0, closed: 1, account_id: null },
] as const;
const bank = (account_id: string, extra = {}) => ({
  account_id,
  name: `Acct ${account_id}`,
  ...extra,
});

describe('the spec texts', () => {
  it('for linking', () => {
    expect(waitErrorText('timeout')).toBe(LINK_TIMEOUT);
    expect(LINK_TIMEOUT).toBe('Timed out. Please try again.');
    expect(waitErrorText('unknown')).toBe(LINK_FAILED);
    expect(LINK_FAILED).toBe('An error occurred while linking your account, sorry!');
    expect(waitErrorText('stopped')).toBeNull();
    expect(notConfiguredText('GoCardless')).toBe(
      'GoCardless integration has not yet been configured.',
    );
    expect(banksFailedText('GoCardless')).toBe(
      'Failed loading available banks: GoCardless access credentials might be misconfigured',
    );
  });

  it('a new consent is offered for login-required and invalid-token failures only', () => {
    expect(offersReauthorize({ code: 'ITEM_LOGIN_REQUIRED', message: '' })).toBe(true);
    expect(offersReauthorize({ code: 'INVALID_ACCESS_TOKEN', message: '' })).toBe(true);
    expect(offersReauthorize({ code: 'NO_ACCOUNTS', message: '' })).toBe(false);
    expect(offersReauthorize({ type: 'RATE_LIMIT_EXCEEDED', message: '' })).toBe(false);
  });
});

describe('where each bank account goes', () => {
  it('a new link: the account already linked to it, else a new account', () => {
    expect(initialTargets([bank('bank-1'), bank('bank-2')], local, null)).toEqual([
      { kind: 'existing', accountId: 'a' },
      { kind: 'new', offBudget: false },
    ]);
  });

  it('linking for one account: that account first, the others not linked', () => {
    expect(initialTargets([bank('x'), bank('y')], local, 'b')).toEqual([
      { kind: 'existing', accountId: 'b' },
      { kind: 'skip' },
    ]);
    // Reauthorizing: the same bank account goes back to the account it was linked to.
    expect(initialTargets([bank('y'), bank('bank-1')], local, 'a')).toEqual([
      { kind: 'skip' },
      { kind: 'existing', accountId: 'a' },
    ]);
  });

  it('each open account serves one bank account at most', () => {
    const targets = [{ kind: 'existing', accountId: 'a' } as const, { kind: 'skip' } as const];
    expect(choosableAccounts(local, targets, 1).map((a) => a.id)).toEqual(['b']);
    expect(choosableAccounts(local, targets, 0).map((a) => a.id)).toEqual(['a', 'b']);
  });

  it('choices round-trip through the select’s values', () => {
    for (const t of [
      { kind: 'skip' },
      { kind: 'new', offBudget: false },
      { kind: 'new', offBudget: true },
      { kind: 'existing', accountId: 'a' },
    ] as const) {
      expect(targetFromValue(targetValue(t))).toEqual(t);
    }
    expect(externalLabel(bank('z', { mask: '1234' }))).toBe('Acct z (…1234)');
    expect(externalLabel({ account_id: 'z' })).toBe('z');
    expect(externalLabel({ account_id: 'z', name: 'Main (XXX 1234) GBP', mask: '1234' })).toBe(
      'Main (XXX 1234) GBP',
    );
  });
});

describe('sync results per account', () => {
  it('a failure is kept until a later sync of that account works', () => {
    const idle: Backend = { send: () => new Promise(() => {}), listen: () => () => {} };
    const store = new AppStore(idle);
    onAccountSyncStatus(store, {
      id: 'a',
      failed: true,
      errorType: 'ITEM_ERROR',
      errorCode: 'ITEM_LOGIN_REQUIRED',
      message:
        'Your password or something else has changed with your bank and you need to login again.',
    });
    onAccountSyncStatus(store, {
      id: 'b',
      failed: true,
      errorType: 'RATE_LIMIT_EXCEEDED',
      message: 'm',
    });
    expect(store.get().failedAccounts).toEqual({
      a: {
        type: 'ITEM_ERROR',
        code: 'ITEM_LOGIN_REQUIRED',
        message:
          'Your password or something else has changed with your bank and you need to login again.',
      },
      b: { type: 'RATE_LIMIT_EXCEEDED', code: undefined, message: 'm' },
    });
    onAccountSyncStatus(store, { id: 'a', failed: false });
    expect(Object.keys(store.get().failedAccounts)).toEqual(['b']);
  });
});
