import { describe, expect, it } from 'vitest';
import {
  deleteLabel,
  FIRST_PAGE,
  keepSelected,
  loadMore,
  newRule,
  shownAfterSave,
} from './rules-list.ts';

describe('the rules list’s paging', () => {
  it('shows 100 first, then 50 more at a time while there are more', () => {
    expect(FIRST_PAGE).toBe(100);
    expect(loadMore(100, 300)).toBe(150);
    expect(loadMore(250, 300)).toBe(300);
    expect(loadMore(300, 300)).toBe(300);
    expect(loadMore(100, 80)).toBe(100);
  });

  it('keeps the loaded count after a save, or reaches the saved rule and 75 past it', () => {
    expect(shownAfterSave(150, 20)).toBe(150);
    expect(shownAfterSave(150, 149)).toBe(150);
    expect(shownAfterSave(150, 150)).toBe(226);
    expect(shownAfterSave(100, 299)).toBe(375);
    expect(shownAfterSave(100, -1)).toBe(100);
  });
});

describe('selection and deleting', () => {
  it('drops ids no longer listed and names the delete button by its count', () => {
    expect([...keepSelected(new Set(['a', 'b', 'c']), ['c', 'a', 'd'])]).toEqual(['a', 'c']);
    expect(deleteLabel(1)).toBe('Delete 1 rule');
    expect(deleteLabel(3)).toBe('Delete 3 rules');
  });

  it('a new rule matches a payee and sets a category, both still to choose', () => {
    expect(newRule()).toEqual({
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'payee', op: 'is', value: null, type: 'id' }],
      actions: [{ op: 'set', field: 'category', value: null, type: 'id' }],
    });
  });
});
