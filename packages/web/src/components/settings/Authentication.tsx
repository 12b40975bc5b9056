import { useEffect, useState } from 'react';
import { isFailure } from '../../backend/backend.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { Button } from '../kit/ui/Button.tsx';
import { OpenIdForm } from './OpenIdForm.tsx';

/**
 * How people sign in to the server (where Actual 26.9 has it): the password, or OpenID once an
 * admin enters the provider (its URL, or its endpoints by hand) and the client this server is
 * registered as.
 */
export function AuthenticationSettings() {
  const store = useStore();
  const serverUrl = useAppState((s) => s.serverUrl);
  const [openIdOn, setOpenIdOn] = useState<boolean | null>(null);
  const [editing, setEditing] = useState(false);
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
        <OpenIdForm
          onEnabled={() => {
            setOpenIdOn(true);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </section>
  );
}
