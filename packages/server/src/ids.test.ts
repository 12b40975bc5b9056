import { describe, expect, it } from 'vitest';
import { isSafeId } from './ids.ts';

describe('isSafeId', () => {
  it('accepts uuids and simple names', () => {
    expect(isSafeId('0b1f8a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b')).toBe(true);
    expect(isSafeId('My_budget-1')).toBe(true);
  });

  it('refuses anything that could leave the data directory', () => {
    for (const id of ['', '..', '../x', 'a/b', 'a\\b', '.hidden', 'a b', 'x\0y', 'a'.repeat(129)]) {
      expect(isSafeId(id), id).toBe(false);
    }
    expect(isSafeId(null)).toBe(false);
    expect(isSafeId(42)).toBe(false);
  });
});
