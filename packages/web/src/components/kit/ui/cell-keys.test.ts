import { describe, expect, it } from 'vitest';
import { commitReasonForKey, enterSubmits, moveAfter } from './cell-keys.ts';

const key = (k: string, mods: Partial<{ shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('commitReasonForKey', () => {
  it('ends a cell edit on Enter, Tab and the vertical arrows, with Shift reversing', () => {
    expect(commitReasonForKey(key('Enter'), true)).toBe('enter');
    expect(commitReasonForKey(key('Enter', { shiftKey: true }), true)).toBe('shift-enter');
    expect(commitReasonForKey(key('Tab'), true)).toBe('tab');
    expect(commitReasonForKey(key('Tab', { shiftKey: true }), true)).toBe('shift-tab');
    expect(commitReasonForKey(key('ArrowUp'), true)).toBe('up');
    expect(commitReasonForKey(key('ArrowDown'), true)).toBe('down');
    expect(commitReasonForKey(key('ArrowLeft'), true)).toBeNull();
    expect(commitReasonForKey(key('a'), true)).toBeNull();
  });

  it('leaves Tab and arrows to the form outside a table, and modified keys to the app', () => {
    expect(commitReasonForKey(key('Tab'), false)).toBeNull();
    expect(commitReasonForKey(key('ArrowDown'), false)).toBeNull();
    expect(commitReasonForKey(key('Enter'), false)).toBe('enter');
    expect(commitReasonForKey(key('ArrowDown', { altKey: true }), true)).toBeNull();
  });
});

describe('moveAfter', () => {
  const pos = { row: 1, col: 1 };
  it('moves down, up and across, wrapping rows at the ends of a row', () => {
    expect(moveAfter(pos, 'enter', 3, 3)).toEqual({ row: 2, col: 1 });
    expect(moveAfter(pos, 'shift-enter', 3, 3)).toEqual({ row: 0, col: 1 });
    expect(moveAfter(pos, 'tab', 3, 3)).toEqual({ row: 1, col: 2 });
    expect(moveAfter({ row: 1, col: 2 }, 'tab', 3, 3)).toEqual({ row: 2, col: 0 });
    expect(moveAfter({ row: 1, col: 0 }, 'shift-tab', 3, 3)).toEqual({ row: 0, col: 2 });
  });

  it('goes nowhere past the edges or after a blur', () => {
    expect(moveAfter({ row: 2, col: 1 }, 'down', 3, 3)).toBeNull();
    expect(moveAfter({ row: 0, col: 0 }, 'shift-tab', 3, 3)).toBeNull();
    expect(moveAfter(pos, 'blur', 3, 3)).toBeNull();
  });
});

describe('enterSubmits', () => {
  it('lets an Enter that picks from an open list or a typed text only pick', () => {
    expect(enterSubmits({ cell: false, listOpen: true, dirty: false })).toBe(false);
    expect(enterSubmits({ cell: false, listOpen: true, dirty: true })).toBe(false);
    expect(enterSubmits({ cell: false, listOpen: false, dirty: true })).toBe(false);
  });

  it('submits the form on an Enter with nothing open and nothing typed, never in a cell', () => {
    expect(enterSubmits({ cell: false, listOpen: false, dirty: false })).toBe(true);
    expect(enterSubmits({ cell: true, listOpen: false, dirty: false })).toBe(false);
  });
});
