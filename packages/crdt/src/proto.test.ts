import fc from 'fast-check';
import protobuf from 'protobufjs/light.js';
import { describe, expect, it } from 'vitest';
import { ProtobufDecodeError } from './errors.ts';
import * as proto from './proto.ts';
import type {
  EncryptedData,
  MessageEnvelope,
  SyncMessage,
  SyncRequest,
  SyncResponse,
} from './proto.ts';
import * as real from './test-helpers/actual.ts';
import { anyTimestamp } from './test-helpers/arbitraries.ts';

// Text as it comes: often empty (a proto3 default), sometimes any UTF-16, unpaired surrogates too.
const text = fc.oneof(
  fc.constant(''),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom('a', '\uD800', '\uDC00', '\uDBFF', '\uDFFF', 'é'),
    maxLength: 60,
  }),
);
const bytes = fc.oneof(fc.constant(new Uint8Array(0)), fc.uint8Array({ maxLength: 80 }));

const message: fc.Arbitrary<SyncMessage> = fc.record({
  dataset: text,
  row: text,
  column: text,
  value: text,
});
const encrypted: fc.Arbitrary<EncryptedData> = fc.record({
  iv: bytes,
  authTag: bytes,
  data: bytes,
});
const envelope: fc.Arbitrary<MessageEnvelope> = fc.oneof(
  fc.record({ timestamp: text, isEncrypted: fc.boolean(), content: bytes }),
  fc.record({
    timestamp: anyTimestamp.map(String),
    isEncrypted: fc.constant(false),
    content: message.map(proto.encodeMessage),
  }),
);
const request: fc.Arbitrary<SyncRequest> = fc.record({
  messages: fc.array(envelope, { maxLength: 5 }),
  fileId: text,
  groupId: text,
  keyId: text,
  since: text,
});
const response: fc.Arbitrary<SyncResponse> = fc.record({
  messages: fc.array(envelope, { maxLength: 5 }),
  merkle: text,
});

/** What a string looks like after one trip through Actual's (google-protobuf) encoder. */
function throughActual(value: SyncMessage): SyncMessage {
  const bytesOut = real.toPbMessage(value).serializeBinary();
  return real.fromPbMessage(real.pb.Message.deserializeBinary(bytesOut));
}

interface Codec<T> {
  name: string;
  arb: fc.Arbitrary<T>;
  encode(value: T): Uint8Array;
  decode(bytes: Uint8Array): T;
  realEncode(value: T): Uint8Array;
  realDecode(bytes: Uint8Array): T;
}

const codecs = [
  {
    name: 'Message',
    arb: message,
    encode: proto.encodeMessage,
    decode: proto.decodeMessage,
    realEncode: (v: SyncMessage) => real.toPbMessage(v).serializeBinary(),
    realDecode: (b: Uint8Array) => real.fromPbMessage(real.pb.Message.deserializeBinary(b)),
  } satisfies Codec<SyncMessage>,
  {
    name: 'EncryptedData',
    arb: encrypted,
    encode: proto.encodeEncryptedData,
    decode: proto.decodeEncryptedData,
    realEncode: (v: EncryptedData) => real.toPbEncrypted(v).serializeBinary(),
    realDecode: (b: Uint8Array) => real.fromPbEncrypted(real.pb.EncryptedData.deserializeBinary(b)),
  } satisfies Codec<EncryptedData>,
  {
    name: 'MessageEnvelope',
    arb: envelope,
    encode: proto.encodeMessageEnvelope,
    decode: proto.decodeMessageEnvelope,
    realEncode: (v: MessageEnvelope) => real.toPbEnvelope(v).serializeBinary(),
    realDecode: (b: Uint8Array) =>
      real.fromPbEnvelope(real.pb.MessageEnvelope.deserializeBinary(b)),
  } satisfies Codec<MessageEnvelope>,
  {
    name: 'SyncRequest',
    arb: request,
    encode: proto.encodeSyncRequest,
    decode: proto.decodeSyncRequest,
    realEncode: (v: SyncRequest) => real.toPbRequest(v).serializeBinary(),
    realDecode: (b: Uint8Array) => real.fromPbRequest(real.pb.SyncRequest.deserializeBinary(b)),
  } satisfies Codec<SyncRequest>,
  {
    name: 'SyncResponse',
    arb: response,
    encode: proto.encodeSyncResponse,
    decode: proto.decodeSyncResponse,
    realEncode: (v: SyncResponse) => real.toPbResponse(v).serializeBinary(),
    realDecode: (b: Uint8Array) => real.fromPbResponse(real.pb.SyncResponse.deserializeBinary(b)),
  } satisfies Codec<SyncResponse>,
] as Codec<unknown>[];

