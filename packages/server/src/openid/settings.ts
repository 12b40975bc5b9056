/**
 * The OpenID settings an admin enters, in Actual 26.9's shape (`openId` in `/openid/enable`):
 * kept as given, since `/openid/config` hands them back the same way.
 */
export interface OpenIdSettings {
  /** The issuer URL; Coffer discovers the endpoints from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  client_id: string;
  client_secret: string;
  /** Where this server is reached from browsers: the callback is `<server_hostname>/openid/callback`. */
  server_hostname: string;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * One check for the settings wherever they arrive (the enable route, the stored row): the
 * settings, or Actual's reason for refusing them.
 */
export function parseOpenIdSettings(input: unknown): OpenIdSettings | string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'invalid-login-settings';
  const raw = input as Record<string, unknown>;
  // Actual accepts `discoveryURL` as another name for the issuer.
  const issuer = text(raw.discoveryURL) ?? text(raw.issuer);
  if (!issuer) return 'missing-issuer-or-discoveryURL';
  const clientId = text(raw.client_id);
  if (!clientId) return 'missing-client-id';
  const clientSecret = text(raw.client_secret);
  if (!clientSecret) return 'missing-client-secret';
  const serverHostname = text(raw.server_hostname);
  if (!serverHostname) return 'missing-server-hostname';
  if (!httpUrl(issuer) || !httpUrl(serverHostname)) return 'configuration-error';
  return {
    issuer,
    client_id: clientId,
    client_secret: clientSecret,
    server_hostname: serverHostname,
  };
}

/** The stored settings, or null when OpenID is off or the row does not parse. */
export function storedSettings(json: string | null): OpenIdSettings | null {
  if (json === null) return null;
  try {
    const parsed = parseOpenIdSettings(JSON.parse(json));
    return typeof parsed === 'string' ? null : parsed;
  } catch {
    return null;
  }
}

/**
 * Where a sign-in may send the browser back: this server's own host (or localhost, for a
 * desktop client), never elsewhere, so a crafted link cannot hand a token to another site.
 */
export function isAllowedReturnUrl(settings: OpenIdSettings, url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
    const host = new URL(settings.server_hostname).hostname;
    return target.hostname === host || target.hostname === 'localhost';
  } catch {
    return false;
  }
}

export function callbackUrl(settings: OpenIdSettings): string {
  return new URL('/openid/callback', settings.server_hostname).toString();
}
