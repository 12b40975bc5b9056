import murmurhash from 'murmurhash';

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/**
 * MurmurHash3 x86 32-bit, seed 0, of a string's UTF-8 bytes: what `murmurhash.v3` returns.
 * Timestamp strings are ASCII, where a character is its byte, so they are hashed straight
 * from the string; the package encodes every input with a fresh `TextEncoder` first, which
 * costs more than the hash. Anything else goes to the package.
 */
export function murmur3(text: string): number {
  const length = text.length;
  for (let i = 0; i < length; i++) {
    if (text.charCodeAt(i) > 0x7f) return murmurhash.v3(text);
  }
  const tail = length & 3;
  const body = length - tail;
  let h = 0;
  let i = 0;
  while (i < body) {
    let k =
      text.charCodeAt(i) |
      (text.charCodeAt(i + 1) << 8) |
      (text.charCodeAt(i + 2) << 16) |
      (text.charCodeAt(i + 3) << 24);
    i += 4;
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let mixedTail = 0;
  if (tail > 0) {
    let k = text.charCodeAt(i);
    if (tail > 1) k ^= text.charCodeAt(i + 1) << 8;
    if (tail > 2) k ^= text.charCodeAt(i + 2) << 16;
    mixedTail = murmurSteps.mix(k);
  }
  return murmurSteps.finish(h, mixedTail, length);
}

/**
 * MurmurHash3's steps, for a caller that hashes many strings sharing parts (a bulk write's
 * timestamps share all but their counter): the state after a shared prefix is kept, and the
 * blocks of a shared suffix are mixed once.
 */
export const murmurSteps = {
  /** A block's four bytes (little-endian in `k`), mixed. */
  mix(k: number): number {
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    return Math.imul(k, C2);
  },
  /** The state after one more mixed block. */
  add(h: number, mixed: number): number {
    h ^= mixed;
    h = (h << 13) | (h >>> 19);
    return (Math.imul(h, 5) + 0xe6546b64) | 0;
  },
  /** ASCII `text`'s four characters from `at` as a block. */
  block(text: string, at: number): number {
    return (
      text.charCodeAt(at) |
      (text.charCodeAt(at + 1) << 8) |
      (text.charCodeAt(at + 2) << 16) |
      (text.charCodeAt(at + 3) << 24)
    );
  },
  /** The hash from the state after every block, the mixed tail (0 if none) and the length. */
  finish(h: number, mixedTail: number, length: number): number {
    h ^= mixedTail;
    h ^= length;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  },
};
