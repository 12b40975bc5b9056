import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from '../../store/context.ts';
import { isFailure } from '../../backend/backend.ts';
import { getUserData } from '../../store/actions.ts';

interface NeedsBootstrap {
  bootstrapped?: boolean;
  hasServer?: boolean;
}

/**
 * At /login and /bootstrap: find out whether the server still needs a password and send the
 * user to the right page; with no server known, try this page's own origin first.
 */
export function useServerCheck(page: 'login' | 'bootstrap'): boolean {
  const store = useStore();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(true);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const url = await store.backend.send('get-server-url');
      const didBootstrap = await store.backend.send('get-did-bootstrap');
      let res: NeedsBootstrap;
      if (url || didBootstrap) {
        const answer = await store.backend.send('subscribe-needs-bootstrap');
        if (isFailure(answer)) {
          return !cancelled && navigate('/error', { state: { error: answer.error.type } });
        }
        res = answer;
      } else {
        const answer = await store.backend.send('subscribe-needs-bootstrap', {
          url: window.location.origin,
        });
        if (isFailure(answer) || !answer.hasServer) return !cancelled && navigate('/config-server');
        res = answer;
        await store.backend.send('set-server-url', {
          url: window.location.origin,
          validate: false,
        });
        await getUserData(store);
      }
      if (cancelled) return;
      if (!res.hasServer) navigate('/');
      else if (res.bootstrapped && page === 'bootstrap') navigate('/login');
      else if (!res.bootstrapped && page === 'login') navigate('/bootstrap');
      setChecking(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [store, navigate, page]);

  return checking;
}
