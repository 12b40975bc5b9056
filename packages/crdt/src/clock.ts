import {
  ClockDriftError,
  DuplicateNodeError,
  InvalidTimestampError,
  OverflowError,
} from './errors.ts';
import type { TrieNode } from './merkle.ts';
import { MAX_COUNTER, MutableTimestamp, Timestamp } from './timestamp.ts';

/** How far (ms) a logical time may run ahead of the wall clock: five minutes, as in Actual. */
export const MAX_DRIFT = 5 * 60 * 1000;

/** The per-budget clock: the last timestamp issued or seen, and the merkle of the message log. */
export interface Clock {
  timestamp: MutableTimestamp;
  merkle: TrieNode;
}

/** A fresh clock; the merkle defaults to `{}`, the shape Actual stores for a new budget. */
export function makeClock(timestamp: Timestamp, merkle: TrieNode = {}): Clock {
  return { timestamp: MutableTimestamp.from(timestamp), merkle };
}

/** The JSON stored in `messages_clock.clock`. */
export function serializeClock(clock: Clock): string {
  return JSON.stringify({ timestamp: clock.timestamp.toString(), merkle: clock.merkle });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a stored clock. Text that is not a JSON object gives a zero clock with `newNodeId` and
 * an empty merkle (`{}`), as Actual does; a stored timestamp that does not parse is corruption
 * and throws `InvalidTimestampError`.
 */
export function deserializeClock(json: string, newNodeId: string): Clock {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    data = undefined;
  }
  if (!isObject(data)) return makeClock(new Timestamp(0, 0, newNodeId));
  const timestamp = typeof data.timestamp === 'string' ? Timestamp.parse(data.timestamp) : null;
  if (!timestamp) throw new InvalidTimestampError(data.timestamp);
  return makeClock(timestamp, isObject(data.merkle) ? (data.merkle as TrieNode) : {});
}

function commit(clock: Clock, millis: number, counter: number, now: number): void {
  if (millis - now > MAX_DRIFT) throw new ClockDriftError(millis, now, MAX_DRIFT);
  if (counter > MAX_COUNTER) throw new OverflowError();
  // setMillis checks its value before changing anything and the counter is a checked count,
  // so a bad `now` leaves the clock untouched.
  clock.timestamp.setMillis(millis);
  clock.timestamp.setCounter(counter);
}

/**
 * Issues the timestamp for a local event at wall-clock time `now` (ms) and advances the clock.
 * Logical time never goes backwards; within one millisecond the counter counts up.
 */
export function send(clock: Clock, now: number): Timestamp {
  return advance(clock, now).snapshot();
}

/**
 * `send` without the copy: advances the clock and returns its own timestamp, which the next
 * call changes, so read what you need from it first. For writers that stamp many messages in
 * a row and keep only the string form (one object less per message to collect).
 */
export function advance(clock: Clock, now: number): MutableTimestamp {
  const oldMillis = clock.timestamp.millis();
  const millis = Math.max(oldMillis, now);
  const counter = millis === oldMillis ? clock.timestamp.counter() + 1 : 0;
  commit(clock, millis, counter, now);
  return clock.timestamp;
}

export interface RecvOptions {
  /**
   * Throw `DuplicateNodeError` when the remote timestamp carries our node id. Actual
   * (`@actual-app/crdt` 2.1.0) has this check commented out, so it is off by default: a budget
   * folder copied by hand shares its node id and Actual still syncs it.
   */
  rejectDuplicateNode?: boolean;
}

/**
 * Merges a timestamp received from another node into the clock at wall-clock time `now` (ms),
 * so that every timestamp issued afterwards sorts after it.
 */
export function recv(
  clock: Clock,
  remote: Timestamp,
  now: number,
  options: RecvOptions = {},
): void {
  const local = clock.timestamp;
  if (options.rejectDuplicateNode && remote.toString().slice(-16) === local.toString().slice(-16)) {
    throw new DuplicateNodeError(local.node());
  }
  const remoteMillis = remote.millis();
  if (remoteMillis - now > MAX_DRIFT) throw new ClockDriftError(remoteMillis, now, MAX_DRIFT);
  const localMillis = local.millis();
  const millis = Math.max(localMillis, now, remoteMillis);
  let counter = 0;
  if (millis === localMillis && millis === remoteMillis) {
    counter = Math.max(local.counter(), remote.counter()) + 1;
  } else if (millis === localMillis) {
    counter = local.counter() + 1;
  } else if (millis === remoteMillis) {
    counter = remote.counter() + 1;
  }
  commit(clock, millis, counter, now);
}
