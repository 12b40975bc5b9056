import { describe, expect, it } from 'vitest';
import { newPattern, patternValues, setPatternType } from './recurrence-logic.ts';

describe('recurrence editor choices', () => {
  it('offers days 1–31 and Last, weekdays 1st–5th and Last', () => {
    const days = patternValues('day');
    expect(days).toHaveLength(32);
    expect(days[0]).toEqual([1, '1st']);
    expect(days[10]).toEqual([11, '11th']);
    expect(days[21]).toEqual([22, '22nd']);
    expect(days.at(-1)).toEqual([-1, 'Last']);
    expect(patternValues('FR').map(([, t]) => t)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '5th',
      'Last',
    ]);
  });

  it('caps a weekday pattern at the 5th and keeps Last', () => {
    expect(setPatternType({ type: 'day', value: 17 }, 'MO')).toEqual({ type: 'MO', value: 5 });
    expect(setPatternType({ type: 'day', value: -1 }, 'MO')).toEqual({ type: 'MO', value: -1 });
    expect(setPatternType({ type: 'TU', value: 3 }, 'day')).toEqual({ type: 'day', value: 3 });
  });

  it('starts a new pattern on the start date’s day', () => {
    expect(newPattern({ start: '2024-02-29', frequency: 'monthly' })).toEqual({
      type: 'day',
      value: 29,
    });
  });
});
