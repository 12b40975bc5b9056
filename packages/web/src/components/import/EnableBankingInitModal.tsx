import { useState } from 'react';
import { useStore } from '../../store/context.ts';
import { failureOf } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function loadKey(file: File | undefined) {
    if (file) setSecretKey(await file.text());
  }

  async function save() {
    if (!applicationId.trim() || !secretKey.trim()) return setError(EB_BOTH_REQUIRED);
    if (!looksLikePem(secretKey)) return setError(EB_NOT_PEM);
    setError(null);
    setBusy(true);
    const res = await store.backend.send('enablebanking-configure', {
      applicationId: applicationId.trim(),
      secretKey: secretKey.trim(),
    });
    setBusy(false);
    const failed = failureOf(res);
    if (failed) return setError(`The key could not be saved on the server: ${failed.message}`);
    if (!('configured' in res) || res.configured !== true) return setError(EB_REFUSED);
    options.onSuccess?.();
    close();
  }

  return (
    <Modal title="Set-up Enable Banking" onClose={close} active={active} width={560}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p>
          Enable Banking reaches banks across Europe. Register an application in the Enable Banking
          control panel (enablebanking.com), then enter its application id and the private key file
          it gave you. They are kept on your Coffer server, not in the budget.
        </p>
        <label className="field">
          Application ID:
          <input
            className="input"
            name="application-id"
            autoComplete="off"
            spellCheck={false}
            value={applicationId}
            onChange={(e) => setApplicationId(e.target.value)}
            aria-invalid={error === EB_BOTH_REQUIRED && !applicationId.trim()}
          />
        </label>
        <label className="field">
          Private key (PEM):
          <textarea
            className="input bank-pem"
            name="private-key"
            rows={5}
            autoComplete="off"
            spellCheck={false}
            placeholder="-----BEGIN PRIVATE KEY-----"
            value={secretKey}
            onChange={(e) => setSecretKey(e.target.value)}
            aria-invalid={error === EB_NOT_PEM || (error === EB_BOTH_REQUIRED && !secretKey.trim())}
          />
        </label>
        <label className="field">
          Or read the key from its file:
          <input
            type="file"
            name="private-key-file"
            accept=".pem,.key,application/x-pem-file"
            onChange={(e) => void loadKey(e.target.files?.[0])}
          />
        </label>
        {error && <ErrorText>{error}</ErrorText>}
        <DialogFooter>
          <Button type="button" variant="bare" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Checking the key...' : 'Save and continue'}
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

export default EnableBankingInitModal;
