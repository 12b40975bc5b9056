import { describe, expect, it } from 'vitest';

import { normalizeRecurConfig } from './config.ts';
import { getNextDate, getUpcomingDates, occursNear, occursOn } from './dates.ts';
import type { RecurConfig } from './types.ts';

const monthly = (patterns: RecurConfig['patterns'], extra: Partial<RecurConfig> = {}) =>
  ({ start: '2030-01-01', frequency: 'monthly', patterns, endMode: 'never', ...extra }) as const;

function upcoming(config: unknown, count = 6, today = '2029-12-01'): string[] {
  const result = getUpcomingDates(config, count, today);
  if (result.error) throw new Error(result.reason);
  return result.data;
}

describe('normalizeRecurConfig', () => {
  it('turns a non-positive or unreadable interval into 1 and reads numeric strings', () => {
    const norm = (interval: unknown) => {
      const r = normalizeRecurConfig({ start: '2030-01-01', frequency: 'daily', interval });
      return r.ok ? r.config.interval : null;
    };
    expect([norm(0), norm(-3), norm('x'), norm(null), norm('3'), norm(2.7)]).toEqual([
      1, 1, 1, 1, 3, 2,
    ]);
  });

  it('caps the n-th weekday at 5 and reads "last" as -1', () => {
    const r = normalizeRecurConfig(
      monthly([
        { type: 'MO', value: 9 },
        { type: 'FR', value: 'last' as unknown as number },
      ]),
    );
    expect(r.ok && r.config.patterns).toEqual([
      { type: 'MO', value: 5 },
      { type: 'FR', value: -1 },
    ]);
  });

  it('clears patterns for frequencies other than monthly', () => {
    const r = normalizeRecurConfig({
      start: '2030-01-01',
      frequency: 'weekly',
      patterns: [{ type: 'day', value: 3 }],
    });
    expect(r.ok && r.config.patterns).toEqual([]);
  });

  it.each([
    ['unknown frequency', { start: '2030-01-01', frequency: 'hourly' }],
    ['bad start', { start: 'nope', frequency: 'daily' }],
    ['impossible start', { start: '2030-02-30', frequency: 'daily' }],
    ['day 0', monthly([{ type: 'day', value: 0 }])],
    ['day 32', monthly([{ type: 'day', value: 32 }])],
    ['weekday 0', monthly([{ type: 'TU', value: 0 }])],
    ['unknown pattern type', monthly([{ type: 'XX' as 'MO', value: 1 }])],
    ['bad end date', { start: '2030-01-01', frequency: 'daily', endMode: 'on_date', endDate: '' }],
    ['not an object', '2030-01-01'],
  ])('rejects %s', (_name, config) => {
    expect(normalizeRecurConfig(config).ok).toBe(false);
    expect(getUpcomingDates(config, 4, '2030-01-01')).toMatchObject({ error: 'Invalid rule' });
  });
});

describe('getUpcomingDates', () => {
  // Expected dates below were read from Actual's own schedule/get-upcoming-dates handler.
  it('monthly on day 31 skips the short months', () => {
    expect(upcoming(monthly([{ type: 'day', value: 31 }]))).toEqual([
      '2030-01-31',
      '2030-03-31',
      '2030-05-31',
      '2030-07-31',
      '2030-08-31',
      '2030-10-31',
    ]);
    expect(upcoming({ start: '2030-01-31', frequency: 'monthly' })).toEqual(
      upcoming(monthly([{ type: 'day', value: 31 }])),
    );
  });

  it('monthly on the last day', () => {
    expect(upcoming(monthly([{ type: 'day', value: -1 }]), 4)).toEqual([
      '2030-01-31',
      '2030-02-28',
      '2030-03-31',
      '2030-04-30',
    ]);
  });

  it('n-th and last weekday of the month', () => {
    expect(upcoming(monthly([{ type: 'MO', value: 5 }]), 4)).toEqual([
      '2030-04-29',
      '2030-07-29',
      '2030-09-30',
      '2030-12-30',
    ]);
    expect(upcoming(monthly([{ type: 'FR', value: -1 }]), 3)).toEqual([
      '2030-01-25',
      '2030-02-22',
      '2030-03-29',
    ]);
  });

  it('merges day and weekday patterns, counting occurrences per pattern kind', () => {
    const config = monthly(
      [
        { type: 'FR', value: 2 },
        { type: 'day', value: 15 },
      ],
      { endMode: 'after_n_occurrences', endOccurrences: 3 },
    );
    expect(upcoming(config, 10)).toEqual([
      '2030-01-11',
      '2030-01-15',
      '2030-02-08',
      '2030-02-15',
      '2030-03-08',
      '2030-03-15',
    ]);
  });

  it('yearly on Feb 29 only happens in leap years', () => {
    expect(upcoming({ start: '2032-02-29', frequency: 'yearly' }, 3)).toEqual([
      '2032-02-29',
      '2036-02-29',
      '2040-02-29',
    ]);
  });

  it('weekly every two weeks, and weekend skipping both ways', () => {
    expect(upcoming({ start: '2030-01-02', frequency: 'weekly', interval: 2 }, 3)).toEqual([
      '2030-01-02',
      '2030-01-16',
      '2030-01-30',
    ]);
    const saturday = { start: '2030-01-05', frequency: 'weekly', skipWeekend: true };
    expect(upcoming({ ...saturday, weekendSolveMode: 'before' }, 2)).toEqual([
      '2030-01-04',
      '2030-01-11',
    ]);
    expect(upcoming({ ...saturday, weekendSolveMode: 'after' }, 2)).toEqual([
      '2030-01-07',
      '2030-01-14',
    ]);
  });

  it('ends on a date (inclusive) or after N occurrences, and starts from today', () => {
    const onDate = {
      start: '2030-01-01',
      frequency: 'daily',
      interval: 3,
      endMode: 'on_date',
      endDate: '2030-01-10',
    };
    expect(upcoming(onDate, 10)).toEqual(['2030-01-01', '2030-01-04', '2030-01-07', '2030-01-10']);
    expect(upcoming(onDate, 10, '2030-01-05')).toEqual(['2030-01-07', '2030-01-10']);
    expect(
      upcoming({
        start: '2030-01-01',
        frequency: 'daily',
        endMode: 'after_n_occurrences',
        endOccurrences: '2',
      }),
    ).toEqual(['2030-01-01', '2030-01-02']);
  });

  it('defaults to 4 dates', () => {
    const r = getUpcomingDates(
      { start: '2030-01-01', frequency: 'daily' },
      undefined,
      '2030-01-01',
    );
    expect(r.data).toEqual(['2030-01-01', '2030-01-02', '2030-01-03', '2030-01-04']);
  });
});

