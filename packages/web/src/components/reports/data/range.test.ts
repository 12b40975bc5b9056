import { describe, expect, it } from 'vitest';
import {
  currentMonth,
  dateFilter,
  formatRangeParam,
  monthCount,
  parseRange,
  previousSpan,
  resolveRange,
  spanDates,
  spanLabel,
} from './range.ts';

describe('report ranges', () => {
  it('resolves the presets against the current month and the first transaction', () => {
    const now = '2024-03';
    expect(resolveRange({ preset: '6m' }, now, '2019-07')).toEqual({ start: '2023-10', end: now });
    expect(resolveRange({ preset: '1y' }, now, null)).toEqual({ start: '2023-04', end: now });
    expect(resolveRange({ preset: '5y' }, now, null)).toEqual({ start: '2019-04', end: now });
    expect(resolveRange({ preset: '1m' }, now, null)).toEqual({ start: now, end: now });
    expect(resolveRange({ preset: 'last-month' }, now, null)).toEqual({
      start: '2024-02',
      end: '2024-02',
    });
    expect(resolveRange({ preset: 'ytd' }, now, null)).toEqual({ start: '2024-01', end: now });
    expect(resolveRange({ preset: 'all' }, now, '2019-07')).toEqual({ start: '2019-07', end: now });
    // No transactions, or only future ones: all time is this month.
    expect(resolveRange({ preset: 'all' }, now, null)).toEqual({ start: now, end: now });
    expect(resolveRange({ preset: 'all' }, now, '2025-01')).toEqual({ start: now, end: now });
    // Custom months given backwards are put in order.
    expect(resolveRange({ preset: 'custom', start: '2024-02', end: '2023-11' }, now, null)).toEqual(
      {
        start: '2023-11',
        end: '2024-02',
      },
    );
  });

  it('measures spans and the span before', () => {
    expect(monthCount({ start: '2023-11', end: '2024-02' })).toBe(4);
    expect(previousSpan({ start: '2023-11', end: '2024-02' })).toEqual({
      start: '2023-07',
      end: '2023-10',
    });
    expect(spanDates({ start: '2024-01', end: '2024-02' })).toEqual({
      first: '2024-01-01',
      last: '2024-02-29',
    });
    expect(spanLabel({ start: '2024-01', end: '2024-01' })).toBe('January 2024');
    expect(spanLabel({ start: '2023-11', end: '2024-02' })).toBe('Nov 2023 – Feb 2024');
  });

  it('filters long spans by month on each row, short ones by date bounds', () => {
    expect(dateFilter({ start: '2024-01', end: '2024-02' })).toEqual([
      { $gte: '2024-01-01' },
      { $lte: '2024-02-29' },
    ]);
    expect(dateFilter({ start: '2014-01', end: '2024-02' })).toEqual([
      { $transform: '$month', $gte: '2014-01' },
      { $transform: '$month', $lte: '2024-02' },
    ]);
  });

  it('reads and writes the range in the address', () => {
    expect(parseRange('3y')).toEqual({ preset: '3y' });
    expect(parseRange('2023-01..2023-06')).toEqual({
      preset: 'custom',
      start: '2023-01',
      end: '2023-06',
    });
    expect(parseRange('2023-13..2023-06')).toBeNull();
    expect(parseRange('soon')).toBeNull();
    expect(formatRangeParam({ preset: 'custom', start: '2023-01', end: '2023-06' })).toBe(
      '2023-01..2023-06',
    );
    expect(currentMonth(new Date(2024, 0, 31))).toBe('2024-01');
  });
});
