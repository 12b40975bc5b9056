import fc from 'fast-check';
import murmurhash from 'murmurhash';
import { describe, expect, it } from 'vitest';
import { murmur3 } from './murmur.ts';
import { Timestamp } from './timestamp.ts';

describe('murmur3', () => {
  it('equals murmurhash.v3 for every length of ASCII text', () => {
    let text = '';
    for (let n = 0; n < 70; n++) {
      expect(murmur3(text)).toBe(murmurhash.v3(text));
      text += String.fromCharCode(32 + ((n * 37) % 95));
    }
  });

  it('equals murmurhash.v3 for any string, including non-ASCII and control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(murmur3(text)).toBe(murmurhash.v3(text));
      }),
      { numRuns: 500 },
    );
  });

  it('equals murmurhash.v3 for timestamp strings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4102444800000 }),
        fc.integer({ min: 0, max: 0xffff }),
        fc.string({ maxLength: 16 }),
        (millis, counter, node) => {
          const text = new Timestamp(millis, counter, node).toString();
          expect(murmur3(text)).toBe(murmurhash.v3(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
