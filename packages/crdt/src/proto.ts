/**
 * The sync protocol's protobuf messages (proto3, the field numbers of Actual's `sync.proto`),
 * as plain objects in and `Uint8Array` out. Encoding leaves out fields holding their default
 * value, as proto3 encoders do, so the bytes match Actual's encoder byte for byte.
 */
import protobuf from 'protobufjs/light.js';
import { ProtobufDecodeError } from './errors.ts';

/** One cell write; `value` is the serialized value (`serializeValue`). */
export interface SyncMessage {
  dataset: string;
  row: string;
  column: string;
  value: string;
}

/** An AES-256-GCM encrypted `SyncMessage`. */
export interface EncryptedData {
  iv: Uint8Array;
  authTag: Uint8Array;
  data: Uint8Array;
}

/** A message on the wire: the timestamp stays in the clear because the server needs it. */
export interface MessageEnvelope {
  timestamp: string;
  isEncrypted: boolean;
  /** An encoded `SyncMessage`, or an encoded `EncryptedData` when `isEncrypted`. */
  content: Uint8Array;
}

export interface SyncRequest {
  messages: MessageEnvelope[];
  fileId: string;
  groupId: string;
  /** `''` when the file is not encrypted. */
  keyId: string;
  /** Timestamp string: the server returns the messages after it. */
  since: string;
}

export interface SyncResponse {
  messages: MessageEnvelope[];
  /** The server's merkle trie as a JSON string. */
  merkle: string;
}

const field = (type: string, id: number) => ({ type, id });
const envelopes = { rule: 'repeated', type: 'MessageEnvelope', id: 1 };

// Built once: the types are fixed, and protobufjs only caches generated code on them.
const root = protobuf.Root.fromJSON({
  nested: {
    EncryptedData: {
      fields: { iv: field('bytes', 1), authTag: field('bytes', 2), data: field('bytes', 3) },
    },
    Message: {
      fields: {
        dataset: field('string', 1),
        row: field('string', 2),
        column: field('string', 3),
        value: field('string', 4),
      },
    },
    MessageEnvelope: {
      fields: {
        timestamp: field('string', 1),
        isEncrypted: field('bool', 2),
        content: field('bytes', 3),
      },
    },
    SyncRequest: {
      fields: {
        messages: envelopes,
        fileId: field('string', 2),
        groupId: field('string', 3),
        keyId: field('string', 5),
        since: field('string', 6),
      },
    },
    SyncResponse: { fields: { messages: envelopes, merkle: field('string', 2) } },
  },
});

const types = {
  EncryptedData: root.lookupType('EncryptedData'),
  Message: root.lookupType('Message'),
  MessageEnvelope: root.lookupType('MessageEnvelope'),
  SyncRequest: root.lookupType('SyncRequest'),
  SyncResponse: root.lookupType('SyncResponse'),
};
type TypeName = keyof typeof types;
type Fields = Record<string, unknown>;

// A high surrogate followed by anything but a low surrogate. Actual's encoder (google-protobuf)
// writes nothing for it; every other unpaired surrogate it writes as three bytes, as protobufjs
// does. Dropping these first makes the bytes identical.
const DROPPED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])(?=[\s\S])/g;

/** Drops default values (empty strings and bytes, `false`, empty lists), as proto3 does. */
function withoutDefaults(object: object): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(object)) {
    if (value === false || value === '' || value == null) continue;
    if ((value instanceof Uint8Array || Array.isArray(value)) && value.length === 0) continue;
    out[key] = typeof value === 'string' ? value.replace(DROPPED_SURROGATE, '') : value;
  }
  return out;
}

function encode(name: TypeName, object: Fields): Uint8Array {
  // The plain Writer, not protobufjs's Node Buffer writer: that one switches to Node's UTF-8
  // encoder for long strings, which writes unpaired surrogates differently. Its output may be
  // a view into a shared slab, so callers get a copy of their own.
  return new Uint8Array(types[name].encode(object, new protobuf.Writer()).finish());
}

function decode(name: TypeName, bytes: Uint8Array): Fields {
  try {
    // The plain Reader for the same reason: it reads unpaired surrogates back as Actual does.
    return types[name].decode(new protobuf.Reader(bytes)) as unknown as Fields;
  } catch (error) {
    throw new ProtobufDecodeError(name, { cause: error });
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const bin = (value: unknown): Uint8Array =>
  value instanceof Uint8Array ? new Uint8Array(value) : new Uint8Array(0);

function envelopeFields(envelope: MessageEnvelope): Fields {
  return withoutDefaults(envelope);
}

function envelopeFromFields(fields: Fields): MessageEnvelope {
  return {
    timestamp: str(fields.timestamp),
    isEncrypted: fields.isEncrypted === true,
    content: bin(fields.content),
  };
}

function envelopeList(value: unknown): MessageEnvelope[] {
  return Array.isArray(value) ? value.map((item: Fields) => envelopeFromFields(item)) : [];
}

export function encodeMessage(message: SyncMessage): Uint8Array {
  return encode('Message', withoutDefaults(message));
}

export function decodeMessage(bytes: Uint8Array): SyncMessage {
  const fields = decode('Message', bytes);
  return {
    dataset: str(fields.dataset),
    row: str(fields.row),
    column: str(fields.column),
    value: str(fields.value),
  };
}

export function encodeEncryptedData(data: EncryptedData): Uint8Array {
  return encode('EncryptedData', withoutDefaults(data));
}

export function decodeEncryptedData(bytes: Uint8Array): EncryptedData {
  const fields = decode('EncryptedData', bytes);
  return { iv: bin(fields.iv), authTag: bin(fields.authTag), data: bin(fields.data) };
}

export function encodeMessageEnvelope(envelope: MessageEnvelope): Uint8Array {
  return encode('MessageEnvelope', envelopeFields(envelope));
}

export function decodeMessageEnvelope(bytes: Uint8Array): MessageEnvelope {
  return envelopeFromFields(decode('MessageEnvelope', bytes));
}

export function encodeSyncRequest(request: SyncRequest): Uint8Array {
  const fields = withoutDefaults(request);
  if (fields.messages) fields.messages = request.messages.map(envelopeFields);
  return encode('SyncRequest', fields);
}

export function decodeSyncRequest(bytes: Uint8Array): SyncRequest {
  const fields = decode('SyncRequest', bytes);
  return {
    messages: envelopeList(fields.messages),
    fileId: str(fields.fileId),
    groupId: str(fields.groupId),
    keyId: str(fields.keyId),
    since: str(fields.since),
  };
}

export function encodeSyncResponse(response: SyncResponse): Uint8Array {
  const fields = withoutDefaults(response);
  if (fields.messages) fields.messages = response.messages.map(envelopeFields);
  return encode('SyncResponse', fields);
}

export function decodeSyncResponse(bytes: Uint8Array): SyncResponse {
  const fields = decode('SyncResponse', bytes);
  return { messages: envelopeList(fields.messages), merkle: str(fields.merkle) };
}
