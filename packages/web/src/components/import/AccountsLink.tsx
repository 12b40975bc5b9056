import { useEffect, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import type { AccountsProvider, ExternalAccount } from './bank-provider.ts';
import { accountsFailedText } from './link-logic.ts';
import './bank.css';

type State =
  | { kind: 'loading' }
  | { kind: 'error'; text: string }
  | { kind: 'ok'; accounts: ExternalAccount[] };

/**
 * A provider that already reaches the person's banks (SimpleFIN: the consent was given at the
 * Bridge): its accounts are asked for at once and handed on to the choice of where each goes.
 * A refusal says why and offers the set-up again.
 */
export function AccountsLink({
  provider,
  setUpProvider,
  attempt,
  onAccounts,
}: {
  provider: AccountsProvider;
  setUpProvider: () => void;
  attempt: number;
  onAccounts: (accounts: ExternalAccount[]) => void;
}) {
  const store = useStore();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    void provider.listAccounts(store.backend).then((res) => {
      if (!current) return;
      setState(
        res.ok
          ? { kind: 'ok', accounts: res.value }
          : { kind: 'error', text: accountsFailedText(provider.name, res.error) },
      );
    });
    return () => {
      current = false;
    };
  }, [store, provider, attempt]);

  if (state.kind === 'loading') {
    return (
      <div className="bank-waiting" role="status">
        <Spinner label="Loading accounts" />
        <span className="bank-waiting-title">Loading accounts from {provider.name}...</span>
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <>
        <ErrorText as="p">{state.text}</ErrorText>
        <div className="row">
          <Button type="button" variant="primary" onClick={setUpProvider}>
            Set up {provider.name} again
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <p>
        {state.accounts.length === 1
          ? `${provider.name} reaches 1 account.`
          : `${provider.name} reaches ${state.accounts.length} accounts.`}{' '}
        Choose next where each one goes.
      </p>
      <div className="bank-link-actions">
        <Button
          type="button"
          variant="primary"
          className="bank-big-button"
          autoFocus
          onClick={() => onAccounts(state.accounts)}
        >
          Choose accounts →
        </Button>
        <Button type="button" onClick={setUpProvider}>
          Set new setup token
        </Button>
      </div>
    </>
  );
}
