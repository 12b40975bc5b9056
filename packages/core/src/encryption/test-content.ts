import { encodeMessage } from '@coffer/crdt';
import type { Random } from '../platform/index.ts';
import { fromBase64, toBase64 } from './base64.ts';
import {
  type EncryptionKey,
  IV_BYTES,
  decryptWithMeta,
  encrypt,
  isEncryptMeta,
  metaFor,
} from './cipher.ts';

type WebCrypto = typeof globalThis.crypto;

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The server keeps this beside a file's key (`encrypt_test`) so another device can tell a right
 * password from a wrong one before downloading: JSON `{ value: base64 ciphertext of a random
 * sync Message, meta: { keyId, algorithm, iv, authTag } }`.
 */
export async function makeTestContent(
  crypto: WebCrypto,
  key: EncryptionKey,
  random: Random,
): Promise<string> {
  const field = () => hex(random.bytes(12));
  const plaintext = encodeMessage({
    dataset: field(),
    row: field(),
    column: field(),
    value: field(),
  });
  const sealed = await encrypt(crypto, key, plaintext, random.bytes(IV_BYTES));
  return JSON.stringify({ value: toBase64(sealed.value), meta: metaFor(key, sealed) });
}

/** Whether `key` opens a file's test content. Unreadable test content counts as a failure. */
export async function keyOpensTestContent(
  crypto: WebCrypto,
  key: EncryptionKey,
  testContent: string,
): Promise<boolean> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(testContent);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null) return false;
  const { value, meta } = parsed as { value?: unknown; meta?: unknown };
  if (typeof value !== 'string' || !isEncryptMeta(meta)) return false;
  const bytes = fromBase64(value);
  if (!bytes) return false;
  return (await decryptWithMeta(crypto, key, bytes, meta)) !== null;
}
