import { describe, expect, it } from 'vitest';
import { nearEnd } from './near-end.ts';

describe('nearEnd', () => {
  it('asks for more once the last row in view comes within the distance of the end', () => {
    expect(nearEnd(10, 500, 100)).toBe(false);
    expect(nearEnd(400, 500, 100)).toBe(true);
    expect(nearEnd(3, 25, 10)).toBe(false);
    expect(nearEnd(15, 25, 10)).toBe(true);
  });

  it('never asks with nothing loaded', () => {
    expect(nearEnd(0, 0, 100)).toBe(false);
    expect(nearEnd(-1, 0, 100)).toBe(false);
  });
});
