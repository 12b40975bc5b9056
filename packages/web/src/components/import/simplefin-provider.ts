/**
 * SimpleFIN Bridge as a link provider: the person pastes a setup token from the Bridge, the
 * server claims the access once, and the accounts the Bridge reaches are listed at once (the
 * consent was given at the Bridge, so there is no bank page to wait for).
 */
import { isFailure } from '../../backend/backend.ts';
import { type AccountsProvider, type ExternalAccount, failure } from './bank-provider.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A Bridge account (`{id, name, org: {name, domain, id}, balance}`) as the link screens list it. */
export function simpleFinAccount(value: unknown): ExternalAccount | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const id = text(raw.id);
  if (!id) return null;
  const org = (typeof raw.org === 'object' && raw.org !== null ? raw.org : {}) as Record<
    string,
    unknown
  >;
  return {
    account_id: id,
    name: text(raw.name) ?? id,
    institution: { name: text(org.name) ?? undefined },
    orgDomain: text(org.domain),
    orgId: text(org.id),
    balance: text(raw.balance),
  };
}

export const simpleFin: AccountsProvider = {
  id: 'simplefin',
  name: 'SimpleFIN',
  flow: 'accounts',
  syncSource: 'simpleFin',
  reach: 'Banks in the United States and Canada, through the SimpleFIN Bridge.',
  howTo:
    'Needs a setup token: sign up at the SimpleFIN Bridge (beta-bridge.simplefin.org), connect your banks there, then create a token for Coffer.',
  setupModal: 'simplefin-init',

  async status(backend) {
    const res = await backend.send('simplefin-status');
    if (isFailure(res)) return failure(res);
    return { ok: true, value: { configured: res.configured } };
  },

  async listAccounts(backend) {
    const res = await backend.send('simplefin-accounts');
    if (isFailure(res)) return failure(res);
    if ('accounts' in res && Array.isArray(res.accounts)) {
      const accounts = res.accounts.map(simpleFinAccount).filter((a) => a !== null);
      return { ok: true, value: accounts };
    }
    return { ok: false, error: ('error_code' in res && res.error_code) || 'UNKNOWN' };
  },

  async linkAccount(backend, { account, existingAccountId, offBudget }) {
    const inst = account.institution;
    const res = await backend.send('simplefin-accounts-link', {
      externalAccount: {
        account_id: account.account_id,
        name: account.name ?? null,
        institution: typeof inst === 'string' ? inst : (inst?.name ?? null),
        orgDomain: text(account.orgDomain),
        orgId: text(account.orgId),
      },
      upgradingId: existingAccountId,
      offBudget,
    });
    return isFailure(res) ? failure(res) : { ok: true, value: null };
  },
};
