import { createHash, randomBytes } from 'node:crypto';
import type { PendingSignIn } from '../storage/storage.ts';
import {
  postForm,
  providerMetadata,
  signingKeys,
  userInfo,
  type Fetch,
  type ProviderMetadata,
} from './discovery.ts';
import { textClaims, verifyIdToken } from './id-token.ts';
import { callbackUrl, type OpenIdSettings } from './settings.ts';

/** A started sign-in is kept this long: time enough to type a password at the provider. */
export const PENDING_MS = 5 * 60 * 1000;

/** Who the provider says signed in. */
export interface Identity {
  /** Stable across renames: the issuer and the provider's `sub`. */
  subject: string;
  userName: string;
  displayName: string | null;
}

const random = () => randomBytes(32).toString('base64url');

/**
 * Starts an authorization code sign-in with PKCE (RFC 7636, S256): the pending sign-in to keep
 * and the provider's URL to send the browser to.
 */
export async function startSignIn(
  fetcher: Fetch,
  settings: OpenIdSettings,
  returnUrl: string,
  now: number,
): Promise<{ pending: PendingSignIn; url: string }> {
  const metadata = await providerMetadata(fetcher, settings.issuer);
  const pending: PendingSignIn = {
    state: random(),
    nonce: random(),
    codeVerifier: random(),
    returnUrl,
    expiresAt: now + PENDING_MS,
  };
  const challenge = createHash('sha256').update(pending.codeVerifier).digest('base64url');
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.client_id);
  url.searchParams.set('redirect_uri', callbackUrl(settings));
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return { pending, url: url.toString() };
}

function clientAuth(
  settings: OpenIdSettings,
  method: 'client_secret_basic' | 'client_secret_post',
): { form: Record<string, string>; headers: Record<string, string> } {
  if (method === 'client_secret_post') {
    return {
      form: { client_id: settings.client_id, client_secret: settings.client_secret },
      headers: {},
    };
  }
  // RFC 6749 2.3.1: each part form-encoded before the Basic encoding.
  const pair = `${encodeURIComponent(settings.client_id)}:${encodeURIComponent(settings.client_secret)}`;
  return { form: {}, headers: { authorization: `Basic ${Buffer.from(pair).toString('base64')}` } };
}

/** The subject a userinfo answer names: `sub`, or the `id` of OAuth 2.0 providers like GitHub. */
function userInfoSubject(info: Record<string, unknown>): string | null {
  if (typeof info.sub === 'string' && info.sub !== '') return info.sub;
  if (typeof info.id === 'string' && info.id !== '') return info.id;
  if (typeof info.id === 'number' && Number.isSafeInteger(info.id)) return String(info.id);
  return null;
}

/** A profile's name claims, `login` too (GitHub's user name). */
function profileOf(claims: Record<string, unknown>): ReturnType<typeof textClaims> & {
  login?: string;
} {
  const login =
    typeof claims.login === 'string' && claims.login.trim() ? claims.login.trim() : null;
  return { ...textClaims(claims), ...(login ? { login } : {}) };
}

/** `openid`: the ID token says who signed in; userinfo, when offered, adds to the profile. */
async function fromIdToken(
  fetcher: Fetch,
  metadata: ProviderMetadata,
  settings: OpenIdSettings,
  tokens: Record<string, unknown>,
  nonce: string,
  now: number,
): Promise<{ sub: string; profile: ReturnType<typeof profileOf> }> {
  if (typeof tokens.id_token !== 'string') throw new Error('no id_token');
  const claims = verifyIdToken(tokens.id_token, {
    keys: await signingKeys(fetcher, metadata),
    issuer: metadata.issuer,
    clientId: settings.client_id,
    nonce,
    now,
  });
  if (typeof claims === 'string') throw new Error(`id_token refused: ${claims}`);
  let profile = profileOf({ ...claims });
  if (metadata.userinfo_endpoint && typeof tokens.access_token === 'string') {
    const info = await userInfo(fetcher, metadata.userinfo_endpoint, tokens.access_token);
    // OpenID Connect Core 5.3.2: userinfo for another subject is not this user's.
    if (info.sub !== claims.sub) throw new Error('userinfo is for another subject');
    profile = { ...profileOf(info), ...profile };
  }
  return { sub: claims.sub, profile };
}

/**
 * `oauth2`: no ID token is read; the userinfo endpoint, asked with the access token, says who
 * signed in. Its answer must name a stable subject, or a renamed account could become another.
 */
async function fromUserInfo(
  fetcher: Fetch,
  metadata: ProviderMetadata,
  tokens: Record<string, unknown>,
): Promise<{ sub: string; profile: ReturnType<typeof profileOf> }> {
  if (typeof tokens.access_token !== 'string') throw new Error('no access_token');
  if (!metadata.userinfo_endpoint) throw new Error('the provider has no userinfo endpoint');
  const info = await userInfo(fetcher, metadata.userinfo_endpoint, tokens.access_token);
  const sub = userInfoSubject(info);
  if (!sub) throw new Error('userinfo names no subject');
  return { sub, profile: profileOf(info) };
}

/**
 * Finishes a sign-in: trades the code (with the PKCE verifier) for tokens, then learns who
 * signed in from the checked ID token, or from userinfo with `authMethod: 'oauth2'`. Throws on
 * anything the provider or the token gets wrong.
 */
export async function finishSignIn(
  fetcher: Fetch,
  settings: OpenIdSettings,
  pending: PendingSignIn,
  answer: { code: string; iss: string | null },
  now: number,
): Promise<Identity> {
  const metadata = await providerMetadata(fetcher, settings.issuer);
  // RFC 9207: a provider that names itself in the answer must be the one this sign-in went to.
  if (answer.iss !== null && answer.iss !== metadata.issuer) throw new Error('issuer mix-up');
  const auth = clientAuth(settings, metadata.tokenAuth);
  const tokens = await postForm(
    fetcher,
    metadata.token_endpoint,
    {
      grant_type: 'authorization_code',
      code: answer.code,
      redirect_uri: callbackUrl(settings),
      code_verifier: pending.codeVerifier,
      ...auth.form,
    },
    auth.headers,
  );
  const { sub, profile } =
    settings.authMethod === 'oauth2'
      ? await fromUserInfo(fetcher, metadata, tokens)
      : await fromIdToken(fetcher, metadata, settings, tokens, pending.nonce, now);
  const userName = profile.preferred_username ?? profile.login ?? profile.email ?? sub;
  return {
    subject: `${metadata.issuer} ${sub}`,
    userName,
    displayName: profile.name ?? profile.email ?? null,
  };
}
