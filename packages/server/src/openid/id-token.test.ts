import { generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyIdToken } from './id-token.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = Date.UTC(2026, 10, 29, 12);
const seconds = now / 1000;

function es256(header: object, claims: object, key: KeyObject): string {
  const data = `${b64(header)}.${b64(claims)}`;
  const sig = sign('sha256', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' });
  return `${data}.${sig.toString('base64url')}`;
}

describe('verifyIdToken', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk: JsonWebKey = { ...publicKey.export({ format: 'jwk' }), kid: 'e1' };
  const check = { keys: [jwk], issuer: 'https://id.example', clientId: 'coffer', nonce: 'n1', now };
  const claims = {
    iss: 'https://id.example',
    sub: 's1',
    aud: 'coffer',
    iat: seconds,
    exp: seconds + 60,
    nonce: 'n1',
    name: ' Ada ',
    email: 42,
  };

  it('takes an ES256 token and keeps only the text profile claims, trimmed', () => {
    expect(verifyIdToken(es256({ alg: 'ES256', kid: 'e1' }, claims, privateKey), check)).toEqual({
      iss: 'https://id.example',
      sub: 's1',
      aud: 'coffer',
      exp: seconds + 60,
      nonce: 'n1',
      name: 'Ada',
    });
  });

  it('takes several audiences only when the token names Coffer as the one it was issued to', () => {
    const both = { ...claims, aud: ['coffer', 'other'] };
    expect(verifyIdToken(es256({ alg: 'ES256' }, both, privateKey), check)).toBe('audience');
    const named = verifyIdToken(
      es256({ alg: 'ES256' }, { ...both, azp: 'coffer' }, privateKey),
      check,
    );
    expect(typeof named).toBe('object');
  });

  it('refuses a key it cannot pick, a key of the wrong type and a token from the future', () => {
    const two = { ...check, keys: [jwk, { ...jwk, kid: 'e2' }] };
    expect(verifyIdToken(es256({ alg: 'ES256' }, claims, privateKey), two)).toBe('unknown-key');
    expect(verifyIdToken(es256({ alg: 'RS256', kid: 'e1' }, claims, privateKey), check)).toBe(
      'unknown-key',
    );
    const later = { ...claims, iat: seconds + 3600, exp: seconds + 7200 };
    expect(verifyIdToken(es256({ alg: 'ES256' }, later, privateKey), check)).toBe('issued-at');
    expect(verifyIdToken('not.a-token', check)).toBe('malformed');
  });
});
