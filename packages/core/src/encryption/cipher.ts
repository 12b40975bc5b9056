import { fromBase64, toBase64 } from './base64.ts';
import { ownedBytes } from './bytes.ts';

/**
 * End-to-end encryption as Actual does it, on Web Crypto:
 * - key: PBKDF2-HMAC-SHA-512 over the UTF-8 password, 10,000 iterations, 32 bytes. The salt is
 *   a base64 *string*, and its UTF-8 bytes (not the decoded bytes) are the PBKDF2 salt;
 * - cipher: AES-256-GCM with a random 12-byte IV and a 16-byte tag, which travels apart from
 *   the ciphertext (Web Crypto appends it; Node's cipher hands it out separately).
 */
export const ALGORITHM = 'aes-256-gcm';
export const KEY_ITERATIONS = 10_000;
export const KEY_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

type WebCrypto = typeof globalThis.crypto;
type CryptoKeyHandle = Awaited<ReturnType<WebCrypto['subtle']['importKey']>>;

/** One usable key: its id (a uuid minted by `key-make`), raw bytes, and the Web Crypto handle. */
export interface EncryptionKey {
  readonly id: string;
  readonly base64: string;
  readonly handle: CryptoKeyHandle;
}

/** How a key is kept on the device (global state `encrypt-keys`), the same as Actual. */
export interface SerializedKey {
  id: string;
  base64: string;
}

/** What decrypting needs besides the key: sent as `X-ACTUAL-ENCRYPT-META` and in testContent. */
export interface EncryptMeta {
  keyId: string;
  algorithm: string;
  iv: string;
  authTag: string;
}

export interface Encrypted {
  value: Uint8Array;
  iv: Uint8Array;
  authTag: Uint8Array;
}

const utf8 = new TextEncoder();

async function importAesKey(crypto: WebCrypto, raw: Uint8Array): Promise<CryptoKeyHandle> {
  return crypto.subtle.importKey('raw', ownedBytes(raw), { name: 'AES-GCM' }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** Derive the key for `password` and `salt` (the base64 text from `key-make`). */
export async function deriveKey(
  crypto: WebCrypto,
  id: string,
  password: string,
  salt: string,
): Promise<EncryptionKey> {
  const material = await crypto.subtle.importKey('raw', utf8.encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-512', salt: utf8.encode(salt), iterations: KEY_ITERATIONS },
    material,
    KEY_BYTES * 8,
  );
  const raw = new Uint8Array(bits);
  return { id, base64: toBase64(raw), handle: await importAesKey(crypto, raw) };
}

/** A stored key back into a usable one; null when the stored text is not a 32-byte key. */
export async function importKey(
  crypto: WebCrypto,
  stored: SerializedKey,
): Promise<EncryptionKey | null> {
  const raw = fromBase64(stored.base64);
  if (!raw || raw.length !== KEY_BYTES || typeof stored.id !== 'string') return null;
  return { id: stored.id, base64: stored.base64, handle: await importAesKey(crypto, raw) };
}

export function serializeKey(key: EncryptionKey): SerializedKey {
  return { id: key.id, base64: key.base64 };
}

/** Encrypt with a caller-supplied IV (12 fresh random bytes per call). */
export async function encrypt(
  crypto: WebCrypto,
  key: EncryptionKey,
  plaintext: Uint8Array,
  iv: Uint8Array,
): Promise<Encrypted> {
  if (iv.length !== IV_BYTES) throw new Error(`An AES-GCM IV must be ${IV_BYTES} bytes`);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: ownedBytes(iv), tagLength: TAG_BYTES * 8 },
      key.handle,
      ownedBytes(plaintext),
    ),
  );
  const cut = sealed.length - TAG_BYTES;
  return { value: sealed.subarray(0, cut), iv, authTag: sealed.subarray(cut) };
}

/** Decrypt; null when the key, IV or tag does not authenticate the data. */
export async function decrypt(
  crypto: WebCrypto,
  key: EncryptionKey,
  value: Uint8Array,
  iv: Uint8Array,
  authTag: Uint8Array,
): Promise<Uint8Array | null> {
  if (iv.length !== IV_BYTES || authTag.length !== TAG_BYTES) return null;
  const sealed = new Uint8Array(value.length + TAG_BYTES);
  sealed.set(value);
  sealed.set(authTag, value.length);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: ownedBytes(iv), tagLength: TAG_BYTES * 8 },
      key.handle,
      sealed,
    );
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}

export function metaFor(key: EncryptionKey, sealed: Encrypted): EncryptMeta {
  return {
    keyId: key.id,
    algorithm: ALGORITHM,
    iv: toBase64(sealed.iv),
    authTag: toBase64(sealed.authTag),
  };
}

/** Decrypt data described by a meta (a whole file, or the key test). */
export async function decryptWithMeta(
  crypto: WebCrypto,
  key: EncryptionKey,
  value: Uint8Array,
  meta: EncryptMeta,
): Promise<Uint8Array | null> {
  if (meta.algorithm !== ALGORITHM) return null;
  const iv = fromBase64(meta.iv);
  const tag = fromBase64(meta.authTag);
  if (!iv || !tag) return null;
  return decrypt(crypto, key, value, iv, tag);
}

export function isEncryptMeta(value: unknown): value is EncryptMeta {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.keyId === 'string' &&
    typeof m.algorithm === 'string' &&
    typeof m.iv === 'string' &&
    typeof m.authTag === 'string'
  );
}
