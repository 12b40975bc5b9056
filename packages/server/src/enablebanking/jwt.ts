/**
 * The JSON Web Token Enable Banking's API takes as its bearer credential: RS256, signed with the
 * application's private key, `kid` = the application id, issued by `enablebanking.com` for
 * `api.enablebanking.com`, valid for an hour.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';

export const JWT_ISSUER = 'enablebanking.com';
export const JWT_AUDIENCE = 'api.enablebanking.com';
const LIFETIME_SECONDS = 3600;

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The private key of a PEM text, or null when the text is not an RSA private key. */
export function readPrivateKey(pem: string): KeyObject | null {
  try {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    return key.asymmetricKeyType === 'rsa' ? key : null;
  } catch {
    return null;
  }
}

export function signJwt(applicationId: string, key: KeyObject, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'RS256', kid: applicationId }));
  const payload = base64url(
    JSON.stringify({ iss: JWT_ISSUER, aud: JWT_AUDIENCE, iat, exp: iat + LIFETIME_SECONDS }),
  );
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${base64url(signature)}`;
}
