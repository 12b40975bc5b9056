import { describe, expect, it } from 'vitest';

import { addDaysTo, formatDay, parseDay, weekdayOf } from './days.ts';

describe('calendar days', () => {
  it('agrees with Date.UTC for every day of 1899–2101', () => {
    for (let ms = Date.UTC(1899, 0, 1); ms <= Date.UTC(2101, 11, 31); ms += 86_400_000) {
      const text = new Date(ms).toISOString().slice(0, 10);
      const day = parseDay(text);
      expect(day).toBe(ms / 86_400_000);
      expect(formatDay(day as number)).toBe(text);
      expect(weekdayOf(day as number)).toBe(new Date(ms).getUTCDay());
    }
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-00-10',
    '2024-13-01',
    '2024-1-01',
    '2024/01/01',
    'x',
    '',
    '2024-01-001',
  ])('rejects %s', (text) => {
    expect(parseDay(text)).toBeNull();
  });

  it('accepts leap days and adds across years', () => {
    expect(parseDay('2000-02-29')).not.toBeNull();
    expect(addDaysTo('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysTo('2024-03-01', -1)).toBe('2024-02-29');
    expect(parseDay(5 as unknown as string)).toBeNull();
  });
});
