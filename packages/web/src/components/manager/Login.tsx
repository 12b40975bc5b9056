import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { getUserData, loadAllFiles } from '../../store/actions.ts';
import { useStore } from '../../store/context.ts';
import { failureCode, isFailure } from '../../backend/backend.ts';
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
    case 'openid-setup-failed':
      return 'The OpenID provider could not be reached';
    default:
      return `An unknown error occurred: ${code}`;
  }
}

/** The server's sign-in methods; a server that lists none (23.8) takes the password. */
function useLoginMethods(ready: boolean): string[] | null {
  const store = useStore();
  const [methods, setMethods] = useState<string[] | null>(null);
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    void store.backend.send('subscribe-needs-bootstrap').then((answer) => {
      if (cancelled) return;
      const listed = isFailure(answer) ? [] : (answer.availableLoginMethods ?? []);
      setMethods(listed.length > 0 ? listed.map((m) => m.method) : ['password']);
    });
    return () => {
      cancelled = true;
    };
  }, [ready, store]);
  return methods;
}

export function Login() {
  const store = useStore();
  const navigate = useNavigate();
  const checking = useServerCheck('login');
  const methods = useLoginMethods(!checking);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (checking || methods === null) return <LoadingScreen text="Checking server..." />;
  const withPassword = methods.includes('password');
  const withOpenId = methods.includes('openid');

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

  /** Off to the provider; it comes back to `/openid-cb` with the session. */
  async function openId() {
    if (loading) return;
    setError(null);
    setLoading(true);
    const res = await store.backend.send('subscribe-sign-in-openid', {
      returnUrl: window.location.origin,
      ...(password ? { password } : {}),
    });
    const code = failureCode(res);
    if (code || isFailure(res)) {
      setLoading(false);
      return setError(loginErrorText(code ?? 'internal'));
    }
    window.location.assign(res.redirectUrl);
  }

  return (
    <div className="stack">
      <Brand />
      <h1>Sign in to this Coffer instance</h1>
      <p className="subdued">
        If you lost your password, you likely still have access to your server to manually reset it.
      </p>
      {error && <ErrorText>{error}</ErrorText>}
      {withPassword && (
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
      )}
      {withOpenId && (
        <div className="stack">
          {withPassword && (
            <p className="subdued">
              The first person to sign in with OpenID becomes the server’s owner: type the server
              password above first.
            </p>
          )}
          <div>
            <Button
              variant={withPassword ? 'normal' : 'primary'}
              onClick={() => void openId()}
              disabled={loading}
            >
              Sign in with OpenID
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
