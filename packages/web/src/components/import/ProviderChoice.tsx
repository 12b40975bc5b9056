import { useEffect, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import type { BankProvider } from './bank-provider.ts';
import { notConfiguredText } from './link-logic.ts';
import { type ProviderSetup, noServerText, setupOf } from './provider-setup.ts';
import { BANK_PROVIDERS } from './providers.ts';
import './bank.css';

/** Every provider's setup, asked of the server at once; `mark` records one just configured. */
function useSetups() {
  const store = useStore();
  const [setups, setSetups] = useState<Record<string, ProviderSetup>>({});
  useEffect(() => {
    let current = true;
    for (const provider of BANK_PROVIDERS) {
      void provider.status(store.backend).then((res) => {
        if (current) setSetups((s) => ({ ...s, [provider.id]: setupOf(res) }));
      });
    }
    return () => {
      current = false;
    };
  }, [store]);
  const mark = (id: string) =>
    setSetups((s) => ({ ...s, [id]: { kind: 'ready', configured: true } }));
  return [setups, mark] as const;
}

/**
 * The providers a bank can be linked through, each with what the server says of it: a
 * configured one offers 'Link with …'; one not configured says what it needs and offers its
 * set-up modal (once saved, `onConfigured` may go on with it). Link Your Bank and Add Account
 * both show it.
 */
export function ProviderChoice({
  onChoose,
  onConfigured,
}: {
  onChoose: (provider: BankProvider) => void;
  onConfigured?: (provider: BankProvider) => void;
}) {
  const store = useStore();
  const [setups, mark] = useSetups();
  const all = BANK_PROVIDERS.map((p) => setups[p.id]);
  if (all.some((s) => s?.kind === 'no-server')) {
    return <p className="subdued">{noServerText('bank providers’')}</p>;
  }
  if (all.some((s) => !s || s.kind === 'checking')) {
    return (
      <p className="bank-busy" role="status">
        <Spinner small label="Checking" /> Checking which bank providers the server has set up…
      </p>
    );
  }
  const configure = (provider: BankProvider) =>
    store.pushModal(provider.setupModal, {
      onSuccess: () => {
        mark(provider.id);
        onConfigured?.(provider);
      },
    });
  return (
    <ul className="bank-providers" aria-label="Bank providers">
      {BANK_PROVIDERS.map((provider) => {
        const setup = setups[provider.id];
        const configured = setup?.kind === 'ready' && setup.configured;
        return (
          <li key={provider.id} className="bank-provider">
            <div className="bank-provider-text">
              <span className="bank-provider-name">{provider.name}</span>
              <span className="subdued">{provider.reach}</span>
              {!configured && (
                <>
                  <span className="bank-provider-missing">{notConfiguredText(provider.name)}</span>
                  <span className="subdued">{provider.howTo}</span>
                </>
              )}
            </div>
            {configured ? (
              <Button type="button" variant="primary" onClick={() => onChoose(provider)}>
                Link with {provider.name}
              </Button>
            ) : (
              <Button type="button" onClick={() => configure(provider)}>
                Configure {provider.name} integration
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
