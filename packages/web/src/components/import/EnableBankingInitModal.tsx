import { useState } from 'react';
import { useStore } from '../../store/context.ts';
import { failureOf } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { SecretField, SetupForm, useSetupForm } from '../kit/ui/SetupForm.tsx';
import { EB_BOTH_REQUIRED, EB_NOT_PEM, EB_REFUSED } from './link-logic.ts';
import './bank.css';

/** The one check of a pasted key: a PEM block, as Enable Banking hands the key out. */
export const looksLikePem = (key: string) =>
  /^-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+-----END [A-Z ]*PRIVATE KEY-----$/.test(key.trim());

/**
 * Set-up Enable Banking (enablebanking-init): the application's id and its private key (PEM).
 * The server signs a request with them before it keeps them, so a wrong pair is said here.
 */
export function EnableBankingInitModal({
  options,
  active,
  close,
}: ModalProps<'enablebanking-init'>) {
  const store = useStore();
  const [applicationId, setApplicationId] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const form = useSetupForm(async () => {
    if (!applicationId.trim() || !secretKey.trim()) return EB_BOTH_REQUIRED;
    if (!looksLikePem(secretKey)) return EB_NOT_PEM;
    const res = await store.backend.send('enablebanking-configure', {
      applicationId: applicationId.trim(),
      secretKey: secretKey.trim(),
    });
    const failed = failureOf(res);
    if (failed) return `The key could not be saved on the server: ${failed.message}`;
    if (!('configured' in res) || res.configured !== true) return EB_REFUSED;
    options.onSuccess?.();
    close();
    return null;
  });
  const missing = (value: string) => form.error === EB_BOTH_REQUIRED && !value.trim();

  return (
    <SetupForm
      title="Set-up Enable Banking"
      width={560}
      active={active}
      onClose={close}
      error={form.error}
      busy={form.busy}
      onSubmit={form.submit}
      busyText="Checking the key..."
      intro="Enable Banking reaches banks across Europe. Register an application in the Enable Banking control panel (enablebanking.com), then enter its application id and the private key file it gave you. They are kept on your Coffer server, not in the budget."
    >
      <SecretField
        label="Application ID:"
        name="application-id"
        value={applicationId}
        onChange={setApplicationId}
        invalid={missing(applicationId)}
      />
      <SecretField
        label="Private key (PEM):"
        name="private-key"
        kind="multiline"
        className="bank-pem"
        placeholder="-----BEGIN PRIVATE KEY-----"
        value={secretKey}
        onChange={setSecretKey}
        invalid={form.error === EB_NOT_PEM || missing(secretKey)}
      />
      <label className="field">
        Or read the key from its file:
        <input
          type="file"
          name="private-key-file"
          accept=".pem,.key,application/x-pem-file"
          onChange={(e) => void e.target.files?.[0]?.text().then(setSecretKey)}
        />
      </label>
    </SetupForm>
  );
}

export default EnableBankingInitModal;
