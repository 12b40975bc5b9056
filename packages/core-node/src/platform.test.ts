import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createNodePlatform } from './platform.ts';

describe('the Node platform inflater', () => {
  const { inflateRaw } = createNodePlatform({ documentDir: '/nowhere' });

  it('inflates raw deflate data to the bytes that went in', () => {
    const text = 'SQLite format 3\u0000'.padEnd(100_000, 'row,2024-01-01,-1250;');
    const plain = new TextEncoder().encode(text);
    const out = inflateRaw!(deflateRawSync(plain));
    expect(out).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(out)).toBe(text);
  });

  it('throws on a damaged stream (the caller then falls back to its own reader)', () => {
    const data = deflateRawSync(new Uint8Array(10_000).fill(7));
    data.fill(0xff, 0, 16);
    expect(() => inflateRaw!(data)).toThrow();
  });
});
