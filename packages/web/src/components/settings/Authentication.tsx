import { useEffect, useState } from 'react';
import { failureCode, isFailure } from '../../backend/backend.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';

function enableErrorText(code: string): string {
  switch (code) {
    case 'forbidden':
      return 'Only an admin can change how people sign in.';
    case 'configuration-error':
      return 'The OpenID provider could not be reached at that URL.';
    case 'network-failure':
      return 'Unable to contact the server';
    default:
      return `Unable to enable OpenID: ${code}`;
  }
}

/**
 * How people sign in to the server (where Actual 26.9 has it): the password, or OpenID once an
 * admin enters the provider's URL and the client this server is registered as.
 */
export function AuthenticationSettings() {
  const store = useStore();
  const serverUrl = useAppState((s) => s.serverUrl);
  const [openIdOn, setOpenIdOn] = useState<boolean | null>(null);
  const [editing, setEditing] = useState(false);
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!serverUrl) return;
    let cancelled = false;
    void store.backend.send('subscribe-needs-bootstrap').then((answer) => {
      if (cancelled || isFailure(answer)) return;
      setOpenIdOn((answer.availableLoginMethods ?? []).some((m) => m.method === 'openid'));
    });
    return () => {
      cancelled = true;
    };
  }, [serverUrl, store]);

  if (!serverUrl || openIdOn === null) return null;

  async function enable() {
    if (saving) return;
    if (!issuer.trim() || !clientId.trim() || !clientSecret.trim()) {
      return setError('Every field is needed: the provider’s URL, the client ID and its secret.');
    }
    setError(null);
    setSaving(true);
    const res = await store.backend.send('enable-openid', {
      openId: {
        issuer: issuer.trim(),
        client_id: clientId.trim(),
        client_secret: clientSecret.trim(),
        server_hostname: window.location.origin,
      },
    });
    setSaving(false);
    const code = failureCode(res);
    if (code) return setError(enableErrorText(code));
    setOpenIdOn(true);
    setEditing(false);
  }

  const field = (label: string, value: string, set: (v: string) => void, secret = false) => (
    <label className="field">
      {label}
      <input
        className="input"
        type={secret ? 'password' : 'text'}
        aria-label={label}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
    </label>
  );

  return (
    <section className="card settings-section" aria-label="Authentication method">
      <h2>Authentication method</h2>
      <p>
        OpenID is <strong>{openIdOn ? 'enabled' : 'disabled'}</strong>.
        {openIdOn
          ? ' People sign in through the OpenID provider; the server password still works for the owner.'
          : ' Everyone signs in with the server password.'}
      </p>
      {!openIdOn && !editing && (
        <div>
          <Button onClick={() => setEditing(true)}>Start using OpenID</Button>
        </div>
      )}
      {!openIdOn && editing && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void enable();
          }}
        >
          <p className="subdued">
            Register this server with your provider using the callback address{' '}
            <code>{`${window.location.origin}/openid/callback`}</code>. The first person to sign in
            with OpenID becomes the server’s owner.
          </p>
          {field('OpenID provider URL', issuer, setIssuer)}
          {field('Client ID', clientId, setClientId)}
          {field('Client secret', clientSecret, setClientSecret, true)}
          {error && <ErrorText>{error}</ErrorText>}
          <div className="row">
            <Button variant="primary" type="submit" disabled={saving}>
              Enable OpenID
            </Button>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
          </div>
        </form>
      )}
    </section>
  );
}
