import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createBudget, getUserData, loadAllFiles, signOut } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { IS_DEV } from '../../store/version.ts';
import { failureCode } from '../../backend/backend.ts';
import { Brand } from './Brand.tsx';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';

export function serverErrorText(code: string): string {
  return code === 'network-failure'
    ? 'Server is not running at this URL. Make sure you have HTTPS set up properly.'
    : 'Server does not look like a Coffer server. Is it set up correctly?';
}

export function ConfigServer() {
  const store = useStore();
  const navigate = useNavigate();
  const currentUrl = useAppState((s) => s.serverUrl);
  const [url, setUrl] = useState(currentUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const origin = window.location.origin;

  async function apply(value: string) {
    if (!value || loading) return;
    setError(null);
    setLoading(true);
    const res = await store.backend.send('set-server-url', { url: value });
    const code = failureCode(res);
    setLoading(false);
    if (code) {
      setError(serverErrorText(code));
      return;
    }
    await signOut(store);
    await getUserData(store);
    navigate('/');
  }

  async function noServer() {
    await store.backend.send('set-server-url', { url: null });
    await getUserData(store);
    await loadAllFiles(store);
    navigate('/');
  }

  return (
    <div className="stack">
      <Brand />
      <h1>Where’s the server?</h1>
      <p className="subdued">
        {currentUrl
          ? 'Existing sessions will be logged out and you will log in to this server. We will validate that Coffer is running at this URL.'
          : 'There is no server configured. After running the server, specify the URL here to use the app. You can always change this later. We will validate that Coffer is running at this URL.'}
      </p>
      <form
        className="row"
        style={{ flexWrap: 'nowrap' }}
        onSubmit={(e) => {
          e.preventDefault();
          void apply(url.trim());
        }}
      >
        <input
          className="input"
          aria-label="Server URL"
          placeholder="https://example.com"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          autoFocus
        />
        <Button variant="primary" type="submit" disabled={loading}>
          OK
        </Button>
        {currentUrl && (
          <Button type="button" onClick={() => navigate(-1)}>
            Cancel
          </Button>
        )}
      </form>
      {error && <ErrorText>{error}</ErrorText>}
      <div className="row" style={{ marginTop: 12 }}>
        {currentUrl ? (
          <Button variant="bare" className="btn-danger" onClick={noServer}>
            Stop using a server
          </Button>
        ) : (
          <>
            <Button
              onClick={() => {
                setUrl(origin);
                void apply(origin);
              }}
            >
              Use {origin}
            </Button>
            <Button variant="bare" onClick={noServer}>
              Don’t use a server
            </Button>
            {IS_DEV && (
              <Button variant="bare" onClick={() => createBudget(store, true)}>
                Create test file
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
