/**
 * Every error this package throws on purpose. Each sets `name` so callers that only see a
 * serialized error (across a worker boundary, say) can still tell them apart.
 */

/** The clock would move more than the allowed drift ahead of the wall clock. */
export class ClockDriftError extends Error {
  override readonly name = 'ClockDriftError';
  constructor(
    /** The logical time (ms) that was rejected. */
    readonly millis: number,
    /** The wall-clock time (ms) it was compared with. */
    readonly now: number,
    readonly maxDrift: number,
  ) {
    super(`maximum clock drift exceeded: ${millis} is more than ${maxDrift} ms ahead of ${now}`);
  }
}

/** More than 0xFFFF events within one millisecond. */
export class OverflowError extends Error {
  override readonly name = 'OverflowError';
  constructor() {
    super('timestamp counter overflow');
  }
}

/** A remote timestamp carries our own node id (only raised when asked for, see `recv`). */
export class DuplicateNodeError extends Error {
  override readonly name = 'DuplicateNodeError';
  constructor(readonly node: string) {
    super(`duplicate node identifier ${node}`);
  }
}

/** A stored clock holds a timestamp string that does not parse. */
export class InvalidTimestampError extends Error {
  override readonly name = 'InvalidTimestampError';
  constructor(readonly value: unknown) {
    super(`timestamp is not valid: ${String(value)}`);
  }
}

/** A serialized cell value does not start with a known type prefix. */
export class ValueDecodeError extends Error {
  override readonly name = 'ValueDecodeError';
  constructor(readonly value: string) {
    super(`invalid type key for value: ${JSON.stringify(value.slice(0, 40))}`);
  }
}

/** Bytes that are not a valid encoding of the expected protobuf message. */
export class ProtobufDecodeError extends Error {
  override readonly name = 'ProtobufDecodeError';
  constructor(
    readonly messageType: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot decode ${messageType}: malformed protobuf bytes`, options);
  }
}
