import { constants, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

/** The claims Coffer reads from a verified ID token. */
export interface IdClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  nonce?: string;
  name?: string;
  email?: string;
  preferred_username?: string;
}

export interface IdTokenCheck {
  /** The provider's public keys (its JWKS `keys`). */
  keys: JsonWebKey[];
  issuer: string;
  clientId: string;
  nonce: string;
  /** Milliseconds since the epoch. */
  now: number;
}

/** Clocks of the provider and the server may differ by this much. */
const SKEW_SECONDS = 60;

type Verifier = { hash: string | null; kty: string; options?: object };

/** Asymmetric algorithms only: `none` and the HMAC ones (keyed by the client secret) are refused. */
const ALGORITHMS: Record<string, Verifier> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  RS384: { hash: 'sha384', kty: 'RSA' },
  RS512: { hash: 'sha512', kty: 'RSA' },
  PS256: {
    hash: 'sha256',
    kty: 'RSA',
    options: {
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
    },
  },
  ES256: { hash: 'sha256', kty: 'EC', options: { dsaEncoding: 'ieee-p1363' } },
  ES384: { hash: 'sha384', kty: 'EC', options: { dsaEncoding: 'ieee-p1363' } },
  EdDSA: { hash: null, kty: 'OKP' },
};

function decodePart(part: string | undefined): Record<string, unknown> | null {
  if (!part) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function keyFor(keys: JsonWebKey[], kid: unknown, kty: string): KeyObject | null {
  const usable = keys.filter(
    (k) => k.kty === kty && k.use !== 'enc' && (kid === undefined || k.kid === kid),
  );
  // Without a `kid` the provider must have one key of the type, or the choice is a guess.
  if (usable.length !== 1 && kid === undefined) return null;
  const jwk = usable[0];
  if (!jwk) return null;
  try {
    return createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return null;
  }
}

function audienceOk(claims: Record<string, unknown>, clientId: string): boolean {
  const aud = claims.aud;
  if (typeof aud === 'string') return aud === clientId;
  if (!Array.isArray(aud) || !aud.includes(clientId)) return false;
  // A token for several audiences names the one it was issued to.
  return aud.length === 1 || claims.azp === clientId;
}

/**
 * Checks an ID token as OpenID Connect Core 3.1.3.7 asks: the signature against the provider's
 * keys, then issuer, audience, expiry and the nonce this sign-in sent. Returns the claims, or
 * the reason it was refused (for the log, never for the caller).
 */
export function verifyIdToken(token: string, check: IdTokenCheck): IdClaims | string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'malformed';
  const header = decodePart(parts[0]);
  const claims = decodePart(parts[1]);
  if (!header || !claims) return 'malformed';
  const alg = typeof header.alg === 'string' ? ALGORITHMS[header.alg] : undefined;
  if (!alg) return 'algorithm';
  const key = keyFor(check.keys, header.kid, alg.kty);
  if (!key) return 'unknown-key';
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  const signature = Buffer.from(parts[2]!, 'base64url');
  let valid = false;
  try {
    valid = verify(alg.hash, signed, { key, ...alg.options }, signature);
  } catch {
    valid = false;
  }
  if (!valid) return 'signature';
  if (claims.iss !== check.issuer) return 'issuer';
  if (!audienceOk(claims, check.clientId)) return 'audience';
  const nowSeconds = check.now / 1000;
  if (typeof claims.exp !== 'number' || claims.exp + SKEW_SECONDS <= nowSeconds) return 'expired';
  if (typeof claims.iat !== 'number' || claims.iat - SKEW_SECONDS > nowSeconds) return 'issued-at';
  if (claims.nonce !== check.nonce) return 'nonce';
  if (typeof claims.sub !== 'string' || claims.sub === '') return 'subject';
  return {
    iss: check.issuer,
    sub: claims.sub,
    aud: typeof claims.aud === 'string' ? claims.aud : check.clientId,
    exp: claims.exp,
    nonce: check.nonce,
    ...textClaims(claims),
  };
}

/** The profile claims that are text, the others dropped. */
export function textClaims(
  claims: Record<string, unknown>,
): Pick<IdClaims, 'name' | 'email' | 'preferred_username'> {
  const out: Pick<IdClaims, 'name' | 'email' | 'preferred_username'> = {};
  for (const name of ['name', 'email', 'preferred_username'] as const) {
    const value = claims[name];
    if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim();
  }
  return out;
}
