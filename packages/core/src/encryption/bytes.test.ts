import { describe, expect, it } from 'vitest';
import { ownedBytes } from './bytes.ts';

describe('ownedBytes', () => {
  it('passes bytes on a plain ArrayBuffer through as the same view', () => {
    const whole = new Uint8Array([1, 2, 3, 4, 5]);
    const part = whole.subarray(1, 4);
    expect(ownedBytes(whole)).toBe(whole);
    expect(ownedBytes(part)).toBe(part);
  });

  it('copies bytes on a SharedArrayBuffer onto a plain one', () => {
    const shared = new Uint8Array(new SharedArrayBuffer(4));
    shared.set([9, 8, 7, 6]);
    const owned = ownedBytes(shared.subarray(1, 3));
    expect(owned.buffer).toBeInstanceOf(ArrayBuffer);
    expect([...owned]).toEqual([8, 7]);
    shared[1] = 0;
    expect([...owned]).toEqual([8, 7]);
  });
});
