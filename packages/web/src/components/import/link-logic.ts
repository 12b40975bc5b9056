/**
 * The bank-link screens' rules, pure: the spec's texts, which failures offer a new consent,
 * and where each bank account goes in the Link Accounts modal.
 */
import type { AccountSyncFailure } from '../../store/types.ts';
import type { ExternalAccount, WaitError } from './bank-provider.ts';

export const LINK_TIMEOUT = 'Timed out. Please try again.';
export const LINK_FAILED = 'An error occurred while linking your account, sorry!';
export const BOTH_SECRETS = 'It is required to provide both the secret id and secret key.';
export const CONNECTION_PROBLEM = "This account is experiencing connection problems. Let's fix it.";
export const SERVER_RETURNED = 'The server returned the following error:';
export const LINK_SUCCESS = 'Success! Click to continue';

export const notConfiguredText = (provider: string) =>
  `${provider} integration has not yet been configured.`;

export const banksFailedText = (provider: string) =>
  `Failed loading available banks: ${provider} access credentials might be misconfigured`;

/** The text of a consent that did not finish; null when the user stopped it (closed). */
export function waitErrorText(reason: WaitError | string): string | null {
  if (reason === 'stopped') return null;
  return reason === 'timeout' ? LINK_TIMEOUT : LINK_FAILED;
}

/**
 * Failures a new consent at the bank fixes (spec: login required and invalid token offer
 * Unlink and Reauthorize; the others only Unlink account).
 */
export function offersReauthorize(failure: AccountSyncFailure): boolean {
  return failure.code === 'ITEM_LOGIN_REQUIRED' || failure.code === 'INVALID_ACCESS_TOKEN';
}

/** Where a bank account goes: nowhere, a new account (on or off budget), or an existing one. */
export type LinkTarget =
  { kind: 'skip' } | { kind: 'new'; offBudget: boolean } | { kind: 'existing'; accountId: string };

export interface LocalAccount {
  id: string;
  name: string;
  offbudget: number | boolean;
  closed: number | boolean;
  account_id?: string | null;
}

export const SKIP = 'skip';
export const NEW_ON = 'new';
export const NEW_OFF = 'new-off';

export function targetValue(target: LinkTarget): string {
  if (target.kind === 'skip') return SKIP;
  if (target.kind === 'new') return target.offBudget ? NEW_OFF : NEW_ON;
  return target.accountId;
}

export function targetFromValue(value: string): LinkTarget {
  if (value === SKIP) return { kind: 'skip' };
  if (value === NEW_ON || value === NEW_OFF) return { kind: 'new', offBudget: value === NEW_OFF };
  return { kind: 'existing', accountId: value };
}

/**
 * The first choice for each bank account: the account already linked to it (a new consent for
 * the same bank account), else, when linking for one account, that account for the first
 * bank account; else a new account, or nothing when linking for one account.
 */
export function initialTargets(
  external: readonly ExternalAccount[],
  local: readonly LocalAccount[],
  upgradingAccountId: string | null,
): LinkTarget[] {
  const taken = new Set<string>();
  const targets: (LinkTarget | null)[] = external.map((bank) => {
    const same = local.find((a) => !a.closed && a.account_id && a.account_id === bank.account_id);
    if (!same || taken.has(same.id)) return null;
    taken.add(same.id);
    return { kind: 'existing', accountId: same.id };
  });
  return targets.map((target) => {
    if (target) return target;
    if (upgradingAccountId && !taken.has(upgradingAccountId)) {
      taken.add(upgradingAccountId);
      return { kind: 'existing', accountId: upgradingAccountId };
    }
    return upgradingAccountId ? { kind: 'skip' } : { kind: 'new', offBudget: false };
  });
}

/** Open accounts a bank account can be linked to: each local account serves one at most. */
export function choosableAccounts(
  local: readonly LocalAccount[],
  targets: readonly LinkTarget[],
  index: number,
): LocalAccount[] {
  const usedElsewhere = new Set(
    targets.flatMap((t, i) => (i !== index && t.kind === 'existing' ? [t.accountId] : [])),
  );
  return local.filter((a) => !a.closed && !usedElsewhere.has(a.id));
}

/** A bank account's name as the list shows it: its name, then the last digits. */
export function externalLabel(account: ExternalAccount): string {
  const name = account.name || account.official_name || account.account_id;
  // The server's names often carry the last digits already ("Main (XXX 5555) GBP").
  return account.mask && !name.includes(account.mask) ? `${name} (…${account.mask})` : name;
}

export function institutionName(account: ExternalAccount): string | null {
  const inst = account.institution;
  if (!inst) return null;
  return typeof inst === 'string' ? null : (inst.name ?? null);
}

/** A setup token the Bridge refused (used before, or not a token at all). */
export const SIMPLEFIN_TOKEN_REFUSED =
  'This setup token cannot be used: it was already claimed, or it is not a SimpleFIN setup token. Create a new token at the SimpleFIN Bridge and paste it here.';
export const SIMPLEFIN_TOKEN_REQUIRED = 'Paste the setup token the SimpleFIN Bridge gave you.';
export const EB_BOTH_REQUIRED =
  'It is required to provide both the application id and the private key.';
export const EB_NOT_PEM =
  'The private key must be the PEM file Enable Banking gave you: it starts with “-----BEGIN PRIVATE KEY-----”.';
export const EB_REFUSED =
  'Enable Banking did not accept this application id and private key. Check that the key belongs to the application, and that the application is active.';

/**
 * Why a provider's accounts could not be listed, by its error code: a refused access needs a
 * new set-up; anything else is the provider being unreachable for now.
 */
export function accountsFailedText(provider: string, code: string): string {
  if (code === 'INVALID_ACCESS_TOKEN') {
    return `${provider} no longer accepts Coffer’s access. Create a new setup token and set ${provider} up again.`;
  }
  if (code === 'RATE_LIMIT_EXCEEDED') {
    return `${provider} has had too many requests. Please try again later.`;
  }
  return `${provider} could not be reached, or did not answer. Please try again later.`;
}
