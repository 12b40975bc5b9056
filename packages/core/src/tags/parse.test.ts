import { describe, expect, it } from 'vitest';
import {
  TAG_NAME_BLANK,
  TAG_NAME_PUNCTUATION,
  TAG_NAME_SPACES,
  checkTagName,
  hasTag,
  noteParts,
  renameTagInNotes,
  tagAtCaret,
  tagsInNotes,
} from './parse.ts';

describe('reading tags from notes as Actual 26.9 does', () => {
  it('takes everything up to a space or # after a single #, punctuation included', () => {
    expect(tagsInNotes('Flights #vacation #reimbursable, paid')).toEqual([
      'vacation',
      'reimbursable,',
    ]);
    expect(tagsInNotes('#a#b a#c #a')).toEqual(['a', 'b', 'c']);
    expect(tagsInNotes('café #Noël\t#noël')).toEqual(['Noël', 'noël']);
  });

  it('reads ## as no tag, and a lone # as nothing', () => {
    expect(tagsInNotes('##notatag # and ###also')).toEqual([]);
    expect(tagsInNotes(null)).toEqual([]);
  });

  it('cuts notes into text and tags, losing nothing', () => {
    const parts = noteParts('Paid #trip, ##not #gift');
    expect(parts).toEqual([
      { kind: 'text', text: 'Paid ' },
      { kind: 'tag', tag: 'trip,' },
      { kind: 'text', text: ' ##not ' },
      { kind: 'tag', tag: 'gift' },
    ]);
    const text = parts.map((p) => (p.kind === 'tag' ? `#${p.tag}` : p.text)).join('');
    expect(text).toBe('Paid #trip, ##not #gift');
  });

  it('matches and renames whole tags only', () => {
    expect(hasTag('#trips', 'trip')).toBe(false);
    expect(hasTag('x #trip#y', 'trip')).toBe(true);
    expect(renameTagInNotes('#trip #trips ##trip #trip', 'trip', 'travel')).toBe(
      '#travel #trips ##trip #travel',
    );
  });

  it('finds the tag being typed at the caret', () => {
    expect(tagAtCaret('Lunch #va', 9)).toEqual({ start: 6, end: 9, prefix: 'va' });
    expect(tagAtCaret('Lunch #', 7)).toEqual({ start: 6, end: 7, prefix: '' });
    expect(tagAtCaret('Lunch ##va', 10)).toBeNull();
    expect(tagAtCaret('Lunch va', 8)).toBeNull();
  });
});

describe('checkTagName', () => {
  it('trims, drops a leading #, and refuses empty, spaced or punctuation-only names', () => {
    expect(checkTagName('  #trip ')).toEqual({ ok: true, name: 'trip' });
    expect(checkTagName('🎉')).toEqual({ ok: true, name: '🎉' });
    expect(checkTagName('  ')).toEqual({ ok: false, message: TAG_NAME_BLANK });
    expect(checkTagName('a b')).toEqual({ ok: false, message: TAG_NAME_SPACES });
    expect(checkTagName('...!')).toEqual({ ok: false, message: TAG_NAME_PUNCTUATION });
    expect(checkTagName('$$')).toEqual({ ok: false, message: TAG_NAME_PUNCTUATION });
  });
});
