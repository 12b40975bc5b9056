import { describe, expect, it } from 'vitest';
import { type AmountDraft, draftStands, signOf } from './amount-draft.ts';

const format = { name: 'comma-dot' };
const draft = (over: Partial<AmountDraft> = {}): AmountDraft => ({
  text: '12.00',
  start: '5.00',
  value: 500,
  format,
  negative: false,
  error: null,
  ...over,
});

describe('amount draft', () => {
  it('stands while the value it was made against does', () => {
    expect(draftStands(draft(), 500, format, false)).toBe(true);
    // A committed text waiting for its value: clean, but the value has not moved yet.
    expect(draftStands(draft({ text: '12.00', start: '12.00' }), 500, format, false)).toBe(true);
  });

  it('gives way to a new value (another month in the same cell, a sync, an undo)', () => {
    expect(draftStands(draft({ text: '5.00' }), 700, format, true)).toBe(false);
    expect(draftStands(draft(), 700, format, false)).toBe(false);
    expect(draftStands(draft(), 500, { name: 'dot-comma' }, false)).toBe(false);
  });

  it('keeps what the user is typing over a new value', () => {
    expect(draftStands(draft(), 700, format, true)).toBe(true);
    expect(draftStands(draft({ value: null }), 0, format, true)).toBe(true);
  });

  it('shows a value’s own sign, and for a zero the one chosen', () => {
    expect(signOf(-300, false)).toBe(true);
    expect(signOf(300, true)).toBe(false);
    expect(signOf(0, true)).toBe(true);
    expect(signOf(null, false)).toBe(false);
  });
});
