import { describe, expect, it } from 'vitest';

import {
  addDays,
  addDaysTo,
  formatDay,
  monthGrid,
  parseDay,
  startOfWeek,
  weekdayOf,
  weekdaysFrom,
} from './days.ts';

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

describe('calendar weeks', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
  });

  it('orders weekdays from the first day of the week', () => {
    expect(weekdaysFrom(1)[0]).toBe('Monday');
    expect(weekdaysFrom(6)[6]).toBe('Friday');
    expect(startOfWeek('2023-08-09', 0)).toBe('2023-08-06');
    expect(startOfWeek('2023-08-09', 1)).toBe('2023-08-07');
  });

  it('lays out six weeks starting on the chosen weekday', () => {
    // 2024-05-01 was a Wednesday.
    const sunday = monthGrid('2024-05', 0);
    expect(sunday).toHaveLength(6);
    expect(sunday[0]![0]).toBe('2024-04-28');
    expect(sunday[0]![3]).toBe('2024-05-01');
    const monday = monthGrid('2024-05', 1);
    expect(monday[0]![0]).toBe('2024-04-29');
    expect(monday[0]![2]).toBe('2024-05-01');
    expect(monday.flat()).toContain('2024-05-31');
  });
});
