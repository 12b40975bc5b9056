import { randomFillSync } from 'node:crypto';

/** Random uuids made per refill of the pool (16 bytes each). */
const POOL_UUIDS = 256;
/** '0'…'9', 'a'…'f' as bytes. */
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/**
 * Random (version 4) uuids in lower-case text, as `crypto.randomUUID` makes them, from the same
 * CSPRNG. Node's `randomUUID` joins its text from twenty pieces with `+`, which leaves a tree
 * of concatenated strings that V8 copies into one flat string the first time the uuid is
 * hashed as a Map key or bound as a parameter. An import of 35,000 new rows spent about three
 * times as much CPU and twice the memory on that as on making the ids; here the text is laid
 * out as bytes and decoded once, flat.
 */
export function createUuidSource(): () => string {
  const pool = Buffer.alloc(16 * POOL_UUIDS);
  const text = Buffer.alloc(36);
  let at = pool.length;
  return () => {
    if (at === pool.length) {
      randomFillSync(pool);
      at = 0;
    }
    // RFC 9562 §5.4: version 4 in the high nibble of byte 6, variant 10 in byte 8's top bits.
    pool[at + 6] = (pool[at + 6]! & 0x0f) | 0x40;
    pool[at + 8] = (pool[at + 8]! & 0x3f) | 0x80;
    let o = 0;
    for (let i = 0; i < 16; i++) {
      // The dashes of 8-4-4-4-12 hex digits.
      if (i === 4 || i === 6 || i === 8 || i === 10) text[o++] = 0x2d;
      const byte = pool[at + i]!;
      text[o++] = HEX[byte >> 4]!;
      text[o++] = HEX[byte & 15]!;
    }
    at += 16;
    return text.toString('latin1', 0, 36);
  };
}
