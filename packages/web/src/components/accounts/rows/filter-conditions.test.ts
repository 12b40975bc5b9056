import { describe, expect, it } from 'vitest';
import { filterErrorText, matchesSaved } from './filter-conditions.ts';

describe('saved filters', () => {
  it('know whether the bar still holds a saved filter', () => {
    const saved = {
      id: 'f',
      name: 'Food',
      conditionsOp: 'or' as const,
      conditions: [{ field: 'category', op: 'is', value: 'c1' }],
    };
    expect(matchesSaved(saved, [{ field: 'category', op: 'is', value: 'c1' }], 'and')).toBe(true);
    expect(matchesSaved(saved, [{ field: 'category', op: 'is', value: 'c2' }], 'or')).toBe(false);
    expect(filterErrorText({ type: 'filter-name-required' })).toBe('Filter name is required');
    expect(
      filterErrorText({ type: 'filter-name-exists', message: 'There is already a filter named X' }),
    ).toBe('There is already a filter named X');
  });
});
