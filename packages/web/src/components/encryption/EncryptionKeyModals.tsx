import { type ReactNode, useState } from 'react';
import { loadPrefs } from '../../store/actions.ts';
import { useStore } from '../../store/context.ts';
import { failureCode } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

export function keyErrorText(code: string): string {
  switch (code) {
    case 'network':
    case 'network-failure':
      return 'Unable to reach the server. Check your network connection and try again.';
    case 'old-key-style':
      return 'This file was encrypted with an old key format that is no longer supported. Please generate a new key.';
    case 'decrypt-failure':
      return 'Unable to decrypt file with this password. Please try again.';
    default:
      return `Something went wrong while creating the key (${code}). Please try again.`;
  }
}

function PasswordField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [show, setShow] = useState(false);
  return (
    <div className="stack" style={{ gap: 6 }}>
      <input
        className="input"
        type={show ? 'text' : 'password'}
        aria-label="Password"
        placeholder="Password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus
      />
      <label className="checkbox">
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
        Show password
      </label>
    </div>
  );
}

/**
 * What both key modals share: a password, one handler call that answers an error code or not,
 * the error under the field, and the two footer buttons.
 */
function KeyPasswordForm({
  intro,
  cancelLabel,
  submitLabel,
  close,
  send,
  onDone,
}: {
  intro: ReactNode;
  cancelLabel: string;
  submitLabel: string;
  close: () => void;
  send: (password: string) => Promise<unknown>;
  onDone: () => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    const res = await send(password);
    setBusy(false);
    const code = failureCode(res);
    if (code) return setError(keyErrorText(code));
    await onDone();
  }

  return (
    <form className="stack" onSubmit={(e) => (e.preventDefault(), void submit())}>
      {intro}
      <PasswordField value={password} onChange={setPassword} />
      {error && <ErrorText>{error}</ErrorText>}
      <DialogFooter>
        <Button type="button" variant="bare" onClick={close}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant="primary" disabled={!password || busy}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function CreateEncryptionKeyModal({
  options,
  active,
  close,
}: ModalProps<'create-encryption-key'>) {
  const store = useStore();
  const recreate = options.recreate === true;
  const title = recreate ? 'Generate new key' : 'Enable encryption';
  return (
    <Modal title={title} onClose={close} active={active}>
      <KeyPasswordForm
        intro={
          recreate ? (
            <p>
              A new key will be generated from this password and your data re-uploaded, encrypted
              with it. Other devices must enter the new password to keep syncing.
            </p>
          ) : (
            <p>
              To enable end-to-end encryption, create a key from a password. Your data is encrypted
              before it leaves this device; the server never sees it. Other devices need the same
              password. <strong>If you forget it, the server cannot recover your data.</strong>
            </p>
          )
        }
        cancelLabel="Cancel"
        submitLabel={title}
        close={close}
        send={(password) => store.backend.send('key-make', { password })}
        onDone={async () => {
          await loadPrefs(store);
          close();
          options.onSuccess?.();
        }}
      />
    </Modal>
  );
}

export function FixEncryptionKeyModal({
  options,
  active,
  close,
}: ModalProps<'fix-encryption-key'>) {
  const store = useStore();
  const hasExistingKey = options.hasExistingKey === true;
  return (
    <Modal
      title={hasExistingKey ? 'Unable to decrypt file' : 'This file is encrypted'}
      onClose={close}
      active={active}
    >
      <KeyPasswordForm
        intro={
          <p>
            {hasExistingKey
              ? 'This file was encrypted with a different key than the one on this device. Enter the current password to update your key.'
              : 'This file is encrypted. Enter its password to access it.'}
          </p>
        }
        cancelLabel="Back"
        submitLabel={hasExistingKey ? 'Update key' : 'Create key'}
        close={close}
        send={(password) => {
          const fileId = options.cloudFileId ?? store.get().prefs?.cloudFileId;
          return store.backend.send('key-test', { password, fileId });
        }}
        onDone={async () => {
          close();
          await options.onSuccess?.();
        }}
      />
    </Modal>
  );
}