describe('getNextDate', () => {
  const weekly = { start: '2030-01-05', frequency: 'weekly' } as const;

  it('returns a plain date as is and the first occurrence on or after the day', () => {
    expect(getNextDate('2030-02-03', '2031-01-01')).toBe('2030-02-03');
    expect(getNextDate(weekly, '2030-01-05')).toBe('2030-01-05');
    expect(getNextDate(weekly, '2030-01-06')).toBe('2030-01-12');
    expect(getNextDate(weekly, '2029-01-06')).toBe('2030-01-05');
  });

  it('moves off the weekend and never returns a date before the day', () => {
    const before = { ...weekly, skipWeekend: true, weekendSolveMode: 'before' } as const;
    expect(getNextDate(before, '2030-01-04')).toBe('2030-01-04');
    expect(getNextDate(before, '2030-01-05')).toBe('2030-01-11');
    expect(
      getNextDate({ ...weekly, skipWeekend: true, weekendSolveMode: 'before' }, '2030-01-06'),
    ).toBe('2030-01-11');
    // Saturday the 5th shows as Monday the 7th, which is still ahead on Sunday the 6th.
    expect(getNextDate({ ...weekly, skipWeekend: true }, '2030-01-06')).toBe('2030-01-07');
  });

  it('falls back to the last occurrence of a rule that has ended', () => {
    const ended = { ...weekly, endMode: 'after_n_occurrences', endOccurrences: 2 } as const;
    expect(getNextDate(ended, '2031-01-01')).toBe('2030-01-12');
    expect(getNextDate({ ...weekly, frequency: 'hourly' as 'daily' }, '2030-01-01')).toBeNull();
    expect(getNextDate('2030-13-01', '2030-01-01')).toBeNull();
  });
});

describe('occursOn and occursNear', () => {
  const config = { start: '2030-01-05', frequency: 'weekly', skipWeekend: true } as const;

  it('matches raw and weekend-adjusted occurrences', () => {
    expect(occursOn(config, '2030-01-05')).toBe(true);
    expect(occursOn(config, '2030-01-07')).toBe(true);
    expect(occursOn(config, '2030-01-06')).toBe(false);
    expect(occursOn({ ...config, skipWeekend: false }, '2030-01-07')).toBe(false);
    expect(occursOn(config, '2029-12-29')).toBe(false);
  });

  it('finds an occurrence within two days', () => {
    const plain = { start: '2030-01-02', frequency: 'weekly' } as const;
    expect(occursNear(plain, '2030-01-04')).toBe(true);
    expect(occursNear(plain, '2030-01-05')).toBe(false);
    expect(occursNear(plain, '2030-01-07')).toBe(true);
    expect(occursNear(plain, '2029-12-31')).toBe(true);
    expect(occursNear(plain, '2029-12-30')).toBe(false);
  });

  it('answers far from the start without losing earlier answers', () => {
    const daily = { start: '2000-01-01', frequency: 'daily', interval: 7 } as const;
    expect(occursOn(daily, '2099-12-26')).toBe(
      (Date.UTC(2099, 11, 26) - Date.UTC(2000, 0, 1)) % (7 * 86_400_000) === 0,
    );
    expect(occursOn(daily, '2000-01-08')).toBe(true);
  });
});
