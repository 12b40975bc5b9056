import { type ReactNode, useState } from 'react';
import { Button } from './Button.tsx';
import { ErrorText } from './ErrorText.tsx';
import { DialogFooter, Modal } from './Modal.tsx';

/**
 * A set-up form's state: the message under it and whether its check is running. `run` answers
 * the text to show, or null when it is done (the caller closes the dialog then).
 */
export function useSetupForm(run: () => Promise<string | null>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    setError(null);
    setBusy(true);
    try {
      setError(await run());
    } finally {
      setBusy(false);
    }
  }
  return { error, busy, submit: () => void submit() };
}

export interface SetupFormBodyProps {
  /** What the credentials are, where to get them, where they are kept. */
  intro: ReactNode;
  /** The fields (`SecretField`s). */
  children: ReactNode;
  error: string | null;
  busy: boolean;
  /** The submit button's text while the check runs ('Checking the key...'). */
  busyText: string;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The form inside a set-up dialog: intro, fields, the refusal, Cancel and 'Save and continue'. */
export function SetupFormBody(p: SetupFormBodyProps) {
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit();
      }}
    >
      <p>{p.intro}</p>
      {p.children}
      {p.error && <ErrorText>{p.error}</ErrorText>}
      <DialogFooter>
        <Button type="button" variant="bare" onClick={p.onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={p.busy}>
          {p.busy ? p.busyText : 'Save and continue'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * A dialog that takes a service's credentials (a bank provider's set-up): one look for every
 * provider, the message under the fields, a busy submit while the server checks them.
 */
export function SetupForm({
  title,
  width = 540,
  active,
  onClose,
  ...rest
}: Omit<SetupFormBodyProps, 'onCancel'> & {
  title: string;
  width?: number;
  active: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose} active={active} width={width}>
      <SetupFormBody {...rest} onCancel={onClose} />
    </Modal>
  );
}

export interface SecretFieldProps {
  /** The label's text, which names the field. */
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** `password` hides what is typed; `multiline` is a key file's text (PEM). */
  kind?: 'text' | 'password' | 'multiline';
  placeholder?: string;
  className?: string;
}

/** A credential's field: labelled by its text, never completed or spell-checked by the browser. */
export function SecretField(p: SecretFieldProps) {
  const common = {
    name: p.name,
    autoComplete: 'off',
    spellCheck: false,
    value: p.value,
    placeholder: p.placeholder,
    'aria-invalid': p.invalid || undefined,
    className: p.className ? `input ${p.className}` : 'input',
  };
  return (
    <label className="field">
      {p.label}
      {p.kind === 'multiline' ? (
        <textarea rows={5} {...common} onChange={(e) => p.onChange(e.target.value)} />
      ) : (
        <input
          type={p.kind === 'password' ? 'password' : undefined}
          {...common}
          onChange={(e) => p.onChange(e.target.value)}
        />
      )}
    </label>
  );
}
