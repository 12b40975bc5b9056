import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { failureOf } from '../../backend/backend.ts';
import { getUserData, loadAllFiles } from '../../store/actions.ts';
import { useStore } from '../../store/context.ts';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { LoadingScreen } from '../kit/ui/LoadingScreen.tsx';

/**
 * `/openid-cb?token=…`: where a sign-in outside the password form (OpenID) lands with its
 * session token, as in Actual's web app. The token is kept and the file list opens.
 */
export function TokenSignIn() {
  const store = useStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const failure = failureOf(await store.backend.send('subscribe-set-token', { token }));
      if (!live) return;
      if (failure) return setError(failure.message);
      await getUserData(store);
      await loadAllFiles(store);
      if (live) navigate('/', { replace: true });
    })();
    return () => {
      live = false;
    };
  }, [store, navigate, token]);

  return error ? <ErrorText>{error}</ErrorText> : <LoadingScreen text="Signing in..." />;
}
