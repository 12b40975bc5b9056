/**
 * A bank-data provider as the link screens use it. The screens (choose a bank, wait for the
 * consent in the browser, choose which accounts to link, the connection-problem banner) are
 * written against this; GoCardless, the spec's flow, is the first adapter. Another provider is
 * one more object of this shape (and its handlers in the core), not new screens.
 */
import type { Backend } from '../../backend/backend.ts';
import { failureOf, isFailure } from '../../backend/backend.ts';

export interface Bank {
  id: string;
  name: string;
  /** The bank's logo, when the provider has one (Enable Banking). */
  logo?: string;
  /** The longest consent the bank gives, in seconds (Enable Banking). */
  maxConsentSeconds?: number;
}

/** A bank account the user allowed access to, as the server normalised it. */
export interface ExternalAccount {
  account_id: string;
  name?: string;
  official_name?: string;
  mask?: string;
  institution?: { id?: string; name?: string } | string;
  [field: string]: unknown;
}

export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/** Why waiting for the consent ended without accounts. */
export type WaitError = 'timeout' | 'unknown' | 'stopped';

/** What every provider has: its names, its set-up, and linking one account. */
interface ProviderBase {
  id: string;
  /** The provider's name, as the screens say it. */
  name: string;
  /** Actual's `accounts.account_sync_source` for the provider's links. */
  syncSource: string;
  /** Which banks it reaches, as the provider choice says it. */
  reach: string;
  /** How a person gets what the set-up asks for, as the provider choice says it. */
  howTo: string;
  /** The modal that stores the provider's secrets on the server (props: `{ onSuccess }`). */
  setupModal: 'gocardless-init' | 'simplefin-init' | 'enablebanking-init';
  /** Whether the server holds the provider's secrets; an error when there is no server. */
  status(backend: Backend): Promise<Answer<{ configured: boolean }>>;
  /** Links one bank account to an existing account, or to a new one; syncs it at once. */
  linkAccount(
    backend: Backend,
    args: {
      linkId: string;
      account: ExternalAccount;
      existingAccountId: string | null;
      offBudget: boolean;
    },
  ): Promise<Answer<null>>;
}

/** A provider whose link goes through a consent at the bank (GoCardless, Enable Banking). */
export interface ConsentProvider extends ProviderBase {
  flow: 'consent';
  banks(backend: Backend, country: string): Promise<Answer<Bank[]>>;
  /** Starts a consent at the bank: the page to open, and the link's id. */
  startLink(
    backend: Backend,
    args: {
      bank: Bank;
      country: string;
      upgradingAccountId: string | null;
      /** The Coffer server the app uses (where a bank can send the browser back). */
      serverUrl: string | null;
    },
  ): Promise<Answer<{ url: string; linkId: string }>>;
  /** Waits until the user finished at the bank (the core polls the server). */
  waitForLink(
    backend: Backend,
    args: { linkId: string; upgradingAccountId: string | null },
  ): Promise<Answer<{ linkId: string; accounts: ExternalAccount[] }> & { reason?: WaitError }>;
  /** Stops waiting (the modal closed); `linkId` is the consent waited on, when one started. */
  stopWaiting(backend: Backend, linkId: string | null): Promise<void>;
}

/** A provider that lists the accounts it already reaches, without a consent (SimpleFIN). */
export interface AccountsProvider extends ProviderBase {
  flow: 'accounts';
  /** The accounts, or the provider's error code (e.g. `INVALID_ACCESS_TOKEN`). */
  listAccounts(backend: Backend): Promise<Answer<ExternalAccount[]>>;
}

export type BankProvider = ConsentProvider | AccountsProvider;

/** Consent is asked for 30 days (spec: bank access validity). */
export const ACCESS_VALID_FOR_DAYS = 30;

/** A refusal as the provider's answer: the core's failure text, or the bank's own error. */
export const failure = (res: object, fallback = 'unknown'): { ok: false; error: string } => {
  const error = failureOf(res);
  if (error) return { ok: false, error: error.message };
  const bankError = 'error' in res && typeof res.error === 'string' ? res.error : null;
  return { ok: false, error: bankError ?? fallback };
};

/** The server relays the bank list as it came; only entries with an id and a name are banks. */
const isBank = (value: unknown): value is Bank =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  typeof value.id === 'string' &&
  'name' in value &&
  typeof value.name === 'string';

export const goCardless: ConsentProvider = {
  id: 'gocardless',
  name: 'GoCardless',
  flow: 'consent',
  syncSource: 'goCardless',
  reach: 'Banks in the UK and the European Economic Area.',
  howTo:
    'Needs the secret id and key of a GoCardless Bank Account Data account (GoCardless no longer takes new sign-ups).',
  setupModal: 'gocardless-init',

  async status(backend) {
    const res = await backend.send('gocardless-status');
    if (isFailure(res)) return failure(res);
    return { ok: true, value: { configured: res.configured } };
  },

  async banks(backend, country) {
    const res = await backend.send('gocardless-get-banks', { country });
    if (isFailure(res) || !res.data) return failure(res);
    return { ok: true, value: res.data.filter(isBank) };
  },

  async startLink(backend, { bank, upgradingAccountId }) {
    const res = await backend.send('gocardless-create-web-token', {
      upgradingAccountId,
      institutionId: bank.id,
      accessValidForDays: ACCESS_VALID_FOR_DAYS,
    });
    if (isFailure(res) || !res.link || !res.requisitionId) return failure(res);
    return { ok: true, value: { url: res.link, linkId: res.requisitionId } };
  },

  async waitForLink(backend, { linkId, upgradingAccountId }) {
    const res = await backend.send('gocardless-poll-web-token', {
      upgradingAccountId,
      requisitionId: linkId,
    });
    if (isFailure(res)) return { ok: false, error: 'unknown', reason: 'unknown' };
    if ('data' in res && Array.isArray(res.data.accounts)) {
      const id = typeof res.data.id === 'string' ? res.data.id : linkId;
      return { ok: true, value: { linkId: id, accounts: res.data.accounts } };
    }
    const reason: WaitError =
      'error' in res && (res.error === 'timeout' || res.error === 'stopped')
        ? res.error
        : 'unknown';
    return { ok: false, error: reason, reason };
  },

  async stopWaiting(backend) {
    await backend.send('gocardless-poll-web-token-stop');
  },

  async linkAccount(backend, { linkId, account, existingAccountId, offBudget }) {
    const res = await backend.send('gocardless-accounts-link', {
      requisitionId: linkId,
      account,
      upgradingId: existingAccountId,
      offBudget,
    });
    return isFailure(res) ? failure(res) : { ok: true, value: null };
  },
};
