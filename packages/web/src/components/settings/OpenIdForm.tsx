import { useState } from 'react';
import { failureCode } from '../../backend/backend.ts';
import { useStore } from '../../store/context.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Select } from '../kit/ui/Select.tsx';
import {
  EMPTY_FIELDS,
  enableErrorText,
  openIdSettingsFrom,
  type OpenIdFields,
} from './openid-form.ts';

/**
 * The provider's settings: its URL (discovery) or, for a provider without discovery, its
 * endpoints by hand; and whether the ID token or the userinfo endpoint says who signed in.
 */
export function OpenIdForm({ onEnabled, onCancel }: { onEnabled(): void; onCancel(): void }) {
  const store = useStore();
  const [fields, setFields] = useState<OpenIdFields>(EMPTY_FIELDS);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A change answers the last refusal: its text would otherwise speak of fields already fixed.
  const set = (patch: Partial<OpenIdFields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setError(null);
  };

  async function enable() {
    if (saving) return;
    const settings = openIdSettingsFrom(fields, window.location.origin);
    if ('problem' in settings) return setError(settings.problem);
    setError(null);
    setSaving(true);
    const res = await store.backend.send('enable-openid', { openId: settings });
    setSaving(false);
    const code = failureCode(res);
    if (code) return setError(enableErrorText(code, fields.find));
    onEnabled();
  }

  const field = (label: string, name: keyof OpenIdFields, secret = false, hint?: string) => (
    <label className="field">
      {label}
      <input
        className="input"
        type={secret ? 'password' : 'text'}
        aria-label={label}
        value={fields[name]}
        placeholder={hint}
        onChange={(e) => set({ [name]: e.target.value })}
      />
    </label>
  );

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void enable();
      }}
    >
      <p className="subdued">
        Register this server with your provider using the callback address{' '}
        <code>{`${window.location.origin}/openid/callback`}</code>. The first person to sign in with
        OpenID becomes the server’s owner.
      </p>
      <label className="field">
        How this server finds the provider
        <Select
          label="How this server finds the provider"
          value={fields.find}
          onChange={(e) => set({ find: e.target.value === 'manual' ? 'manual' : 'discovery' })}
        >
          <option value="discovery">From the provider’s URL (discovery)</option>
          <option value="manual">Endpoints entered by hand (no discovery)</option>
        </Select>
      </label>
      {fields.find === 'discovery' ? (
        field('OpenID provider URL', 'issuer', false, 'https://accounts.example.com')
      ) : (
        <>
          {field('Issuer', 'name', false, 'https://github.com')}
          {field('Authorization endpoint', 'authorization')}
          {field('Token endpoint', 'token')}
          {field('Userinfo endpoint', 'userinfo')}
          {field('Keys (JWKS) URL, to check ID tokens', 'jwks')}
        </>
      )}
      <label className="field">
        Who signed in is read from
        <Select
          label="Who signed in is read from"
          value={fields.authMethod}
          onChange={(e) => set({ authMethod: e.target.value === 'oauth2' ? 'oauth2' : 'openid' })}
        >
          <option value="openid">The ID token (OpenID Connect)</option>
          <option value="oauth2">The userinfo endpoint (OAuth 2.0, no ID token)</option>
        </Select>
      </label>
      {field('Client ID', 'clientId')}
      {field('Client secret', 'clientSecret', true)}
      {error && <ErrorText>{error}</ErrorText>}
      <div className="row">
        <Button variant="primary" type="submit" disabled={saving}>
          Enable OpenID
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
