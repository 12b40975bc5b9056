import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createNodePlatform } from './platform.ts';

describe('the Node platform inflater', () => {
  const { inflateRaw } = createNodePlatform({ documentDir: '/nowhere' });

  it.each([
    ['no size', undefined],
    ['the declared size', 100_000],
    ['a size too small', 1_000],
    ['a size too large', 5_000_000],
    ["a size below zlib's least", 3],
  ])('inflates raw deflate data to the bytes that went in (%s)', (_name, size) => {
    const text = 'SQLite format 3\u0000'.padEnd(100_000, 'row,2024-01-01,-1250;');
    const plain = new TextEncoder().encode(text);
    const out = inflateRaw!(deflateRawSync(plain), size);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(out.length).toBe(plain.length);
    expect(new TextDecoder().decode(out)).toBe(text);
  });

  it('throws on a damaged stream (the caller then falls back to its own reader)', () => {
    const data = deflateRawSync(new Uint8Array(10_000).fill(7));
    data.fill(0xff, 0, 16);
    expect(() => inflateRaw!(data)).toThrow();
  });
});
