import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DRIFT,
  advance,
  deserializeClock,
  makeClock,
  recv,
  send,
  serializeClock,
} from './clock.ts';
import type { Clock } from './clock.ts';
import {
  ClockDriftError,
  DuplicateNodeError,
  InvalidTimestampError,
  OverflowError,
} from './errors.ts';
import { build, insert } from './merkle.ts';
import { Timestamp, hashTimestampText } from './timestamp.ts';
import { Actual, ActualTimestamp, actualRecv, actualSend } from './test-helpers/actual.ts';
import type { ClockState, Outcome } from './test-helpers/actual.ts';
import { clusteredTimestamps, hexNode } from './test-helpers/arbitraries.ts';

const NODE = 'a1b2c3d4e5f60718';
const OTHER = '0123456789abcdef';
const T = Date.UTC(2023, 7, 6, 10);

const clockAt = (millis: number, counter = 0, node = NODE) =>
  makeClock(new Timestamp(millis, counter, node));

function attempt(run: () => Timestamp | void, clock: Clock): { result: Outcome; after: string } {
  try {
    const ts = run();
    return { result: { ok: String(ts ?? clock.timestamp) }, after: clock.timestamp.toString() };
  } catch (error) {
    return { result: { error: (error as Error).name }, after: clock.timestamp.toString() };
  }
}

describe('send', () => {
  it('counts up within a millisecond and resets when time moves on', () => {
    const clock = clockAt(T);
    expect(send(clock, T).toString()).toBe(`2023-08-06T10:00:00.000Z-0001-${NODE}`);
    expect(send(clock, T - 1000).toString()).toBe(`2023-08-06T10:00:00.000Z-0002-${NODE}`);
    expect(send(clock, T + 1).toString()).toBe(`2023-08-06T10:00:00.001Z-0000-${NODE}`);
    expect(clock.timestamp.toString()).toBe(`2023-08-06T10:00:00.001Z-0000-${NODE}`);
  });

  it('refuses to run more than five minutes ahead of the wall clock, leaving the clock as it was', () => {
    const clock = clockAt(T + MAX_DRIFT + 1, 4);
    expect(() => send(clock, T)).toThrow(ClockDriftError);
    expect(clock.timestamp.counter()).toBe(4);
    expect(send(clockAt(T + MAX_DRIFT), T).counter()).toBe(1);
  });

  it('overflows after 0xFFFF events in one millisecond', () => {
    const clock = clockAt(T, 0xfffe);
    expect(send(clock, T).counter()).toBe(0xffff);
    expect(() => send(clock, T)).toThrow(OverflowError);
    expect(clock.timestamp.counter()).toBe(0xffff);
    expect(send(clock, T + 1).counter()).toBe(0);
  });

  it('treats a bad wall-clock reading as a bug and leaves the clock alone', () => {
    const clock = clockAt(T);
    expect(() => send(clock, T + 0.5)).toThrow(RangeError);
    expect(clock.timestamp.toString()).toBe(clockAt(T).timestamp.toString());
  });
});

describe('recv', () => {
  const remote = (millis: number, counter: number) => new Timestamp(millis, counter, OTHER);
  const after = (clock: Clock) => [clock.timestamp.millis(), clock.timestamp.counter()];

  it('takes the larger counter plus one when all three times are equal', () => {
    const clock = clockAt(T, 3);
    recv(clock, remote(T, 7), T);
    expect(after(clock)).toEqual([T, 8]);
  });

  it('counts on from the local clock when it is ahead', () => {
    const clock = clockAt(T + 10, 3);
    recv(clock, remote(T + 5, 9), T);
    expect(after(clock)).toEqual([T + 10, 4]);
  });

  it('counts on from the remote timestamp when it is ahead', () => {
    const clock = clockAt(T, 3);
    recv(clock, remote(T + 10, 9), T + 5);
    expect(after(clock)).toEqual([T + 10, 10]);
  });

  it('resets the counter when the wall clock is ahead of both', () => {
    const clock = clockAt(T, 3);
    recv(clock, remote(T + 5, 9), T + 10);
    expect(after(clock)).toEqual([T + 10, 0]);
    expect(clock.timestamp.node()).toBe(NODE);
  });

  it('rejects a remote timestamp more than five minutes in the future', () => {
    const clock = clockAt(T);
    expect(() => recv(clock, remote(T + MAX_DRIFT + 1, 0), T)).toThrow(ClockDriftError);
    expect(after(clock)).toEqual([T, 0]);
    recv(clock, remote(T + MAX_DRIFT, 0), T);
    expect(after(clock)).toEqual([T + MAX_DRIFT, 1]);
  });

  it('rejects when the local clock itself has drifted, and overflows like send', () => {
    expect(() => recv(clockAt(T + MAX_DRIFT + 1), remote(T, 0), T)).toThrow(ClockDriftError);
    expect(() => recv(clockAt(T, 0xffff), remote(T, 0), T)).toThrow(OverflowError);
    expect(() => recv(clockAt(T), remote(T, 0xffff), T)).toThrow(OverflowError);
  });

  it('accepts our own node id unless asked not to, as Actual 2.1.0 does', () => {
    const own = new Timestamp(T, 1, NODE);
    const clock = clockAt(T);
    recv(clock, own, T);
    expect(after(clock)).toEqual([T, 2]);
    expect(() => recv(clock, own, T, { rejectDuplicateNode: true })).toThrow(DuplicateNodeError);
    expect(() =>
      recv(clockAt(T, 0, '1'), new Timestamp(T, 0, '0001'), T, { rejectDuplicateNode: true }),
    ).toThrow(DuplicateNodeError);
  });
});

