import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { Autocomplete } from '../kit/ui/Autocomplete.tsx';
import { listSuggestions } from '../kit/ui/autocomplete-logic.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { Modal } from '../kit/ui/Modal.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { type Bank, providerById } from './bank-provider.ts';
import { COUNTRIES } from './countries.ts';
import { ExternalLinkWait, type LinkedData } from './ExternalLinkWait.tsx';
import { banksFailedText, notConfiguredText } from './link-logic.ts';
import { noServerText, useProviderSetup } from './provider-setup.ts';
import './bank.css';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

type BankList =
  { kind: 'none' } | { kind: 'loading' } | { kind: 'error' } | { kind: 'ok'; banks: Bank[] };

const COUNTRY_ITEMS = COUNTRIES.map((c) => ({ id: c.id, label: c.name }));

/**
 * Link Your Bank (gocardless-external-msg): checks the provider is set up (or offers to set it
 * up), lets the user choose a country and a bank, then waits while the user consents at the
 * bank in the browser (ExternalLinkWait). Closing it stops the waiting.
 */
export function LinkBankModal({ options, active, close }: ModalProps<'gocardless-external-msg'>) {
  const store = useStore();
  const provider = providerById(options.provider);
  const upgradingAccountId = options.upgradingAccountId ?? null;
  const [setup, setSetup] = useProviderSetup(provider);
  const [country, setCountry] = useState<string | null>(null);
  const [bank, setBank] = useState<Bank | null>(null);
  const [banks, setBanks] = useState<BankList>({ kind: 'none' });
  const [started, setStarted] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!country || setup.kind !== 'ready' || !setup.configured) return;
    let current = true;
    setBanks({ kind: 'loading' });
    setBank(null);
    void provider.banks(store.backend, country).then((res) => {
      if (current) setBanks(res.ok ? { kind: 'ok', banks: res.value } : { kind: 'error' });
    });
    return () => {
      current = false;
    };
  }, [store, provider, country, setup, attempt]);

  const setUpProvider = () =>
    store.pushModal(provider.setupModal, {
      onSuccess: () => {
        setSetup({ kind: 'ready', configured: true });
        setAttempt((n) => n + 1);
      },
    });

  const bankItems = useMemo(
    () => (banks.kind === 'ok' ? banks.banks.map((b) => ({ id: b.id, label: b.name })) : []),
    [banks],
  );

  function onLinked(data: LinkedData) {
    // The consent is done: the waiting modal gives way to the choice of accounts.
    store.replaceModal('select-linked-accounts', {
      provider: provider.id,
      externalAccounts: data.accounts,
      requisitionId: data.linkId,
      upgradingAccountId,
      onLinked: options.onLinked,
    });
  }

  const stopRef = useRef(false);
  const onClose = () => {
    if (!stopRef.current) {
      stopRef.current = true;
      void provider.stopWaiting(store.backend);
    }
    close();
  };

  return (
    <Modal title="Link Your Bank" onClose={onClose} active={active} width={560}>
      <div className="stack bank-link">
        <p>
          To link a bank account you go to your bank’s own page, where {provider.name} asks your
          bank for read-only access. {provider.name} cannot move money out of your accounts.
        </p>
        {setup.kind === 'checking' && (
          <div className="bank-busy">
            <Spinner small label="Checking" /> Checking the {provider.name} setup…
          </div>
        )}
        {setup.kind === 'no-server' && <ErrorText as="p">{noServerText(provider.name)}</ErrorText>}
        {setup.kind === 'ready' && !setup.configured && (
          <>
            <ErrorText as="p">{notConfiguredText(provider.name)}</ErrorText>
            <div>
              <Button type="button" variant="primary" onClick={setUpProvider}>
                Configure {provider.name} integration
              </Button>
            </div>
          </>
        )}
        {setup.kind === 'ready' && setup.configured && (
          <>
            {!started && (
              <>
                <label className="field">
                  Choose your country:
                  <Autocomplete
                    label="Country"
                    value={country}
                    valueLabel={COUNTRIES.find((c) => c.id === country)?.name ?? ''}
                    placeholder="(please select)"
                    clearable={false}
                    style={{ width: '100%', padding: 0 }}
                    suggest={(text, typed) => listSuggestions(COUNTRY_ITEMS, text, typed, country)}
                    onCommit={(item) => {
                      if (item && item.id !== country) setCountry(item.id);
                    }}
                  />
                </label>
                {banks.kind === 'error' && (
                  <ErrorText as="p">
                    {banksFailedText(provider.name)}. Please{' '}
                    <Button type="button" variant="link" onClick={setUpProvider}>
                      set them up
                    </Button>{' '}
                    again.
                  </ErrorText>
                )}
                {banks.kind === 'loading' && (
                  <div className="bank-busy">
                    <Spinner small label="Loading banks" /> Loading banks...
                  </div>
                )}
                {banks.kind === 'ok' && (
                  <label className="field">
                    Choose your bank:
                    <Autocomplete
                      label="Bank"
                      value={bank?.id ?? null}
                      valueLabel={bank?.name ?? ''}
                      placeholder="(please select)"
                      clearable={false}
                      autoFocus
                      style={{ width: '100%', padding: 0 }}
                      suggest={(text, typed) =>
                        listSuggestions(bankItems, text, typed, bank?.id ?? null)
                      }
                      onCommit={(item) => {
                        const picked = banks.banks.find((b) => b.id === item?.id);
                        if (picked) setBank(picked);
                      }}
                    />
                  </label>
                )}
                <p className="bank-warning">
                  Linking gives {provider.name}, a third-party service not part of Coffer, read-only
                  access to the whole transaction history of the accounts you choose at your bank.
                  Read {provider.name}’s privacy policy before you go on.
                </p>
              </>
            )}
            <div className="bank-link-actions">
              <ExternalLinkWait
                provider={provider}
                label="Link bank in browser →"
                disabled={!country || !bank}
                start={() =>
                  provider.startLink(store.backend, {
                    institutionId: bank!.id,
                    upgradingAccountId,
                  })
                }
                upgradingAccountId={upgradingAccountId}
                onStarted={() => setStarted(true)}
                onRetry={() => setStarted(false)}
                onLinked={onLinked}
              />
              {!started && (
                <MenuButton
                  label="⋯"
                  ariaLabel={`${provider.name} options`}
                  items={[{ name: 'reconfigure', text: 'Set new API secrets' }]}
                  onSelect={(name) => name === 'reconfigure' && setUpProvider()}
                />
              )}
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

export default LinkBankModal;
