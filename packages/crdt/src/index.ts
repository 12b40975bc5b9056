import * as merkle from './merkle.ts';

export { merkle };
export type { TrieNode, TrieKey } from './merkle.ts';
export {
  Timestamp,
  MutableTimestamp,
  TimestampPrinter,
  hashTimestampText,
  makeClientId,
  MAX_COUNTER,
  MAX_NODE_LENGTH,
} from './timestamp.ts';
export {
  type Clock,
  type RecvOptions,
  MAX_DRIFT,
  makeClock,
  serializeClock,
  deserializeClock,
  send,
  advance,
  recv,
} from './clock.ts';
export {
  ClockDriftError,
  OverflowError,
  DuplicateNodeError,
  InvalidTimestampError,
  ValueDecodeError,
  ProtobufDecodeError,
} from './errors.ts';
export { type CellValue, serializeValue, deserializeValue } from './value.ts';
export {
  type SyncMessage,
  type EncryptedData,
  type MessageEnvelope,
  type SyncRequest,
  type SyncResponse,
  encodeMessage,
  decodeMessage,
  encodeEncryptedData,
  decodeEncryptedData,
  encodeMessageEnvelope,
  decodeMessageEnvelope,
  encodeSyncRequest,
  decodeSyncRequest,
  encodeSyncResponse,
  decodeSyncResponse,
} from './proto.ts';
export { SERVER_PATH_PREFIXES, isServerPath } from './server-paths.ts';
