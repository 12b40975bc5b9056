export { toBase64, fromBase64 } from './base64.ts';
export {
  ALGORITHM,
  IV_BYTES,
  KEY_BYTES,
  KEY_ITERATIONS,
  TAG_BYTES,
  decrypt,
  decryptWithMeta,
  deriveKey,
  encrypt,
  importKey,
  isEncryptMeta,
  metaFor,
  serializeKey,
  type EncryptMeta,
  type Encrypted,
  type EncryptionKey,
  type SerializedKey,
} from './cipher.ts';
export { KeyStore } from './key-store.ts';
export { keyOpensTestContent, makeTestContent } from './test-content.ts';
