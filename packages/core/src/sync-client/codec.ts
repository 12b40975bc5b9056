import {
  type MessageEnvelope,
  Timestamp,
  decodeEncryptedData,
  decodeMessage,
  deserializeValue,
  encodeEncryptedData,
  encodeMessage,
} from '@coffer/crdt';
import { type EncryptionKey, IV_BYTES, decrypt, encrypt } from '../encryption/cipher.ts';
import type { Random } from '../platform/index.ts';
import type { Message, StoredMessage } from '../sync/types.ts';
import { SyncFailure } from './failure.ts';

type WebCrypto = typeof globalThis.crypto;

/** Crypto calls run this many at a time: Web Crypto is async, one call per message. */
const PARALLEL = 256;

async function mapChunked<T, U>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<U>,
): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) {
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map((x, j) => fn(x, i + j)))));
  }
  return out;
}

/** Messages read from the server, each with its timestamp already parsed (same order). */
export interface DecodedMessages {
  messages: Message[];
  timestamps: Timestamp[];
}

/**
 * Turns log messages into wire envelopes and back. With a key id set, every message is
 * encrypted on its own (AES-256-GCM, fresh IV) and the envelope carries the encoded
 * `EncryptedData`; the timestamp always stays in the clear for the server.
 */
export class MessageCodec {
  constructor(
    private readonly crypto: WebCrypto,
    private readonly random: Random,
    /** The file's key id (prefs `encryptKeyId`), or null for a plain file. */
    readonly keyId: string | null,
    /** The key for `keyId`, when this device has it. */
    private readonly key: EncryptionKey | null,
  ) {}

  async encode(messages: readonly StoredMessage[]): Promise<MessageEnvelope[]> {
    const plain = (m: StoredMessage) =>
      encodeMessage({ dataset: m.dataset, row: m.row, column: m.column, value: m.value });
    if (!this.keyId) {
      return messages.map((m) => ({
        timestamp: m.timestamp,
        isEncrypted: false,
        content: plain(m),
      }));
    }
    const key = this.key;
    if (!key) throw new SyncFailure('encrypt-failure', { isMissingKey: true });
    return mapChunked(messages, async (m) => {
      const sealed = await encrypt(this.crypto, key, plain(m), this.random.bytes(IV_BYTES));
      const content = encodeEncryptedData({
        iv: sealed.iv,
        authTag: sealed.authTag,
        data: sealed.value,
      });
      return { timestamp: m.timestamp, isEncrypted: true, content };
    });
  }

  /**
   * The messages of `envelopes`, checked one after the other (timestamp, then content). The
   * parsed timestamps come along for `BudgetDb.applyMessages`: parsing each twice was a share of
   * a new device's catch-up (issue 30).
   */
  async decode(envelopes: readonly MessageEnvelope[]): Promise<DecodedMessages> {
    const timestamps = new Array<Timestamp>(envelopes.length);
    // A plain file's messages decode without a promise each: a catch-up brings thousands.
    if (!envelopes.some((e) => e.isEncrypted)) {
      const messages = envelopes.map((e, i) => {
        timestamps[i] = parsed(e);
        return toMessage(e.timestamp, e.content);
      });
      return { messages, timestamps };
    }
    const messages = await mapChunked(envelopes, async (envelope, i) => {
      timestamps[i] = parsed(envelope);
      if (!envelope.isEncrypted) return toMessage(envelope.timestamp, envelope.content);
      if (!this.key) throw new SyncFailure('decrypt-failure', { isMissingKey: true });
      let sealed;
      try {
        sealed = decodeEncryptedData(envelope.content);
      } catch {
        throw new SyncFailure('decrypt-failure', { isMissingKey: false });
      }
      const opened = await decrypt(this.crypto, this.key, sealed.data, sealed.iv, sealed.authTag);
      if (!opened) throw new SyncFailure('decrypt-failure', { isMissingKey: false });
      return toMessage(envelope.timestamp, opened);
    });
    return { messages, timestamps };
  }
}

function parsed(envelope: MessageEnvelope): Timestamp {
  const ts = Timestamp.parse(envelope.timestamp);
  if (!ts) throw new SyncFailure('invalid-message', { timestamp: envelope.timestamp });
  return ts;
}

function toMessage(timestamp: string, bytes: Uint8Array): Message {
  try {
    const m = decodeMessage(bytes);
    return {
      timestamp,
      dataset: m.dataset,
      row: m.row,
      column: m.column,
      value: deserializeValue(m.value),
    };
  } catch (err) {
    throw new SyncFailure('invalid-message', { timestamp, error: String(err) });
  }
}
