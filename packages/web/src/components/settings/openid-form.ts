/**
 * What Settings › Authentication method sends to turn OpenID on, built from its fields in
 * Actual 26.9's `openId` shape: the provider's URL (discovery), or its endpoints entered by hand
 * (Actual's `issuer` object, for providers without discovery such as GitHub), and whether the
 * ID token (`openid`) or the userinfo endpoint alone (`oauth2`) says who signed in.
 */

export type FindProvider = 'discovery' | 'manual';
export type AuthMethod = 'openid' | 'oauth2';

export interface OpenIdFields {
  find: FindProvider;
  /** The provider's URL, with discovery. */
  issuer: string;
  /** By hand: the issuer identifier and the endpoints. */
  name: string;
  authorization: string;
  token: string;
  userinfo: string;
  /** By hand, optional: the provider's keys, needed to check an ID token. */
  jwks: string;
  authMethod: AuthMethod;
  clientId: string;
  clientSecret: string;
}

export const EMPTY_FIELDS: OpenIdFields = {
  find: 'discovery',
  issuer: '',
  name: '',
  authorization: '',
  token: '',
  userinfo: '',
  jwks: '',
  authMethod: 'openid',
  clientId: '',
  clientSecret: '',
};

export interface ManualIssuer {
  name: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri?: string;
}

export interface OpenIdSettingsInput {
  issuer: string | ManualIssuer;
  client_id: string;
  client_secret: string;
  server_hostname: string;
  authMethod: AuthMethod;
}

/** The settings to send, or what the person must fix first (shown beside the form). */
export function openIdSettingsFrom(
  fields: OpenIdFields,
  serverHostname: string,
): OpenIdSettingsInput | { problem: string } {
  const f = {
    issuer: fields.issuer.trim(),
    name: fields.name.trim(),
    authorization: fields.authorization.trim(),
    token: fields.token.trim(),
    userinfo: fields.userinfo.trim(),
    jwks: fields.jwks.trim(),
    clientId: fields.clientId.trim(),
    clientSecret: fields.clientSecret.trim(),
  };
  if (!f.clientId || !f.clientSecret) {
    return { problem: 'Every field is needed: the client ID and its secret too.' };
  }
  let issuer: string | ManualIssuer;
  if (fields.find === 'discovery') {
    if (!f.issuer) return { problem: 'Every field is needed: the provider’s URL too.' };
    issuer = f.issuer;
  } else {
    if (!f.name || !f.authorization || !f.token || !f.userinfo) {
      return {
        problem:
          'Every field is needed: the issuer and the authorization, token and userinfo endpoints.',
      };
    }
    if (fields.authMethod === 'openid' && !f.jwks) {
      return {
        problem:
          'Checking the ID token needs the provider’s keys URL; without it, choose the userinfo endpoint.',
      };
    }
    issuer = {
      name: f.name,
      authorization_endpoint: f.authorization,
      token_endpoint: f.token,
      userinfo_endpoint: f.userinfo,
      ...(f.jwks ? { jwks_uri: f.jwks } : {}),
    };
  }
  return {
    issuer,
    client_id: f.clientId,
    client_secret: f.clientSecret,
    server_hostname: serverHostname,
    authMethod: fields.authMethod,
  };
}

/** The server's refusal, in words. */
export function enableErrorText(code: string, find: FindProvider): string {
  switch (code) {
    case 'forbidden':
      return 'Only an admin can change how people sign in.';
    case 'configuration-error':
      return find === 'discovery'
        ? 'The OpenID provider could not be reached at that URL.'
        : 'The server refused these endpoints: each must be an http or https URL.';
    case 'network-failure':
      return 'Unable to contact the server';
    default:
      return `Unable to enable OpenID: ${code}`;
  }
}
