import { useState } from 'react';
import { useStore } from '../../store/context.ts';
import { failureOf } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    const value = token.trim();
    if (!value) {
      setError(SIMPLEFIN_TOKEN_REQUIRED);
      return;
    }
    setError(null);
    setBusy(true);
    const saved = await store.backend.send('secret-set', { name: 'simplefin_token', value });
    const failed = failureOf(saved);
    if (failed) {
      setBusy(false);
      setError(`The setup token could not be saved on the server: ${failed.message}`);
      return;
    }
    // The first accounts request claims the access: that is where a used token shows.
    const claimed = await simpleFin.listAccounts(store.backend);
    if (!claimed.ok) {
      const refused = claimed.error === 'INVALID_ACCESS_TOKEN';
      if (refused) await store.backend.send('secret-set', { name: 'simplefin_token', value: null });
      setBusy(false);
      setError(
        refused ? SIMPLEFIN_TOKEN_REFUSED : accountsFailedText(simpleFin.name, claimed.error),
      );
      return;
    }
    setBusy(false);
    options.onSuccess?.();
    close();
  }

  return (
    <Modal title="Set-up SimpleFIN" onClose={close} active={active} width={540}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p>
          SimpleFIN Bridge reaches banks in the United States and Canada. Connect your banks at the
          Bridge (beta-bridge.simplefin.org), create a setup token for Coffer there, and paste it
          here. Your Coffer server exchanges it once for read-only access, and keeps that access,
          not the budget.
        </p>
        <label className="field">
          Setup token:
          <input
            className="input"
            name="setup-token"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-invalid={!!error}
          />
        </label>
        {error && <ErrorText>{error}</ErrorText>}
        <DialogFooter>
          <Button type="button" variant="bare" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Checking the token...' : 'Save and continue'}
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

export default SimpleFinInitModal;
