import { describe, expect, it } from 'vitest';
import { addValue, removeLast, removeValue } from './multi-values.ts';

describe('multi-value input values', () => {
  it('adds trimmed text, but not blank text or a value already there', () => {
    expect(addValue(['a'], '  b ')).toEqual(['a', 'b']);
    expect(addValue(['a'], '   ')).toEqual(['a']);
    expect(addValue(['a', 'b'], 'b ')).toEqual(['a', 'b']);
  });

  it('takes off the last value, or a chosen one', () => {
    expect(removeLast(['a', 'b'])).toEqual(['a']);
    expect(removeLast([])).toEqual([]);
    expect(removeValue(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
