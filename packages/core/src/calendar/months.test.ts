import { describe, expect, it } from 'vitest';
import {
  addMonths,
  monthName,
  monthTitle,
  budgetBounds,
  diffMonths,
  fromDbMonth,
  isMonth,
  monthDateBounds,
  monthForSheet,
  monthFromDate,
  monthRange,
  nextMonth,
  prevMonth,
  sheetForMonth,
  subMonths,
  toDbMonth,
} from './months.ts';

describe('month math', () => {
  it.each([
    ['2023-01', 1, '2023-02'],
    ['2023-12', 1, '2024-01'],
    ['2023-01', -1, '2022-12'],
    ['2023-03', -15, '2021-12'],
    ['2023-03', 25, '2025-04'],
  ])('addMonths(%s, %i) = %s', (m, n, want) => {
    expect(addMonths(m, n)).toBe(want);
    expect(subMonths(want, n)).toBe(m);
  });

  it('steps and ranges', () => {
    expect(prevMonth('2024-01')).toBe('2023-12');
    expect(nextMonth('2023-12')).toBe('2024-01');
    expect(monthRange('2023-11', '2024-02')).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(monthRange('2024-02', '2024-01')).toEqual([]);
    expect(diffMonths('2024-02', '2023-11')).toBe(3);
  });

  it('validates', () => {
    expect(isMonth('2023-13')).toBe(false);
    expect(isMonth('2023-1')).toBe(false);
    expect(isMonth('2023-01')).toBe(true);
    expect(() => addMonths('2023-00', 1)).toThrow();
  });

  it('converts dates and sheet names', () => {
    expect(monthFromDate('2023-08-31')).toBe('2023-08');
    expect(monthFromDate(20230831)).toBe('2023-08');
    expect(sheetForMonth('2023-08')).toBe('budget202308');
    expect(monthForSheet('budget202308')).toBe('2023-08');
    expect(monthForSheet('__global')).toBeNull();
    expect(toDbMonth('2023-08')).toBe(202308);
    expect(fromDbMonth(202308)).toBe('2023-08');
  });

  it('knows month lengths, leap years included', () => {
    expect(monthDateBounds('2024-02')).toEqual({ start: 20240201, end: 20240229 });
    expect(monthDateBounds('2023-02')).toEqual({ start: 20230201, end: 20230228 });
    expect(monthDateBounds('1900-02').end).toBe(19000228);
    expect(monthDateBounds('2000-02').end).toBe(20000229);
    expect(monthDateBounds('2023-12')).toEqual({ start: 20231201, end: 20231231 });
  });

  it('budget bounds: 3 months before the earliest transaction to 12 after now', () => {
    expect(budgetBounds('2022-05', '2023-08')).toEqual({ start: '2022-02', end: '2024-08' });
    expect(budgetBounds(null, '2023-08')).toEqual({ start: '2023-05', end: '2024-08' });
    // A transaction dated in the future does not move the start past the current month.
    expect(budgetBounds('2025-01', '2023-08')).toEqual({ start: '2023-05', end: '2024-08' });
  });
});

describe('month names', () => {
  it('shifts months across years', () => {
    expect(addMonths('2024-12', 1)).toBe('2025-01');
    expect(addMonths('2024-01', -13)).toBe('2022-12');
  });

  it('names months, long and short', () => {
    expect(monthTitle('2024-05')).toBe('May 2024');
    expect(monthName('2024-12', true)).toBe('Dec');
    expect(monthTitle('2024-01')).toBe('January 2024');
    expect(monthTitle('2023-11', true)).toBe('Nov 2023');
  });
});
