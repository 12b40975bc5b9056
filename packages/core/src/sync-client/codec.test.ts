import { Timestamp, serializeValue } from '@coffer/crdt';
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../encryption/cipher.ts';
import type { Random } from '../platform/index.ts';
import type { StoredMessage } from '../sync/types.ts';
import { MessageCodec } from './codec.ts';
import { SyncFailure } from './failure.ts';

const crypto = webcrypto as unknown as typeof globalThis.crypto;
const random: Random = {
  uuid: () => '00000000-0000-4000-8000-000000000000',
  bytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
};

const stored = (i: number, timestamp: string): StoredMessage => ({
  timestamp,
  dataset: 'transactions',
  row: `row-${i}`,
  column: 'amount',
  value: serializeValue(i * 100),
});

// Day 30 goes the long way through Date.parse; the others by the printed form's digits.
const texts = [
  '2026-11-30T09:31:15.123Z-0000-be403e3a50141dfb',
  '2026-11-12T00:00:00.000Z-00FF-be403e3a50141dfb',
  '2025-01-01T23:59:59.999Z-0001-0000000000000abc',
];

describe('MessageCodec.decode', () => {
  it('hands each message its parsed timestamp, in order, plain or encrypted', async () => {
    const key = await deriveKey(crypto, 'key-1', 'password', 'c2FsdA==');
    for (const codec of [
      new MessageCodec(crypto, random, null, null),
      new MessageCodec(crypto, random, 'key-1', key),
    ]) {
      const messages = texts.map((t, i) => stored(i, t));
      const { messages: decoded, timestamps } = await codec.decode(await codec.encode(messages));
      expect(decoded.map((m) => [m.timestamp, m.row, m.value])).toEqual(
        texts.map((t, i) => [t, `row-${i}`, i * 100]),
      );
      expect(timestamps).toHaveLength(texts.length);
      timestamps.forEach((ts, i) => {
        const expected = Timestamp.parse(texts[i]!)!;
        expect([ts.millis(), ts.counter(), ts.node(), ts.toString()]).toEqual([
          expected.millis(),
          expected.counter(),
          expected.node(),
          texts[i],
        ]);
      });
    }
  });

  it('refuses a message whose timestamp does not parse, before reading its content', async () => {
    const codec = new MessageCodec(crypto, random, null, null);
    const envelopes = await codec.encode([stored(0, texts[0]!)]);
    const bad = [...envelopes, { ...envelopes[0]!, timestamp: 'not a timestamp', content: new Uint8Array([0xff]) }]; // prettier-ignore
    const failure = await codec.decode(bad).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SyncFailure);
    expect(failure).toMatchObject({ reason: 'invalid-message', meta: { timestamp: 'not a timestamp' } }); // prettier-ignore
  });
});
