import { useRef, useState } from 'react';
import { useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Modal } from '../kit/ui/Modal.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { AccountsLink } from './AccountsLink.tsx';
import type { BankProvider, ExternalAccount } from './bank-provider.ts';
import { ConsentLink } from './ConsentLink.tsx';
import type { LinkedData } from './ExternalLinkWait.tsx';
import { notConfiguredText } from './link-logic.ts';
import { noServerText, useProviderSetup } from './provider-setup.ts';
import { ProviderChoice } from './ProviderChoice.tsx';
import { providerById, providerOfAccount } from './providers.ts';
import './bank.css';

/**
 * Link Your Bank (gocardless-external-msg): without a provider, the choice of providers the
 * server has set up (and how to set up the others); then the chosen provider's way to the
 * accounts: a consent at the bank (GoCardless, Enable Banking) or the accounts the provider
 * already reaches (SimpleFIN). Relinking an account goes straight to its own provider.
 * Closing it stops any waiting.
 */
export function LinkBankModal({ options, active, close }: ModalProps<'gocardless-external-msg'>) {
  const store = useStore();
  const upgradingAccountId = options.upgradingAccountId ?? null;
  const [provider, setProvider] = useState<BankProvider | null>(() =>
    options.syncSource !== undefined
      ? providerOfAccount(options.syncSource ?? null)
      : providerById(options.provider),
  );
  const linkId = useRef<string | null>(null);
  const stopped = useRef(false);

  function toAccounts(chosen: BankProvider, data: LinkedData) {
    // The accounts are known: the choice of where each goes takes this modal's place.
    store.replaceModal('select-linked-accounts', {
      provider: chosen.id,
      externalAccounts: data.accounts,
      requisitionId: data.linkId,
      upgradingAccountId,
      onLinked: options.onLinked,
    });
  }

  const onClose = () => {
    if (!stopped.current && provider?.flow === 'consent') {
      stopped.current = true;
      void provider.stopWaiting(store.backend, linkId.current);
    }
    close();
  };

  return (
    <Modal title="Link Your Bank" onClose={onClose} active={active} width={600}>
      <div className="stack bank-link">
        {provider ? (
          <ProviderLink
            key={provider.id}
            provider={provider}
            upgradingAccountId={upgradingAccountId}
            onLinkId={(id) => (linkId.current = id)}
            onAccounts={(accounts: ExternalAccount[], id = '') =>
              toAccounts(provider, { linkId: id, accounts })
            }
            onOther={() => {
              // Going back to the choice ends any consent still waited on.
              if (provider.flow === 'consent' && linkId.current) {
                void provider.stopWaiting(store.backend, linkId.current);
              }
              linkId.current = null;
              setProvider(null);
            }}
          />
        ) : (
          <>
            <p>
              Coffer links banks through a bank-data provider that your Coffer server keeps the
              secrets of. Choose the one that reaches your bank.
            </p>
            <ProviderChoice onChoose={setProvider} onConfigured={setProvider} />
          </>
        )}
      </div>
    </Modal>
  );
}

/** One provider's part of Link Your Bank: its setup checked, then its way to the accounts. */
function ProviderLink({
  provider,
  upgradingAccountId,
  onLinkId,
  onAccounts,
  onOther,
}: {
  provider: BankProvider;
  upgradingAccountId: string | null;
  onLinkId: (id: string) => void;
  onAccounts: (accounts: ExternalAccount[], linkId?: string) => void;
  onOther: () => void;
}) {
  const store = useStore();
  const [setup, setSetup] = useProviderSetup(provider);
  const [attempt, setAttempt] = useState(0);
  const setUpProvider = () =>
    store.pushModal(provider.setupModal, {
      onSuccess: () => {
        setSetup({ kind: 'ready', configured: true });
        setAttempt((n) => n + 1);
      },
    });
  return (
    <>
      <p>
        {provider.flow === 'consent'
          ? `To link a bank account you go to your bank’s own page, where ${provider.name} asks your bank for read-only access. ${provider.name} cannot move money out of your accounts.`
          : `${provider.name} reads the accounts you connected at the SimpleFIN Bridge, read-only. It cannot move money out of your accounts.`}{' '}
        <Button type="button" variant="link" onClick={onOther}>
          Use another provider
        </Button>
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
          <p className="subdued">{provider.howTo}</p>
          <div>
            <Button type="button" variant="primary" onClick={setUpProvider}>
              Configure {provider.name} integration
            </Button>
          </div>
        </>
      )}
      {setup.kind === 'ready' &&
        setup.configured &&
        (provider.flow === 'consent' ? (
          <ConsentLink
            provider={provider}
            upgradingAccountId={upgradingAccountId}
            setUpProvider={setUpProvider}
            attempt={attempt}
            onLinkId={onLinkId}
            onLinked={(data) => onAccounts(data.accounts, data.linkId)}
          />
        ) : (
          <AccountsLink
            provider={provider}
            setUpProvider={setUpProvider}
            attempt={attempt}
            onAccounts={onAccounts}
          />
        ))}
    </>
  );
}

export default LinkBankModal;
