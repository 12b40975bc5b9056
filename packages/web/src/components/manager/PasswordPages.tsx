import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getUserData, loadAllFiles } from '../../store/actions.ts';
import { useStore } from '../../store/context.ts';
import { failureCode } from '../../backend/backend.ts';
import { Brand } from './Brand.tsx';
import { useServerCheck } from './useServerCheck.ts';
import { LoadingScreen } from '../kit/ui/LoadingScreen.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

export function passwordErrorText(code: string, fallback: 'bootstrap' | 'change'): string {
  switch (code) {
    case 'invalid-password':
      return 'Password cannot be empty';
    case 'password-match':
      return 'Passwords do not match';
    case 'network-failure':
      return 'Unable to contact the server';
    default:
      return fallback === 'change' ? 'Internal server error' : `An unknown error occurred: ${code}`;
  }
}

interface ConfirmPasswordFormProps {
  buttons: React.ReactNode;
  onSubmit: (password: string) => void;
  onError: (code: string) => void;
}

function ConfirmPasswordForm({ buttons, onSubmit, onError }: ConfirmPasswordFormProps) {
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [show, setShow] = useState(false);
  const type = show ? 'text' : 'password';
  return (
    <form
      className="password-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (password1 !== password2) onError('password-match');
        else if (password1 === '') onError('invalid-password');
        else onSubmit(password1);
      }}
    >
      <input
        className="input"
        type={type}
        aria-label="Password"
        placeholder="Password"
        value={password1}
        onChange={(e) => setPassword1(e.target.value)}
        autoFocus
      />
      <input
        className="input"
        type={type}
        aria-label="Confirm password"
        placeholder="Confirm password"
        value={password2}
        onChange={(e) => setPassword2(e.target.value)}
      />
      <label className="checkbox">
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
        Show password
      </label>
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        {buttons}
      </div>
    </form>
  );
}

export function Bootstrap() {
  const store = useStore();
  const navigate = useNavigate();
  const checking = useServerCheck('bootstrap');
  const [error, setError] = useState<string | null>(null);
  if (checking) return <LoadingScreen text="Checking server..." />;

  async function submit(password: string) {
    setError(null);
    const res = await store.backend.send('subscribe-bootstrap', { password });
    const code = failureCode(res);
    if (code) return setError(passwordErrorText(code, 'bootstrap'));
    await getUserData(store);
    await loadAllFiles(store);
    navigate('/');
  }

  return (
    <div className="stack">
      <Brand />
      <h1>Welcome to Coffer!</h1>
      <p className="subdued">
        Coffer is a personal envelope-budgeting app. To protect your data on this server, set a
        password. Anyone who knows it has full access.
      </p>
      {error && <ErrorText>{error}</ErrorText>}
      <ConfirmPasswordForm
        onSubmit={submit}
        onError={(code) => setError(passwordErrorText(code, 'bootstrap'))}
        buttons={
          <Button variant="primary" type="submit">
            OK
          </Button>
        }
      />
    </div>
  );
}

export function ChangePassword() {
  const store = useStore();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(password: string) {
    setError(null);
    const res = await store.backend.send('subscribe-change-password', { password });
    const code = failureCode(res);
    if (code) return setError(passwordErrorText(code, 'change'));
    setMessage('Password successfully changed');
    await store.backend.send('subscribe-sign-in', { password });
    await getUserData(store);
    navigate('/');
  }

  return (
    <div className="stack">
      <Brand />
      <h1>Change server password</h1>
      <p className="subdued">
        This will change the password for this server instance. All existing sessions will stay
        logged in.
      </p>
      {error && <ErrorText>{error}</ErrorText>}
      {message && <div role="status">{message}</div>}
      <ConfirmPasswordForm
        onSubmit={submit}
        onError={(code) => setError(passwordErrorText(code, 'change'))}
        buttons={
          <>
            <Button variant="bare" type="button" onClick={() => navigate('/')}>
              Cancel
            </Button>
            <Button variant="primary" type="submit">
              OK
            </Button>
          </>
        }
      />
    </div>
  );
}
