/**
 * The sync protocol's protobuf messages (proto3, the field numbers of Actual's `sync.proto`),
 * as plain objects in and `Uint8Array` out. Encoding leaves out fields holding their default
 * value, as proto3 encoders do, so the bytes match Actual's encoder byte for byte.
 */
import protobuf from 'protobufjs/minimal.js';
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

/**
 * How each message's fields go on the wire, in field-number order (the order both protobufjs
 * and Actual's google-protobuf write them). Written out rather than compiled by protobufjs's
 * reflection, which builds its encoders with `Function`: the core worker then runs under a CSP
 * without 'unsafe-eval'. proto.test.ts holds the bytes equal to the compiled encoder's.
 */
type Kind = 'string' | 'bytes' | 'bool' | 'envelopes';
type Schema = Readonly<Record<number, readonly [name: string, kind: Kind]>>;

const SCHEMAS = {
  EncryptedData: { 1: ['iv', 'bytes'], 2: ['authTag', 'bytes'], 3: ['data', 'bytes'] },
  Message: {
    1: ['dataset', 'string'],
    2: ['row', 'string'],
    3: ['column', 'string'],
    4: ['value', 'string'],
  },
  MessageEnvelope: {
    1: ['timestamp', 'string'],
    2: ['isEncrypted', 'bool'],
    3: ['content', 'bytes'],
  },
  SyncRequest: {
    1: ['messages', 'envelopes'],
    2: ['fileId', 'string'],
    3: ['groupId', 'string'],
    5: ['keyId', 'string'],
    6: ['since', 'string'],
  },
  SyncResponse: { 1: ['messages', 'envelopes'], 2: ['merkle', 'string'] },
} as const satisfies Record<string, Schema>;

type TypeName = keyof typeof SCHEMAS;
type Fields = Record<string, unknown>;

/** Wire types: 0 varint (bool), 2 length-delimited (string, bytes, messages). */
const wireType = (kind: Kind): number => (kind === 'bool' ? 0 : 2);

function writeFields(schema: Schema, object: Fields, writer: protobuf.Writer): protobuf.Writer {
  const ids = Object.keys(schema)
    .map(Number)
    .sort((x, y) => x - y);
  for (const id of ids) {
    const [name, kind] = schema[id]!;
    const value = object[name];
    if (value == null) continue;
    const tag = (id << 3) | wireType(kind);
    if (kind === 'string') writer.uint32(tag).string(String(value));
    else if (kind === 'bytes') writer.uint32(tag).bytes(value as Uint8Array);
    else if (kind === 'bool') writer.uint32(tag).bool(value === true);
    else {
      for (const item of value as Fields[]) {
        writeFields(SCHEMAS.MessageEnvelope, item, writer.uint32(tag).fork()).ldelim();
      }
    }
  }
  return writer;
}

/**
 * Reads one message's fields as protobufjs's compiled decoder does: a nested message may not
 * read past its own length nor stop short of it, and unknown fields are skipped.
 */
function readFields(schema: Schema, reader: protobuf.Reader, length?: number, depth = 0): Fields {
  const outer = reader.len;
  const end = length === undefined ? reader.len : reader.pos + length;
  if (end > reader.len) throw new RangeError('index out of range');
  reader.len = end;
  const out: Fields = {};
  while (reader.pos < end) {
    const tag = reader.uint32();
    const entry = schema[tag >>> 3];
    if (!entry) {
      reader.skipType(tag & 7, depth);
      continue;
    }
    const [name, kind] = entry;
    if (kind === 'string') out[name] = readString(reader);
    else if (kind === 'bytes') out[name] = reader.bytes();
    else if (kind === 'bool') out[name] = reader.bool();
    else {
      const list = (out[name] as MessageEnvelope[] | undefined) ?? [];
      list.push(readEnvelope(reader, reader.uint32(), depth + 1));
      out[name] = list;
    }
  }
  if (length !== undefined) {
    if (reader.pos !== end) throw new RangeError('index out of range');
    reader.len = outer;
  }
  return out;
}

/** Never throws: what it cannot read becomes U+FFFD, and `readString` then asks protobufjs. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A string field, read as `reader.string()` reads it. protobufjs builds each string from an
 * array of char codes and a copy of that array: for the thousands of short strings of a
 * catch-up (timestamps, ids, table and column names) that was the largest share of what the
 * collector then cleared while a new device caught up (issue 30). The platform's decoder reads
 * every well-formed UTF-8 string as protobufjs does; for broken UTF-8 (and encoded lone
 * surrogates) it writes U+FFFD where protobufjs writes something else, so a string holding
 * U+FFFD is read again through protobufjs, whose reading is Actual's. The check runs on the
 * string, natively: a byte-by-byte look at every field in JavaScript cost a cold catch-up more
 * than the decoding (issue 30).
 */