describe.each(codecs)('$name against Actual (google-protobuf)', (codec) => {
  it('encodes to the same bytes', () => {
    fc.assert(
      fc.property(codec.arb, (value) => {
        expect(codec.encode(value)).toEqual(codec.realEncode(value));
      }),
      { numRuns: 300 },
    );
  });

  it('decodes what Actual encodes, and Actual decodes what we encode', () => {
    fc.assert(
      fc.property(codec.arb, (value) => {
        const expected = codec.realDecode(codec.realEncode(value));
        expect(codec.decode(codec.realEncode(value))).toEqual(expected);
        expect(codec.realDecode(codec.encode(value))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('returns plain Uint8Arrays of its own', () => {
    fc.assert(
      fc.property(codec.arb, (value) => {
        const out = codec.encode(value);
        expect(Object.getPrototypeOf(out)).toBe(Uint8Array.prototype);
        expect(out.byteOffset).toBe(0);
        expect(out.buffer.byteLength).toBe(out.length);
      }),
      { numRuns: 50 },
    );
  });

  it('throws ProtobufDecodeError, and nothing else, on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (input) => {
        try {
          codec.decode(input);
        } catch (error) {
          expect(error).toBeInstanceOf(ProtobufDecodeError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('protobuf codecs', () => {
  const sample: SyncMessage = {
    dataset: 'transactions',
    row: 'id-1',
    column: 'amount',
    value: 'N:-1200',
  };

  it('reads a string field of any bytes as protobufjs reads it (well-formed UTF-8 by the platform decoder)', () => {
    const raw = fc.oneof(
      fc.uint8Array({ max: 0x7f, maxLength: 120 }),
      fc.uint8Array({ maxLength: 120 }),
      fc
        .array(fc.constantFrom(0x41, 0x7f, 0x80, 0xc3, 0xa9, 0xed, 0xa0, 0xbf, 0xf0, 0x9f), {
          maxLength: 120,
        })
        .map((list) => Uint8Array.from(list)),
    );
    fc.assert(
      fc.property(raw, fc.uint8Array({ max: 0x7f, maxLength: 5 }), (text, after) => {
        // Field 1 (dataset, length-delimited), then field 2 (row) read after it.
        const field = Uint8Array.from([10, text.length, ...text, 18, after.length, ...after]);
        const expected = new protobuf.Reader(Uint8Array.from([text.length, ...text])).string();
        const decoded = proto.decodeMessage(field);
        expect(decoded.dataset).toBe(expected);
        expect(decoded.row).toBe(new TextDecoder().decode(after));
      }),
      { numRuns: 2000 },
    );
    // A leading byte-order mark is kept, a U+FFFD written as such is read as one, and an encoded
    // surrogate (which the platform decoder refuses) is read as protobufjs reads it.
    for (const text of [
      [0xef, 0xbb, 0xbf, 0x41],
      [0xef, 0xbf, 0xbd],
      [0x41, 0xed, 0xa0, 0x80],
    ]) {
      const expected = new protobuf.Reader(Uint8Array.from([text.length, ...text])).string();
      expect(proto.decodeMessage(Uint8Array.from([10, text.length, ...text])).dataset).toBe(
        expected,
      );
    }
    expect(proto.decodeMessage(Uint8Array.from([10, 4, 0xef, 0xbb, 0xbf, 0x41])).dataset).toBe(
      '\uFEFFA',
    );
    // A length past the end still fails as before.
    expect(() => proto.decodeMessage(Uint8Array.from([10, 5, 0x41]))).toThrow(ProtobufDecodeError);
  });

  it('fills proto3 defaults when decoding', () => {
    expect(proto.decodeSyncRequest(new Uint8Array(0))).toEqual({
      messages: [],
      fileId: '',
      groupId: '',
      keyId: '',
      since: '',
    });
    expect(proto.decodeMessageEnvelope(new Uint8Array(0))).toEqual({
      timestamp: '',
      isEncrypted: false,
      content: new Uint8Array(0),
    });
    expect(proto.decodeEncryptedData(new Uint8Array(0))).toEqual({
      iv: new Uint8Array(0),
      authTag: new Uint8Array(0),
      data: new Uint8Array(0),
    });
  });

  it('uses the reference field numbers', () => {
    // dataset=1 "a", row=2 "b", column=3 "c", value=4 "d"
    expect([...proto.encodeMessage({ dataset: 'a', row: 'b', column: 'c', value: 'd' })]).toEqual([
      0x0a, 1, 97, 0x12, 1, 98, 0x1a, 1, 99, 0x22, 1, 100,
    ]);
    // fileId=2, groupId=3, keyId=5, since=6 (tag 4 unused)
    expect([
      ...proto.encodeSyncRequest({
        messages: [],
        fileId: 'f',
        groupId: 'g',
        keyId: 'k',
        since: 's',
      }),
    ]).toEqual([0x12, 1, 102, 0x1a, 1, 103, 0x2a, 1, 107, 0x32, 1, 115]);
  });

  it('copies decoded bytes out of the input buffer', () => {
    const input = proto.encodeEncryptedData({
      iv: new Uint8Array([1, 2, 3]),
      authTag: new Uint8Array([4]),
      data: new Uint8Array([5]),
    });
    const decoded = proto.decodeEncryptedData(input);
    input.fill(0);
    expect([...decoded.iv]).toEqual([1, 2, 3]);
    expect(Object.getPrototypeOf(decoded.iv)).toBe(Uint8Array.prototype);
  });

  it('keeps the envelopes of a response apart from the input buffer', () => {
    const envelopes = [
      { timestamp: 't1', isEncrypted: false, content: proto.encodeMessage(sample) },
      { timestamp: 't2', isEncrypted: true, content: new Uint8Array([9, 8, 7]) },
      { timestamp: 't3', isEncrypted: false, content: new Uint8Array(0) },
    ];
    for (const input of [
      proto.encodeSyncResponse({ messages: envelopes, merkle: '{}' }),
      Buffer.from(proto.encodeSyncResponse({ messages: envelopes, merkle: '{}' })),
    ]) {
      const decoded = proto.decodeSyncResponse(input);
      input.fill(0);
      expect(decoded.messages).toEqual(envelopes);
      for (const e of decoded.messages) {
        expect(Object.getPrototypeOf(e.content)).toBe(Uint8Array.prototype);
      }
    }
  });

  it('reads Node Buffers like any other bytes', () => {
    const envelope = { timestamp: 't', isEncrypted: true, content: proto.encodeMessage(sample) };
    const decoded = proto.decodeMessageEnvelope(Buffer.from(proto.encodeMessageEnvelope(envelope)));
    expect(decoded).toEqual(envelope);
    expect(proto.decodeMessage(decoded.content)).toEqual(sample);
    // Long strings with unpaired surrogates read back as Actual reads them, Buffer or not.
    const odd = { ...sample, value: `S:${'y'.repeat(50)}\uDC00` };
    const bytesOut = real.toPbMessage(odd).serializeBinary();
    expect(proto.decodeMessage(Buffer.from(bytesOut))).toEqual(throughActual(odd));
    expect(proto.decodeMessage(Buffer.from(bytesOut)).value).toBe(odd.value);
  });

  it('writes unpaired surrogates as Actual does: a high one before a non-low unit is dropped', () => {
    const odd = { ...sample, value: 'S:\uD800x\uDC00' + 'y'.repeat(50) + '\uD83D' };
    expect(proto.encodeMessage(odd)).toEqual(real.toPbMessage(odd).serializeBinary());
    expect(proto.decodeMessage(proto.encodeMessage(odd)).value).toBe(
      'S:x\uDC00' + 'y'.repeat(50) + '\uD83D',
    );
    expect(throughActual(odd).value).toBe('S:x\uDC00' + 'y'.repeat(50) + '\uD83D');
  });

  it('rejects truncated and malformed input with ProtobufDecodeError', () => {
    const good = proto.encodeSyncRequest({
      messages: [{ timestamp: 't', isEncrypted: false, content: proto.encodeMessage(sample) }],
      fileId: 'file',
      groupId: 'group',
      keyId: '',
      since: 's',
    });
    const cases = [
      good.subarray(0, good.length - 1),
      new Uint8Array([0x0a, 0xff]), // length beyond the end
      new Uint8Array([0x08, 0x80]), // unterminated varint
      new Uint8Array([0x0b]), // group start without end
      new Uint8Array([0x0c]), // group end out of place
      new Uint8Array([0x0e]), // wire type 6 does not exist
      new Uint8Array(100_000).fill(0x0b), // deeply nested groups
    ];
    for (const input of cases) {
      expect(() => proto.decodeSyncRequest(input)).toThrow(ProtobufDecodeError);
    }
  });
});

/**
 * The codec before it was written out: protobufjs's reflection, whose encoders and decoders
 * are compiled with `Function` (what kept 'unsafe-eval' in the worker's CSP). The written-out
 * codec must put the same bytes on the wire and read the same values back.
 */
const compiled = (() => {
  const f = (type: string, id: number) => ({ type, id });
  const envelopes = { rule: 'repeated', type: 'MessageEnvelope', id: 1 };
  const root = protobuf.Root.fromJSON({
    nested: {
      EncryptedData: { fields: { iv: f('bytes', 1), authTag: f('bytes', 2), data: f('bytes', 3) } },
      Message: {
        fields: {
          dataset: f('string', 1),
          row: f('string', 2),
          column: f('string', 3),
          value: f('string', 4),
        },
      },
      MessageEnvelope: {
        fields: { timestamp: f('string', 1), isEncrypted: f('bool', 2), content: f('bytes', 3) },
      },
      SyncRequest: {
        fields: {
          messages: envelopes,
          fileId: f('string', 2),
          groupId: f('string', 3),
          keyId: f('string', 5),
          since: f('string', 6),
        },
      },
      SyncResponse: { fields: { messages: envelopes, merkle: f('string', 2) } },
    },
  });
  return (name: string) => root.lookupType(name);
})();

describe.each(codecs)('$name against the compiled protobufjs codec it replaced', (codec) => {
  const type = compiled(codec.name);
  it('encodes to the same bytes', () => {
    fc.assert(
      fc.property(codec.arb, (value) => {
        const ours = codec.encode(value);
        // What the old encoder wrote for the same value (proto3 defaults as ours leaves them).
        const theirs = type.encode(type.decode(new protobuf.Reader(ours)), new protobuf.Writer());
        expect(ours).toEqual(new Uint8Array(theirs.finish()));
        expect(ours).toEqual(codec.realEncode(value));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts and refuses the same arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (input) => {
        let theirs: unknown = 'refused';
        try {
          type.decode(new protobuf.Reader(input));
          theirs = 'read';
        } catch {
          theirs = 'refused';
        }
        let ours: unknown;
        try {
          codec.decode(input);
          ours = 'read';
        } catch {
          ours = 'refused';
        }
        expect(ours).toBe(theirs);
      }),
      { numRuns: 2000 },
    );
  });
});
