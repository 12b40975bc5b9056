import { describe, expect, it } from 'vitest';

import { describeRecurrence, ordinal } from './describe.ts';
import { getDateWithSkippedWeekend, isNearDate } from './dates.ts';
import { changeRecurFrequency, defaultRecurConfig, finishRecurConfig } from './editor.ts';
import { getScheduleStatus, isSchedulePaid, paidFromDate } from './status.ts';

describe('getScheduleStatus', () => {
  const today = '2024-05-10';
  const status = (nextDate: string | null, completed = false, hasTransaction = false) =>
    getScheduleStatus({ nextDate, completed, hasTransaction }, today);

  it('takes the first matching case in order', () => {
    expect(status('2024-05-01', true, true)).toBe('completed');
    expect(status('2024-05-01', false, true)).toBe('paid');
    expect(status('2024-05-10')).toBe('due');
    expect(status('2024-05-11')).toBe('upcoming');
    expect(status('2024-05-17')).toBe('upcoming');
    expect(status('2024-05-18')).toBe('scheduled');
    expect(status('2024-05-09')).toBe('missed');
    expect(status(null)).toBe('scheduled');
  });
});

describe('paid detection', () => {
  it('counts a linked transaction from the next date, or two days earlier when approximate', () => {
    expect(paidFromDate('2024-03-01', 'is')).toBe('2024-03-01');
    expect(paidFromDate('2024-03-01', 'isapprox')).toBe('2024-02-28');
    expect(isSchedulePaid(['2024-02-28'], '2024-03-01', 'is')).toBe(false);
    expect(isSchedulePaid(['2024-02-28'], '2024-03-01', 'isapprox')).toBe(true);
    expect(isSchedulePaid(['2024-02-27', '2024-03-05'], '2024-03-01', 'is')).toBe(true);
    expect(isSchedulePaid([], '2024-03-01', 'is')).toBe(false);
    expect(isSchedulePaid(['2024-03-01'], null, 'is')).toBe(false);
  });
});

describe('date helpers', () => {
  it('moves weekend days to Friday or Monday', () => {
    expect(getDateWithSkippedWeekend('2024-06-08', 'before')).toBe('2024-06-07');
    expect(getDateWithSkippedWeekend('2024-06-09', 'before')).toBe('2024-06-07');
    expect(getDateWithSkippedWeekend('2024-06-08', 'after')).toBe('2024-06-10');
    expect(getDateWithSkippedWeekend('2024-06-09', 'after')).toBe('2024-06-10');
    expect(getDateWithSkippedWeekend('2024-06-12', 'after')).toBe('2024-06-12');
  });

  it('compares dates within a radius across month ends', () => {
    expect(isNearDate('2024-03-01', '2024-02-28')).toBe(true);
    expect(isNearDate('2023-03-01', '2023-02-26')).toBe(false);
    expect(isNearDate('bad', '2023-02-26')).toBe(false);
  });
});

describe('describeRecurrence', () => {
  it.each([
    [{ start: '2024-01-01', frequency: 'daily' }, 'Every day'],
    [{ start: '2024-01-01', frequency: 'daily', interval: 3 }, 'Every 3 days'],
    [{ start: '2024-01-05', frequency: 'weekly', interval: 2 }, 'Every 2 weeks on Friday'],
    [{ start: '2024-01-22', frequency: 'monthly' }, 'Every month on the 22nd'],
    [
      {
        start: '2024-01-01',
        frequency: 'monthly',
        patterns: [
          { type: 'day', value: -1 },
          { type: 'day', value: 15 },
          { type: 'MO', value: 1 },
        ],
      },
      'Every month on the 1st Monday, 15th and last day',
    ],
    [
      { start: '2024-01-01', frequency: 'monthly', patterns: [{ type: 'FR', value: -1 }] },
      'Every month on the last Friday',
    ],
    [{ start: '2024-02-29', frequency: 'yearly' }, 'Every year on Feb 29th'],
    [
      {
        start: '2024-01-01',
        frequency: 'daily',
        endMode: 'after_n_occurrences',
        endOccurrences: 1,
      },
      'Every day, once',
    ],
    [
      {
        start: '2024-01-01',
        frequency: 'weekly',
        endMode: 'on_date',
        endDate: '2024-03-01',
        skipWeekend: true,
        weekendSolveMode: 'before',
      },
      'Every week on Monday, until 2024-03-01 (before weekend)',
    ],
    [{ start: 'x', frequency: 'daily' }, 'Invalid rule'],
  ])('%j → %s', (config, text) => {
    expect(describeRecurrence(config)).toBe(text);
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});

describe('recurrence editor', () => {
  it('starts monthly from today and keeps patterns only for monthly', () => {
    const config = defaultRecurConfig('2024-05-10');
    expect(config).toMatchObject({
      start: '2024-05-10',
      frequency: 'monthly',
      interval: 1,
      endMode: 'never',
    });
    const withDays = { ...config, patterns: [{ type: 'day' as const, value: 3 }] };
    expect(changeRecurFrequency(withDays, 'weekly').patterns).toEqual([]);
    expect(changeRecurFrequency(withDays, 'monthly').patterns).toEqual([{ type: 'day', value: 3 }]);
    expect(finishRecurConfig({ ...config, interval: '0', endOccurrences: '4' })).toMatchObject({
      interval: 1,
      endOccurrences: 4,
    });
  });
});
