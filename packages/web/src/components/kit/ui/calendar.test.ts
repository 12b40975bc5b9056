import { describe, expect, it } from 'vitest';
import { parseDate } from '../../../util/format.ts';
import {
  addDays,
  localToday,
  monthGrid,
  monthTitle,
  readDateText,
  shiftMonth,
} from './calendar.ts';

describe('calendar', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
  });

  it('shifts months across years', () => {
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
    expect(shiftMonth('2024-01', -13)).toBe('2022-12');
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

  it('names months and reads the local date', () => {
    expect(monthTitle('2024-05')).toBe('May 2024');
    expect(localToday(new Date(2024, 4, 9, 23, 30))).toBe('2024-05-09');
  });
});

describe('readDateText', () => {
  it('reads full dates, this year when left out, 20xx for two digits, blank as null', () => {
    const read = (t: string, f = 'MM/dd/yyyy') =>
      readDateText(t, f, '2024-06-15', parseDate as (t: string, f: string) => string | null);
    expect(read('03/04/2024')).toBe('2024-03-04');
    expect(read('3/4')).toBe('2024-03-04');
    expect(read('3/4/25')).toBe('2025-03-04');
    expect(read('04.03.2024', 'dd.MM.yyyy')).toBe('2024-03-04');
    expect(read('2024-03-04', 'yyyy-MM-dd')).toBe('2024-03-04');
    expect(read('03-04', 'yyyy-MM-dd')).toBe('2024-03-04');
    expect(read('')).toBeNull();
    expect(read('02/30/2024')).toBeUndefined();
    expect(read('soon')).toBeUndefined();
  });
});
