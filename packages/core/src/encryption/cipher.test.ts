import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import { decodeMessage } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../db/test-helpers/test-platform.ts';
import { fromBase64, toBase64 } from './base64.ts';
import {
  decrypt,
  decryptWithMeta,
  deriveKey,
  encrypt,
  importKey,
  metaFor,
  serializeKey,
} from './cipher.ts';
import { keyOpensTestContent, makeTestContent } from './test-content.ts';

const crypto = globalThis.crypto;

/** Actual's Node path, written from the reference: what its desktop app computes. */
function nodeKey(password: string, salt: string): Buffer {
  return pbkdf2Sync(password, salt, 10_000, 32, 'sha512');
}

describe('base64', () => {
  it('matches Buffer for every length and round-trips', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = randomBytes(n);
      const text = toBase64(bytes);
      expect(text).toBe(bytes.toString('base64'));
      expect(Buffer.from(fromBase64(text)!)).toEqual(bytes);
    }
    expect(fromBase64('not base64!')).toBeNull();
  });
});

describe('key derivation', () => {
  it('is PBKDF2-SHA512 x10000 over the salt text, as Actual derives it', async () => {
    const salt = randomBytes(32).toString('base64');
    const key = await deriveKey(crypto, 'k1', 'pässword', salt);
    expect(key.base64).toBe(nodeKey('pässword', salt).toString('base64'));
    // The salt is used as text: decoding it first gives another key.
    const decodedSalt = pbkdf2Sync('pässword', Buffer.from(salt, 'base64'), 10_000, 32, 'sha512');
    expect(key.base64).not.toBe(decodedSalt.toString('base64'));
  });

  it('stores and reloads a key', async () => {
    const key = await deriveKey(crypto, 'k1', 'pw', 'salt');
    const again = await importKey(crypto, serializeKey(key));
    expect(again?.id).toBe('k1');
    const sealed = await encrypt(crypto, key, new Uint8Array([1, 2, 3]), randomBytes(12));
    expect(await decrypt(crypto, again!, sealed.value, sealed.iv, sealed.authTag)).toEqual(
      new Uint8Array([1, 2, 3]),
    );
    expect(await importKey(crypto, { id: 'x', base64: 'c2hvcnQ=' })).toBeNull();
  });
});

describe('AES-256-GCM', () => {
  it('round-trips and rejects a wrong key or a changed byte', async () => {
    const key = await deriveKey(crypto, 'a', 'one', 'salt');
    const other = await deriveKey(crypto, 'b', 'two', 'salt');
    const data = new TextEncoder().encode('budget data');
    const sealed = await encrypt(crypto, key, data, randomBytes(12));
    expect(sealed.authTag.length).toBe(16);
    expect(sealed.value.length).toBe(data.length);
    expect(await decrypt(crypto, key, sealed.value, sealed.iv, sealed.authTag)).toEqual(data);
    expect(await decrypt(crypto, other, sealed.value, sealed.iv, sealed.authTag)).toBeNull();
    const tampered = Uint8Array.from(sealed.value);
    tampered[0] = tampered[0]! ^ 1;
    expect(await decrypt(crypto, key, tampered, sealed.iv, sealed.authTag)).toBeNull();
  });

  it('what we encrypt, node:crypto (Actual desktop) decrypts', async () => {
    const salt = randomBytes(32).toString('base64');
    const key = await deriveKey(crypto, 'kid', 'secret', salt);
    const data = randomBytes(1000);
    const sealed = await encrypt(crypto, key, data, randomBytes(12));
    const meta = metaFor(key, sealed);
    expect(meta).toMatchObject({ keyId: 'kid', algorithm: 'aes-256-gcm' });
    const decipher = createDecipheriv(
      'aes-256-gcm',
      nodeKey('secret', salt),
      Buffer.from(meta.iv, 'base64'),
    );
    decipher.setAuthTag(Buffer.from(meta.authTag, 'base64'));
    const plain = Buffer.concat([decipher.update(sealed.value), decipher.final()]);
    expect(plain).toEqual(data);
  });

  it('what node:crypto (Actual desktop) encrypts, we decrypt', async () => {
    const salt = randomBytes(32).toString('base64');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', nodeKey('secret', salt), iv);
    const data = randomBytes(777);
    const value = Buffer.concat([cipher.update(data), cipher.final()]);
    const meta = {
      keyId: 'kid',
      algorithm: 'aes-256-gcm',
      iv: iv.toString('base64'),
      authTag: cipher.getAuthTag().toString('base64'),
    };
    const key = await deriveKey(crypto, 'kid', 'secret', salt);
    expect(Buffer.from((await decryptWithMeta(crypto, key, value, meta))!)).toEqual(data);
    const wrong = await deriveKey(crypto, 'kid', 'Secret', salt);
    expect(await decryptWithMeta(crypto, wrong, value, meta)).toBeNull();
  });
});

describe('test content', () => {
  it('opens with the right password only, and node:crypto reads it as a sync Message', async () => {
    const salt = randomBytes(32).toString('base64');
    const key = await deriveKey(crypto, 'kid', 'right', salt);
    const test = await makeTestContent(crypto, key, seededRandom(3));
    expect(await keyOpensTestContent(crypto, key, test)).toBe(true);
    const wrong = await deriveKey(crypto, 'kid', 'wrong', salt);
    expect(await keyOpensTestContent(crypto, wrong, test)).toBe(false);
    expect(await keyOpensTestContent(crypto, key, '{nope')).toBe(false);

    const { value, meta } = JSON.parse(test) as {
      value: string;
      meta: { iv: string; authTag: string; keyId: string };
    };
    expect(meta.keyId).toBe('kid');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      nodeKey('right', salt),
      Buffer.from(meta.iv, 'base64'),
    );
    decipher.setAuthTag(Buffer.from(meta.authTag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(value, 'base64')), decipher.final()]);
    expect(decodeMessage(plain).dataset).toMatch(/^[0-9a-f]{24}$/);
  });
});
