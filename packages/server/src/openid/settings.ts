/**
 * A provider without discovery, given by its endpoints (Actual 26.9's `issuer` object, which its
 * server reads from `ACTUAL_OPENID_PROVIDER_NAME` and `ACTUAL_OPENID_*_ENDPOINT`).
 */
export interface ManualEndpoints {
  /** The provider's issuer identifier: a callback's `iss` and an ID token's `iss` must match it. */
  name: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  /**
   * Coffer's addition: where the provider's signing keys are. Actual's object has none, so its
   * ID tokens cannot be checked; without it only `authMethod: 'oauth2'` can sign in.
   */
  jwks_uri?: string;
}

/**
 * How a sign-in learns who signed in: `openid` (the default) from the ID token, checked against
 * the provider's keys; `oauth2` from the userinfo endpoint alone, for OAuth 2.0 providers that
 * hand out no ID token (GitHub).
 */
export type AuthMethod = 'openid' | 'oauth2';

/**
 * The OpenID settings an admin enters, in Actual 26.9's shape (`openId` in `/openid/enable`):
 * kept as given, since `/openid/config` hands them back the same way.
 */
export interface OpenIdSettings {
  /**
   * The issuer URL, from which Coffer discovers the endpoints
   * (`<issuer>/.well-known/openid-configuration`), or the endpoints themselves.
   */
  issuer: string | ManualEndpoints;
  client_id: string;
  client_secret: string;
  /** Where this server is reached from browsers: the callback is `<server_hostname>/openid/callback`. */
  server_hostname: string;
  /** Absent means `openid`, as in Actual. */
  authMethod?: AuthMethod;
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

/** The endpoints of a provider without discovery, or why they are refused. */
function parseManual(raw: Record<string, unknown>): ManualEndpoints | string {
  const name = text(raw.name);
  const authorization = text(raw.authorization_endpoint);
  const token = text(raw.token_endpoint);
  const userinfo = text(raw.userinfo_endpoint);
  // Actual's object has no `jwks_uri`; an empty one is the same as none.
  const jwks = raw.jwks_uri === undefined || raw.jwks_uri === '' ? undefined : raw.jwks_uri;
  if (!name || !authorization || !token || !userinfo) return 'configuration-error';
  if (![authorization, token, userinfo].every(httpUrl)) return 'configuration-error';
  if (jwks !== undefined && (typeof jwks !== 'string' || !httpUrl(jwks))) {
    return 'configuration-error';
  }
  return {
    name,
    authorization_endpoint: authorization,
    token_endpoint: token,
    userinfo_endpoint: userinfo,
    ...(jwks !== undefined ? { jwks_uri: jwks } : {}),
  };
}

/**
 * One check for the settings wherever they arrive (the enable route, the stored row): the
 * settings, or Actual's reason for refusing them. Actual takes endpoints that cannot work and
 * fails at the first sign-in; Coffer refuses them here with `configuration-error`, the reason
 * Actual gives for a provider it cannot set up.
 */
export function parseOpenIdSettings(input: unknown): OpenIdSettings | string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'invalid-login-settings';
  const raw = input as Record<string, unknown>;
  // Actual accepts `discoveryURL` as another name for the issuer, and prefers it.
  const given =
    text(raw.discoveryURL) ?? (typeof raw.issuer === 'string' ? text(raw.issuer) : null);
  const manualGiven = raw.issuer && typeof raw.issuer === 'object' && !Array.isArray(raw.issuer);
  if (!given && !manualGiven) return 'missing-issuer-or-discoveryURL';
  const clientId = text(raw.client_id);
  if (!clientId) return 'missing-client-id';
  const clientSecret = text(raw.client_secret);
  if (!clientSecret) return 'missing-client-secret';
  const serverHostname = text(raw.server_hostname);
  if (!serverHostname) return 'missing-server-hostname';
  if (!httpUrl(serverHostname)) return 'configuration-error';
  const authMethod = raw.authMethod;
  if (authMethod !== undefined && authMethod !== 'openid' && authMethod !== 'oauth2') {
    return 'configuration-error';
  }
  let issuer: string | ManualEndpoints;
  if (given) {
    if (!httpUrl(given)) return 'configuration-error';
    issuer = given;
  } else {
    const manual = parseManual(raw.issuer as Record<string, unknown>);
    if (typeof manual === 'string') return manual;
    // Without the provider's keys an ID token cannot be checked: only userinfo can say who it is.
    if (authMethod !== 'oauth2' && !manual.jwks_uri) return 'configuration-error';
    issuer = manual;
  }
  return {
    issuer,
    client_id: clientId,
    client_secret: clientSecret,
    server_hostname: serverHostname,
    ...(authMethod ? { authMethod } : {}),
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