function readString(reader: protobuf.Reader): string {
  const at = reader.pos;
  const length = reader.uint32();
  const start = reader.pos;
  const end = start + length;
  if (end > reader.len) {
    reader.pos = at;
    return reader.string();
  }
  reader.pos = end;
  if (length === 0) return '';
  const text = utf8.decode(reader.buf.subarray(start, end));
  if (!text.includes('\uFFFD')) return text;
  reader.pos = at;
  return reader.string();
}

/**
 * One `MessageEnvelope` inside a request or response, as `readFields` reads a nested message
 * (within its own length, unknown fields skipped), without the schema lookups: a catch-up
 * reads thousands. `content` is a view of the reader's buffer, which the callers own.
 */
function readEnvelope(reader: protobuf.Reader, length: number, depth: number): MessageEnvelope {
  const outer = reader.len;
  const end = reader.pos + length;
  if (end > reader.len) throw new RangeError('index out of range');
  reader.len = end;
  let timestamp = '';
  let isEncrypted = false;
  let content: Uint8Array | null = null;
  while (reader.pos < end) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    if (field === 1) timestamp = readString(reader);
    else if (field === 2) isEncrypted = reader.bool();
    else if (field === 3) content = reader.bytes();
    else reader.skipType(tag & 7, depth);
  }
  if (reader.pos !== end) throw new RangeError('index out of range');
  reader.len = outer;
  // protobufjs answers an empty field with a Node Buffer where there is one: always a plain array.
  return {
    timestamp,
    isEncrypted,
    content: content && content.length > 0 ? content : new Uint8Array(0),
  };
}

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
  return new Uint8Array(writeFields(SCHEMAS[name], object, new protobuf.Writer()).finish());
}

/**
 * `bytes` read by `SCHEMAS[name]`. Envelopes' contents are views of one copy of `bytes` made
 * here (the caller's array may change after), not one copy each: a catch-up holds thousands.
 */
function decode(name: TypeName, bytes: Uint8Array): Fields {
  try {
    // A plain Uint8Array copy, also of a Node Buffer (whose `slice` is a view, not a copy).
    const own = SCHEMAS[name][1]?.[1] === 'envelopes' ? new Uint8Array(bytes) : bytes;
    // The plain Reader for the same reason: it reads unpaired surrogates back as Actual does.
    return readFields(SCHEMAS[name], new protobuf.Reader(own));
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
  return Array.isArray(value) ? (value as MessageEnvelope[]) : [];
}

export function encodeMessage(message: SyncMessage): Uint8Array {
  return encode('Message', withoutDefaults(message));
}

/**
 * `decodeMessage` for a message whose bytes are all ASCII (a synced cell's usual message:
 * every tag and length is then one byte), from one platform decode of the whole message and a
 * substring per field, instead of a decode per field (four per message, thousands in a
 * catch-up, issue 30). Null when the bytes hold anything else (a byte past ASCII, a field other
 * than 1–4 as a string, a field running past the end): the reader reads those as before.
 * UTF-8 decodes to as many characters as bytes only when every byte is ASCII (a longer
 * sequence gives fewer, a broken byte its U+FFFD).
 */
function asciiMessage(bytes: Uint8Array): SyncMessage | null {
  const text = utf8.decode(bytes);
  const end = text.length;
  if (end !== bytes.length || text.includes('\uFFFD')) return null;
  let dataset = '';
  let row = '';
  let column = '';
  let value = '';
  let at = 0;
  while (at < end) {
    // Fields 1–4 as length-delimited (wire type 2): tags 10, 18, 26 and 34.
    const tag = text.charCodeAt(at);
    if ((tag & 7) !== 2 || tag < 10 || tag > 34 || at + 1 >= end) return null;
    const start = at + 2;
    at = start + text.charCodeAt(at + 1);
    if (at > end) return null;
    const field = text.substring(start, at);
    if (tag === 10) dataset = field;
    else if (tag === 18) row = field;
    else if (tag === 26) column = field;
    else value = field;
  }
  return { dataset, row, column, value };
}

/** As `decode('Message', …)` reads it, without the schema lookups: one per message synced. */
export function decodeMessage(bytes: Uint8Array): SyncMessage {
  const ascii = asciiMessage(bytes);
  if (ascii) return ascii;
  let dataset = '';
  let row = '';
  let column = '';
  let value = '';
  try {
    const reader = new protobuf.Reader(bytes);
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      const field = tag >>> 3;
      if (field === 1) dataset = readString(reader);
      else if (field === 2) row = readString(reader);
      else if (field === 3) column = readString(reader);
      else if (field === 4) value = readString(reader);
      else reader.skipType(tag & 7, 0);
    }
  } catch (error) {
    throw new ProtobufDecodeError('Message', { cause: error });
  }
  return { dataset, row, column, value };
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
