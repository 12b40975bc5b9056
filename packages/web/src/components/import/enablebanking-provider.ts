/**
 * Enable Banking as a link provider: PSD2 access to European banks. The person chooses a
 * country and a bank (with its logo and longest consent), consents at the bank, and the bank
 * sends the browser to the Coffer server's callback, which completes the consent; the app
 * meanwhile waits on the server's long poll.
 */
import { isFailure } from '../../backend/backend.ts';
import {
  type Bank,
  type ConsentProvider,
  type ExternalAccount,
  type WaitError,
  failure,
} from './bank-provider.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** A bank (ASPSP) as Enable Banking sends it; its name is its id. */
export function aspspBank(value: unknown): Bank | null {
  const raw = record(value);
  const name = text(raw.name);
  if (!name) return null;
  const logo = text(raw.logo);
  const max = raw.maximum_consent_validity;
  return {
    id: name,
    name,
    ...(logo && /^https:\/\//.test(logo) ? { logo } : {}),
    ...(typeof max === 'number' && max > 0 ? { maxConsentSeconds: max } : {}),
  };
}

/** The consent's length the bank allows, in days (Enable Banking caps it at 90 days). */
export const consentDays = (bank: Bank): number | null =>
  bank.maxConsentSeconds ? Math.min(90, Math.floor(bank.maxConsentSeconds / 86_400)) : null;

function externalAccount(value: unknown): ExternalAccount | null {
  const raw = record(value);
  const id = text(raw.account_id);
  if (!id) return null;
  return {
    account_id: id,
    name: text(raw.name) ?? id,
    institution: { name: text(raw.institution) ?? undefined },
    ...(text(raw.iban) ? { mask: text(raw.iban)!.slice(-4) } : {}),
  };
}

export const enableBanking: ConsentProvider = {
  id: 'enablebanking',
  name: 'Enable Banking',
  flow: 'consent',
  syncSource: 'enableBanking',
  reach: 'Banks in Europe (PSD2), through Enable Banking.',
  howTo:
    'Needs an Enable Banking application: register one at enablebanking.com, then enter its application id and its private key (PEM).',
  setupModal: 'enablebanking-init',

  async status(backend) {
    const res = await backend.send('enablebanking-status');
    if (isFailure(res)) return failure(res);
    return { ok: true, value: { configured: res.configured } };
  },

  async banks(backend, country) {
    const res = await backend.send('enablebanking-aspsps', { country });
    if (isFailure(res)) return failure(res);
    const list = 'aspsps' in res && Array.isArray(res.aspsps) ? res.aspsps : null;
    if (!list) return failure(res);
    return { ok: true, value: list.map(aspspBank).filter((b) => b !== null) };
  },

  async startLink(backend, { bank, country, serverUrl }) {
    if (!serverUrl) return { ok: false, error: 'no-server' };
    const res = await backend.send('enablebanking-start-auth', {
      aspspId: bank.id,
      country,
      // The bank sends the browser to the server, which completes the consent.
      redirectUrl: `${serverUrl.replace(/\/+$/, '')}/enablebanking/auth_callback`,
      ...(bank.maxConsentSeconds ? { maxConsentValidity: bank.maxConsentSeconds } : {}),
    });
    if (isFailure(res)) return failure(res);
    const url = text(res.url);
    const state = text(res.state);
    if (!url || !state) return failure(res);
    return { ok: true, value: { url, linkId: state } };
  },

  async waitForLink(backend, { linkId }) {
    const res = await backend.send('enablebanking-poll-auth', { state: linkId });
    if (isFailure(res)) return { ok: false, error: 'unknown', reason: 'unknown' };
    if (Array.isArray(res.accounts)) {
      const accounts = res.accounts.map(externalAccount).filter((a) => a !== null);
      return { ok: true, value: { linkId: text(res.session_id) ?? linkId, accounts } };
    }
    const reason: WaitError =
      res.error === 'stopped' || res.error === 'timeout' ? res.error : 'unknown';
    return { ok: false, error: reason, reason };
  },

  async stopWaiting(backend, linkId) {
    if (linkId) await backend.send('enablebanking-poll-auth-stop', { state: linkId });
  },

  async linkAccount(backend, { account, existingAccountId, offBudget }) {
    const inst = account.institution;
    const res = await backend.send('enablebanking-accounts-link', {
      externalAccount: {
        account_id: account.account_id,
        name: account.name ?? null,
        institution: typeof inst === 'string' ? inst : (inst?.name ?? null),
      },
      upgradingId: existingAccountId,
      offBudget,
    });
    return isFailure(res) ? failure(res) : { ok: true, value: null };
  },
};
