import { describe, expect, it } from 'vitest';
import { tagStyle, textOn } from './tag-colors.ts';

describe('tag chip colours', () => {
  it('puts the text that contrasts more on the tag colour', () => {
    expect(textOn('#ffff00')).toBe('#000000');
    expect(textOn('#1f6feb')).toBe('#ffffff');
  });

  it('leaves a chip without a valid colour to the theme', () => {
    expect(tagStyle(null)).toEqual({});
    expect(tagStyle('red')).toEqual({});
    expect(tagStyle('#1a7f37')).toMatchObject({ background: '#1a7f37', color: '#ffffff' });
  });
});
