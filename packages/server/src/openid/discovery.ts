import type { JsonWebKey } from 'node:crypto';
import type { ManualEndpoints } from './settings.ts';

/** What Coffer uses of a provider's discovery document. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  /** Null for a provider given by its endpoints without its keys (`authMethod: 'oauth2'`). */
  jwks_uri: string | null;
  userinfo_endpoint: string | null;
  /** How the client proves itself at the token endpoint. */
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
}

export type Fetch = typeof fetch;

const TIMEOUT_MS = 20_000;

async function getJson(fetcher: Fetch, url: string): Promise<Record<string, unknown>> {
  const res = await fetcher(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body: unknown = await res.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error(`${url} answered no JSON object`);
  }
  return body as Record<string, unknown>;
}

function url(doc: Record<string, unknown>, name: string): string {
  const value = doc[name];
  if (typeof value !== 'string') throw new Error(`discovery has no ${name}`);
  const parsed = new URL(value);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`${name} is not an http(s) URL`);
  }
  return value;
}

/** A trailing slash does not make another issuer (Keycloak and others list it either way). */
function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

/** Reads `<issuer>/.well-known/openid-configuration` (OpenID Connect Discovery 1.0, 4). */
export async function discover(fetcher: Fetch, issuer: string): Promise<ProviderMetadata> {
  const base = issuer.replace(/\/+$/, '');
  const doc = await getJson(fetcher, `${base}/.well-known/openid-configuration`);
  const named = doc.issuer;
  // 4.3: the document must name the issuer it was fetched for, or its tokens would not match.
  if (typeof named !== 'string' || !sameIssuer(named, issuer)) {
    throw new Error('discovery names another issuer');
  }
  const methods = doc.token_endpoint_auth_methods_supported;
  const tokenAuth =
    Array.isArray(methods) &&
    !methods.includes('client_secret_basic') &&
    methods.includes('client_secret_post')
      ? 'client_secret_post'
      : 'client_secret_basic';
  return {
    issuer: named,
    authorization_endpoint: url(doc, 'authorization_endpoint'),
    token_endpoint: url(doc, 'token_endpoint'),
    jwks_uri: url(doc, 'jwks_uri'),
    userinfo_endpoint:
      typeof doc.userinfo_endpoint === 'string' ? url(doc, 'userinfo_endpoint') : null,
    tokenAuth,
  };
}

/**
 * The provider's endpoints: discovered from the issuer URL, or as the admin gave them for a
 * provider without discovery (which is then assumed to take the client secret as HTTP Basic,
 * RFC 6749's default, as Actual's client library does).
 */
export async function providerMetadata(
  fetcher: Fetch,
  issuer: string | ManualEndpoints,
): Promise<ProviderMetadata> {
  if (typeof issuer === 'string') return discover(fetcher, issuer);
  return {
    issuer: issuer.name,
    authorization_endpoint: issuer.authorization_endpoint,
    token_endpoint: issuer.token_endpoint,
    jwks_uri: issuer.jwks_uri ?? null,
    userinfo_endpoint: issuer.userinfo_endpoint,
    tokenAuth: 'client_secret_basic',
  };
}

/** The provider's signing keys. Read on each sign-in, so a rotated key is picked up at once. */
export async function signingKeys(
  fetcher: Fetch,
  metadata: ProviderMetadata,
): Promise<JsonWebKey[]> {
  if (!metadata.jwks_uri) throw new Error('the provider has no jwks_uri');
  const doc = await getJson(fetcher, metadata.jwks_uri);
  const keys = doc.keys;
  if (!Array.isArray(keys)) throw new Error('the JWKS has no keys');
  return keys.filter((k): k is JsonWebKey => Boolean(k) && typeof k === 'object');
}

export async function postForm(
  fetcher: Fetch,
  endpoint: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<Record<string, unknown>> {
  const res = await fetcher(endpoint, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${new URL(endpoint).pathname} answered ${res.status}`);
  const body: unknown = await res.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error('the token endpoint answered no JSON object');
  }
  return body as Record<string, unknown>;
}

export async function userInfo(
  fetcher: Fetch,
  endpoint: string,
  accessToken: string,
): Promise<Record<string, unknown>> {
  const res = await fetcher(endpoint, {
    headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
  const body: unknown = await res.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error('userinfo answered no JSON object');
  }
  return body as Record<string, unknown>;
}
