import { describe, expect, it } from 'vitest';
import { clickSelect, keepShown, NO_SELECTION } from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('selection', () => {
  it('toggles on click and takes ranges with Shift, in either direction', () => {
    let s = clickSelect(NO_SELECTION, 'b', order, false);
    expect([...s.ids]).toEqual(['b']);
    s = clickSelect(s, 'd', order, true);
    expect([...s.ids].sort()).toEqual(['b', 'c', 'd']);
    s = clickSelect(s, 'e', order, false);
    s = clickSelect(s, 'a', order, true);
    expect([...s.ids].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    // A Shift range from a cleared anchor clears.
    s = clickSelect(s, 'c', order, false);
    s = clickSelect(s, 'e', order, true);
    expect([...s.ids].sort()).toEqual(['a', 'b']);
  });

  it('acts as a plain click without an anchor, and forgets rows no longer shown', () => {
    const s = clickSelect(NO_SELECTION, 'c', order, true);
    expect([...s.ids]).toEqual(['c']);
    const kept = keepShown({ ids: new Set(['a', 'c']), anchor: 'c' }, new Set(['a', 'b']));
    expect(kept).toEqual({ ids: new Set(['a']), anchor: null });
    const same = { ids: new Set(['a']), anchor: 'a' };
    expect(keepShown(same, new Set(['a']))).toBe(same);
  });
});
