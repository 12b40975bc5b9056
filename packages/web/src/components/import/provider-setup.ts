/**
 * Whether a bank provider can be used, from one place: the server's answer to the provider's
 * status call. Add Account and Link Your Bank both read it, so they never disagree about
 * whether linking is available.
 */
import { useEffect, useState } from 'react';
import { useStore } from '../../store/context.ts';
import type { Answer, BankProvider } from './bank-provider.ts';

export type ProviderSetup =
  { kind: 'checking' } | { kind: 'ready'; configured: boolean } | { kind: 'no-server' };

/** The setup a status answer means: no answer means there is no server to keep the secrets. */
export function setupOf(answer: Answer<{ configured: boolean }>): ProviderSetup {
  return answer.ok ? { kind: 'ready', configured: answer.value.configured } : { kind: 'no-server' };
}

/** Bank sync needs the server, which keeps the provider's secrets. */
export const noServerText = (provider: string) =>
  `Bank sync goes through a Coffer server, which keeps the ${provider} secrets. Use a server (see the server menu at the top) to link a bank.`;

/**
 * The provider's setup, asked of the server when the screen opens. The setter records a setup
 * just made (the secrets saved) without asking again.
 */
export function useProviderSetup(provider: BankProvider) {
  const store = useStore();
  const [setup, setSetup] = useState<ProviderSetup>({ kind: 'checking' });
  useEffect(() => {
    let current = true;
    void provider.status(store.backend).then((res) => {
      if (current) setSetup(setupOf(res));
    });
    return () => {
      current = false;
    };
  }, [store, provider]);
  return [setup, setSetup] as const;
}
