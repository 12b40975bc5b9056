import type { NavigateFunction } from 'react-router';
import type { AppStore } from '../../store/store.ts';

/**
 * Starts linking a bank (the register's account menu, the connection-problem banner's
 * Reauthorize): the Link Your Bank modal, which checks the provider's setup, lets the user
 * choose a bank, waits for the consent in the browser, then asks which accounts to link.
 * `upgradingAccountId` links (or links again) that account; `replace` takes the place of the
 * modal that asked (Add Account). Once linked, the app shows the
 * account. Kept tiny: the register loads it with its page; the modals load with their use.
 */
export function startBankLink(
  store: AppStore,
  navigate: NavigateFunction,
  {
    upgradingAccountId,
    replace = false,
    provider,
    syncSource,
  }: {
    upgradingAccountId?: string;
    replace?: boolean;
    /** The provider to link through (else the modal offers the choice). */
    provider?: string;
    /** Relinking a linked account: its `account_sync_source` names its provider. */
    syncSource?: string | null;
  } = {},
): void {
  const options = {
    upgradingAccountId: upgradingAccountId ?? null,
    ...(provider ? { provider } : {}),
    ...(syncSource !== undefined ? { syncSource } : {}),
    onLinked: (accountId: string | null) =>
      navigate(accountId ? `/accounts/${accountId}` : '/accounts'),
  };
  // From Add Account the link takes that modal's place.
  if (replace) store.replaceModal('gocardless-external-msg', options);
  else store.pushModal('gocardless-external-msg', options);
}
