import { createHash, randomBytes } from 'node:crypto';
import type { PendingSignIn } from '../storage/storage.ts';
import { discover, postForm, signingKeys, userInfo, type Fetch } from './discovery.ts';
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
  const metadata = await discover(fetcher, settings.issuer);
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

/**
 * Finishes a sign-in: trades the code (with the PKCE verifier) for tokens, checks the ID token
 * and reads the user's profile. Throws on anything the provider or the token gets wrong.
 */
export async function finishSignIn(
  fetcher: Fetch,
  settings: OpenIdSettings,
  pending: PendingSignIn,
  answer: { code: string; iss: string | null },
  now: number,
): Promise<Identity> {
  const metadata = await discover(fetcher, settings.issuer);
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
  if (typeof tokens.id_token !== 'string') throw new Error('no id_token');
  const claims = verifyIdToken(tokens.id_token, {
    keys: await signingKeys(fetcher, metadata),
    issuer: metadata.issuer,
    clientId: settings.client_id,
    nonce: pending.nonce,
    now,
  });
  if (typeof claims === 'string') throw new Error(`id_token refused: ${claims}`);
  let profile = textClaims({ ...claims });
  if (metadata.userinfo_endpoint && typeof tokens.access_token === 'string') {
    const info = await userInfo(fetcher, metadata.userinfo_endpoint, tokens.access_token);
    // OpenID Connect Core 5.3.2: userinfo for another subject is not this user's.
    if (info.sub !== claims.sub) throw new Error('userinfo is for another subject');
    profile = { ...textClaims(info), ...profile };
  }
  const userName = profile.preferred_username ?? profile.email ?? claims.sub;
  return {
    subject: `${metadata.issuer} ${claims.sub}`,
    userName,
    displayName: profile.name ?? profile.email ?? null,
  };
}
