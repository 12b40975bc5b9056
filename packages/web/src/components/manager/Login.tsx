import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getUserData, loadAllFiles } from '../../store/actions.ts';
import { useStore } from '../../store/context.ts';
import { failureCode } from '../../backend/backend.ts';
import { LoadingScreen } from '../kit/ui/LoadingScreen.tsx';
import { Brand } from './Brand.tsx';
import { useServerCheck } from './useServerCheck.ts';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

export function loginErrorText(code: string): string {
  switch (code) {
    case 'invalid-password':
      return 'Invalid password';
    case 'network-failure':
      return 'Unable to contact the server';
    default:
      return `An unknown error occurred: ${code}`;
  }
}

export function Login() {
  const store = useStore();
  const navigate = useNavigate();
  const checking = useServerCheck('login');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (checking) return <LoadingScreen text="Checking server..." />;

  async function submit() {
    if (password === '' || loading) return;
    setError(null);
    setLoading(true);
    const res = await store.backend.send('subscribe-sign-in', { password });
    const code = failureCode(res);
    setLoading(false);
    if (code) return setError(loginErrorText(code));
    await getUserData(store);
    await loadAllFiles(store);
    navigate('/');
  }

  return (
    <div className="stack">
      <Brand />
      <h1>Sign in to this Coffer instance</h1>
      <p className="subdued">
        If you lost your password, you likely still have access to your server to manually reset it.
      </p>
      {error && <ErrorText>{error}</ErrorText>}
      <form
        className="row"
        style={{ flexWrap: 'nowrap' }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <input
          className="input"
          type="password"
          aria-label="Password"
          placeholder="Password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
        <Button variant="primary" type="submit" disabled={loading}>
          Sign in
        </Button>
      </form>
    </div>
  );
}
