/** fast-check generators shared by the compatibility tests. */
import fc from 'fast-check';
import { Timestamp } from '../timestamp.ts';

const HEX = [...'0123456789abcdef'];
const MINUTE = 60_000;

/** The last millisecond whose minute key has 16 base-3 digits (Actual's diff throws past it). */
export const LAST_16_DIGIT_MILLIS = 3 ** 16 * MINUTE - 1;

export const hexNode = fc.string({ unit: fc.constantFrom(...HEX), minLength: 16, maxLength: 16 });

/** Mostly real node ids, sometimes short ones (printed left-padded) or odd characters. */
export const anyNode = fc.oneof(
  { weight: 4, arbitrary: hexNode },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...HEX), maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
);

export const anyMillis = fc.oneof(
  fc.integer({ min: 0, max: 8.64e15 }),
  fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2040, 0, 1) }),
  fc.constantFrom(0, 1, 59_999, 60_000, 8.64e15),
);

export const anyCounter = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }),
  fc.constantFrom(0, 1, 0xfffe, 0xffff),
);

export const anyTimestamp = fc
  .tuple(anyMillis, anyCounter, anyNode)
  .map(([millis, counter, node]) => new Timestamp(millis, counter, node));

/**
 * Timestamps clustered around a random instant, so tries share long key prefixes and minutes
 * hold several messages. Most keys have 16 digits; `early` adds pre-1997 (shorter) keys.
 */
export function clusteredTimestamps(options: { early?: boolean; maxLength?: number } = {}) {
  const base = fc.integer({
    min: Date.UTC(1998, 0, 1),
    max: LAST_16_DIGIT_MILLIS - 30 * 86_400_000,
  });
  const offset = fc.oneof(
    fc.integer({ min: 0, max: 10 * MINUTE }),
    fc.integer({ min: 0, max: 3 * 86_400_000 }),
    fc.integer({ min: 0, max: 30 * 86_400_000 }),
  );
  const nodes = fc.constantFrom('0000000000000001', 'a1b2c3d4e5f60718', 'ffffffffffffffff');
  const counter = fc.integer({ min: 0, max: 3 });
  return base.chain((start) => {
    const millis = options.early
      ? fc.oneof(
          offset.map((o) => start + o),
          fc.integer({ min: 0, max: Date.UTC(1997, 0, 1) }),
        )
      : offset.map((o) => start + o);
    return fc.uniqueArray(
      fc.tuple(millis, counter, nodes).map(([m, c, n]) => new Timestamp(m, c, n)),
      { maxLength: options.maxLength ?? 40, selector: (t) => t.toString() },
    );
  });
}
