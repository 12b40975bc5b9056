import { useState } from 'react';
import { useStore } from '../../store/context.ts';
import { failureOf } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { SecretField, SetupForm, useSetupForm } from '../kit/ui/SetupForm.tsx';
import { BOTH_SECRETS } from './link-logic.ts';
import './bank.css';

/**
 * Set-up GoCardless (gocardless-init): the secret id and secret key of the user's GoCardless
 * Bank Account Data credentials, stored on the server (never in the budget).
 */
export function GoCardlessInitModal({ options, active, close }: ModalProps<'gocardless-init'>) {
  const store = useStore();
  const [secretId, setSecretId] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const form = useSetupForm(async () => {
    if (!secretId.trim() || !secretKey.trim()) return BOTH_SECRETS;
    const results = [
      await store.backend.send('secret-set', {
        name: 'gocardless_secretId',
        value: secretId.trim(),
      }),
      await store.backend.send('secret-set', {
        name: 'gocardless_secretKey',
        value: secretKey.trim(),
      }),
    ];
    const failed = results.map(failureOf).find(Boolean);
    if (failed) return `The secrets could not be saved on the server: ${failed.message}`;
    options.onSuccess?.();
    close();
    return null;
  });
  const missing = (value: string) => form.error === BOTH_SECRETS && !value.trim();

  return (
    <SetupForm
      title="Set-up GoCardless"
      active={active}
      onClose={close}
      error={form.error}
      busy={form.busy}
      onSubmit={form.submit}
      busyText="Saving..."
      intro="Bank sync through GoCardless (for banks in Europe) needs your own GoCardless Bank Account Data credentials. Create them in your GoCardless account, then enter them here. They are kept on your Coffer server, not in the budget."
    >
      <SecretField
        label="Secret ID:"
        name="secret-id"
        value={secretId}
        onChange={setSecretId}
        invalid={missing(secretId)}
      />
      <SecretField
        label="Secret Key:"
        name="secret-key"
        kind="password"
        value={secretKey}
        onChange={setSecretKey}
        invalid={missing(secretKey)}
      />
    </SetupForm>
  );
}

export default GoCardlessInitModal;
