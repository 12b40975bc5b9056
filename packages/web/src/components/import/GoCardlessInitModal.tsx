import { useState } from 'react';
import { useStore } from '../../store/context.ts';
import { failureOf } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { BOTH_SECRETS } from './link-logic.ts';
import './bank.css';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

/**
 * Set-up GoCardless (gocardless-init): the secret id and secret key of the user's GoCardless
 * Bank Account Data credentials, stored on the server (never in the budget).
 */
export function GoCardlessInitModal({ options, active, close }: ModalProps<'gocardless-init'>) {
  const store = useStore();
  const [secretId, setSecretId] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!secretId.trim() || !secretKey.trim()) {
      setError(BOTH_SECRETS);
      return;
    }
    setError(null);
    setBusy(true);
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
    setBusy(false);
    const failed = results.map(failureOf).find(Boolean);
    if (failed) {
      setError(`The secrets could not be saved on the server: ${failed.message}`);
      return;
    }
    options.onSuccess?.();
    close();
  }

  return (
    <Modal title="Set-up GoCardless" onClose={close} active={active} width={540}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p>
          Bank sync through GoCardless (for banks in Europe) needs your own GoCardless Bank Account
          Data credentials. Create them in your GoCardless account, then enter them here. They are
          kept on your Coffer server, not in the budget.
        </p>
        <label className="field">
          Secret ID:
          <input
            className="input"
            name="secret-id"
            autoComplete="off"
            spellCheck={false}
            value={secretId}
            onChange={(e) => setSecretId(e.target.value)}
            aria-invalid={error === BOTH_SECRETS && !secretId.trim()}
          />
        </label>
        <label className="field">
          Secret Key:
          <input
            className="input"
            name="secret-key"
            type="password"
            autoComplete="off"
            value={secretKey}
            onChange={(e) => setSecretKey(e.target.value)}
            aria-invalid={error === BOTH_SECRETS && !secretKey.trim()}
          />
        </label>
        {error && <ErrorText>{error}</ErrorText>}
        <DialogFooter>
          <Button type="button" variant="bare" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save and continue'}
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

export default GoCardlessInitModal;
