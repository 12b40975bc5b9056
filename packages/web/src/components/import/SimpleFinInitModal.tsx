import { useState } from 'react';
import { useStore } from '../../store/context.ts';
import { failureOf } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { SecretField, SetupForm, useSetupForm } from '../kit/ui/SetupForm.tsx';
import {
  accountsFailedText,
  SIMPLEFIN_TOKEN_REFUSED,
  SIMPLEFIN_TOKEN_REQUIRED,
} from './link-logic.ts';
import { simpleFin } from './simplefin-provider.ts';
import './bank.css';

/**
 * Set-up SimpleFIN (simplefin-init): the setup token from the SimpleFIN Bridge. The server
 * claims the access with it once (a token works only once) and keeps the access, never the
 * budget. A token the Bridge refuses is said so, and is not kept.
 */
export function SimpleFinInitModal({ options, active, close }: ModalProps<'simplefin-init'>) {
  const store = useStore();
  const [token, setToken] = useState('');
  const form = useSetupForm(async () => {
    const value = token.trim();
    if (!value) return SIMPLEFIN_TOKEN_REQUIRED;
    const saved = await store.backend.send('secret-set', { name: 'simplefin_token', value });
    const failed = failureOf(saved);
    if (failed) return `The setup token could not be saved on the server: ${failed.message}`;
    // The first accounts request claims the access: that is where a used token shows.
    const claimed = await simpleFin.listAccounts(store.backend);
    if (!claimed.ok) {
      const refused = claimed.error === 'INVALID_ACCESS_TOKEN';
      if (refused) await store.backend.send('secret-set', { name: 'simplefin_token', value: null });
      return refused ? SIMPLEFIN_TOKEN_REFUSED : accountsFailedText(simpleFin.name, claimed.error);
    }
    options.onSuccess?.();
    close();
    return null;
  });

  return (
    <SetupForm
      title="Set-up SimpleFIN"
      active={active}
      onClose={close}
      error={form.error}
      busy={form.busy}
      onSubmit={form.submit}
      busyText="Checking the token..."
      intro="SimpleFIN Bridge reaches banks in the United States and Canada. Connect your banks at the Bridge (beta-bridge.simplefin.org), create a setup token for Coffer there, and paste it here. Your Coffer server exchanges it once for read-only access, and keeps that access, not the budget."
    >
      <SecretField
        label="Setup token:"
        name="setup-token"
        value={token}
        onChange={setToken}
        invalid={!!form.error}
      />
    </SetupForm>
  );
}

export default SimpleFinInitModal;
