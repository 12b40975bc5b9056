import { describe, expect, it } from 'vitest';
import { createUuidSource } from './uuid.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createUuidSource', () => {
  it('makes version 4 uuids in lower-case text, across refills of its pool', () => {
    const uuid = createUuidSource();
    // More than one pool's worth (256), so the refill is crossed.
    const ids = Array.from({ length: 1000 }, () => uuid());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws every hex digit where the format leaves digits random', () => {
    const uuid = createUuidSource();
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) for (const c of uuid().slice(0, 8)) seen.add(c);
    expect([...seen].sort().join('')).toBe('0123456789abcdef');
  });

  it('gives each source its own pool', () => {
    const a = createUuidSource();
    const b = createUuidSource();
    const ids = new Set<string>();
    for (let i = 0; i < 300; i++) {
      ids.add(a());
      ids.add(b());
    }
    expect(ids.size).toBe(600);
  });
});