describe('send and recv against Actual', () => {
  // Clock, remote and wall times within a few minutes of each other, with the drift and
  // overflow boundaries well represented.
  const delta = fc.oneof(
    fc.integer({ min: -10 * 60_000, max: 10 * 60_000 }),
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(MAX_DRIFT - 1, MAX_DRIFT, MAX_DRIFT + 1, -MAX_DRIFT),
  );
  const counter = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom(0xfffe, 0xffff));
  const state = fc.record({ millis: delta.map((d) => T + d), counter, node: hexNode });
  const op = fc.oneof(
    fc.record({ kind: fc.constant('send' as const), now: delta.map((d) => T + d) }),
    fc.record({
      kind: fc.constant('recv' as const),
      now: delta.map((d) => T + d),
      remote: fc.tuple(delta, counter, hexNode).map(([d, c, n]) => new Timestamp(T + d, c, n)),
    }),
  );

  it('issue the same timestamps and throw the same errors for any sequence of events', () => {
    fc.assert(
      fc.property(state, fc.array(op, { maxLength: 12 }), (start, ops) => {
        const clock = makeClock(new Timestamp(start.millis, start.counter, start.node));
        for (const o of ops) {
          const real: ClockState = {
            millis: clock.timestamp.millis(),
            counter: clock.timestamp.counter(),
            node: clock.timestamp.node(),
          };
          if (o.kind === 'send') {
            expect(attempt(() => send(clock, o.now), clock)).toEqual(actualSend(real, o.now));
          } else {
            expect(attempt(() => recv(clock, o.remote, o.now), clock)).toEqual(
              actualRecv(real, o.remote.toString(), o.now),
            );
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('clock storage', () => {
  it('serializes to the JSON Actual stores, and reads Actual JSON back', () => {
    fc.assert(
      fc.property(
        hexNode,
        fc.integer({ min: 0, max: T }),
        clusteredTimestamps({ maxLength: 8 }),
        (node, millis, ts) => {
          const trie = build(ts);
          const ours = serializeClock(makeClock(new Timestamp(millis, 1, node), trie));
          const real = Actual.serializeClock(
            Actual.makeClock(new ActualTimestamp(millis, 1, node), trie),
          );
          expect(ours).toBe(real);
          const back = deserializeClock(real, 'ffffffffffffffff');
          expect(back.timestamp.toString()).toBe(
            Actual.deserializeClock(real).timestamp.toString(),
          );
          expect(back.merkle).toEqual(trie);
        },
      ),
    );
    expect(serializeClock(clockAt(0, 0, NODE))).toBe(
      `{"timestamp":"1970-01-01T00:00:00.000Z-0000-${NODE}","merkle":{}}`,
    );
  });

  it('falls back to a zero clock with the new node when the JSON is unreadable', () => {
    for (const bad of ['', '{', 'null', '[1]', '"text"']) {
      const clock = deserializeClock(bad, NODE);
      expect(clock.timestamp.toString()).toBe(`1970-01-01T00:00:00.000Z-0000-${NODE}`);
      expect(clock.merkle).toEqual({});
    }
    expect(Actual.deserializeClock('{').merkle).toEqual({});
  });

  it('throws on a stored timestamp that does not parse, as Actual does', () => {
    const json = JSON.stringify({ timestamp: 'garbage', merkle: {} });
    expect(() => deserializeClock(json, NODE)).toThrow(InvalidTimestampError);
    expect(() => Actual.deserializeClock(json)).toThrow('timestamp is not valid');
    const noMerkle = deserializeClock(
      JSON.stringify({ timestamp: Timestamp.zero.toString() }),
      NODE,
    );
    expect(noMerkle.merkle).toEqual({});
  });

  it('keeps merkle updates on the clock object', () => {
    const clock = clockAt(T);
    clock.merkle = insert(clock.merkle, send(clock, T));
    expect(deserializeClock(serializeClock(clock), OTHER).merkle).toEqual(clock.merkle);
  });
});

describe('advance', () => {
  it('moves the clock exactly as send does and hands out the clock’s own timestamp', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 30 }),
        (steps) => {
          const start = new Timestamp(Date.UTC(2024, 0, 1), 0, '0123456789abcdef');
          const a = makeClock(start);
          const b = makeClock(start);
          let now = Date.UTC(2024, 0, 1);
          for (const step of steps) {
            now += step;
            const sent = send(a, now);
            const advanced = advance(b, now);
            expect(advanced).toBe(b.timestamp);
            expect(advanced.toString()).toBe(sent.toString());
            expect(hashTimestampText(advanced.toString())).toBe(sent.hash());
          }
        },
      ),
    );
  });
});
