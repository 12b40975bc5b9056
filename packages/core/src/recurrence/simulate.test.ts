import { describe, expect, it } from 'vitest';

import { advanceAfterPayment, getNextDate } from './dates.ts';
import { addDaysTo, formatDay, parseDay, weekdayOf } from '../calendar/days.ts';
import { parseRecurrence } from './recurrence.ts';
import { getScheduleStatus, isSchedulePaid } from './status.ts';
import type { RecurConfig, ScheduleStatus } from './types.ts';

/**
 * A year (or more) of simulated days for one auto-posting schedule, driven only by the pure
 * functions: each day the schedule is advanced when paid and posts when due or missed, until
 * its status settles. The posted dates must equal the dates an independent calendar oracle
 * says the recurrence has.
 */
function simulate(config: RecurConfig, from: string, to: string) {
  // One parsed recurrence answers every day, the way a long-lived budget object holds it.
  const parsed = parseRecurrence(config);
  if (!parsed.ok) throw new Error(parsed.reason);
  const recurrence = parsed.recurrence;
  let nextDate = getNextDate(recurrence, from);
  const posted: string[] = [];
  const statuses = new Map<string, ScheduleStatus>();
  for (let today = from; today <= to; today = addDaysTo(today, 1)) {
    for (let guard = 0; ; guard++) {
      if (guard > 10) throw new Error(`schedule does not settle on ${today}`);
      const hasTransaction = isSchedulePaid(posted, nextDate, 'is');
      const status = getScheduleStatus({ nextDate, completed: false, hasTransaction }, today);
      statuses.set(today, status);
      if (status === 'paid' && nextDate !== null) {
        const moved = advanceAfterPayment(recurrence, nextDate, today);
        if (moved === nextDate) break;
        nextDate = moved;
      } else if ((status === 'due' || status === 'missed') && nextDate !== null) {
        posted.push(nextDate);
      } else {
        break;
      }
    }
  }
  return { posted, statuses };
}

type Oracle = (date: Date) => boolean;

/** Dates in [from, to] the oracle accepts, moved off weekends when the config says so. */
function expectedDates(config: RecurConfig, oracle: Oracle, from: string, to: string): string[] {
  const start = parseDay(config.start) as number;
  const lo = (parseDay(from) as number) - 3;
  const hi = (parseDay(to) as number) + 3;
  const out: string[] = [];
  for (let day = Math.max(lo, start); day <= hi; day++) {
    if (!oracle(new Date(day * 86_400_000))) continue;
    let moved = day;
    if (config.skipWeekend) {
      const w = weekdayOf(day);
      const before = config.weekendSolveMode === 'before';
      if (w === 6) moved = before ? day - 1 : day + 2;
      if (w === 0) moved = before ? day - 2 : day + 1;
    }
    const date = formatDay(moved);
    if (date >= from && date <= to && out[out.length - 1] !== date) out.push(date);
  }
  return out;
}

const dayNumber = (d: Date) => Math.floor(d.getTime() / 86_400_000);
const daysInMonth = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
const startDay = (config: RecurConfig) => parseDay(config.start) as number;

const kinds: Array<{ name: string; config: RecurConfig; oracle: Oracle; to?: string }> = [
  { name: 'daily', config: { start: '2024-01-01', frequency: 'daily' }, oracle: () => true },
  {
    name: 'daily every 3 days until a date',
    config: {
      start: '2024-01-02',
      frequency: 'daily',
      interval: 3,
      endMode: 'on_date',
      endDate: '2024-06-30',
    },
    oracle: (d) =>
      (dayNumber(d) - (parseDay('2024-01-02') as number)) % 3 === 0 && d <= new Date('2024-06-30'),
  },
  {
    name: 'weekly every two weeks',
    config: { start: '2024-01-03', frequency: 'weekly', interval: 2 },
    oracle: (d) => (dayNumber(d) - (parseDay('2024-01-03') as number)) % 14 === 0,
  },
  {
    name: 'weekly, ending after 5 occurrences',
    config: {
      start: '2024-03-05',
      frequency: 'weekly',
      endMode: 'after_n_occurrences',
      endOccurrences: 5,
    },
    oracle: (d) => {
      const diff = dayNumber(d) - (parseDay('2024-03-05') as number);
      return diff % 7 === 0 && diff / 7 < 5;
    },
  },
  {
    name: 'monthly on day 31',
    config: { start: '2024-01-01', frequency: 'monthly', patterns: [{ type: 'day', value: 31 }] },
    oracle: (d) => d.getUTCDate() === 31,
  },
  {
    name: 'monthly on the last day',
    config: { start: '2024-01-01', frequency: 'monthly', patterns: [{ type: 'day', value: -1 }] },
    oracle: (d) => d.getUTCDate() === daysInMonth(d),
  },
  {
    name: 'monthly on the 2nd Tuesday and the last Friday',
    config: {
      start: '2024-01-01',
      frequency: 'monthly',
      patterns: [
        { type: 'TU', value: 2 },
        { type: 'FR', value: -1 },
      ],
    },
    oracle: (d) =>
      (d.getUTCDay() === 2 && Math.ceil(d.getUTCDate() / 7) === 2) ||
      (d.getUTCDay() === 5 && d.getUTCDate() + 7 > daysInMonth(d)),
  },
  {
    name: 'monthly on the 5th Monday (asked as the 7th, capped)',
    config: { start: '2024-01-01', frequency: 'monthly', patterns: [{ type: 'MO', value: 7 }] },
    oracle: (d) => d.getUTCDay() === 1 && Math.ceil(d.getUTCDate() / 7) === 5,
  },
  {
    name: 'every 2 months on the start day',
    config: { start: '2024-01-15', frequency: 'monthly', interval: 2 },
    oracle: (d) => d.getUTCDate() === 15 && d.getUTCMonth() % 2 === 0,
  },
  {
    name: 'yearly on Feb 29',
    config: { start: '2024-02-29', frequency: 'yearly' },
    oracle: (d) => d.getUTCMonth() === 1 && d.getUTCDate() === 29,
    to: '2032-12-31',
  },
  {
    name: 'monthly on the 1st, weekends moved before',
    config: {
      start: '2024-01-01',
      frequency: 'monthly',
      skipWeekend: true,
      weekendSolveMode: 'before',
    },
    oracle: (d) => d.getUTCDate() === 1,
  },
  {
    name: 'monthly on the 1st, weekends moved after',
    config: {
      start: '2024-01-01',
      frequency: 'monthly',
      skipWeekend: true,
      weekendSolveMode: 'after',
    },
    oracle: (d) => d.getUTCDate() === 1,
  },
  {
    name: 'weekly on Saturday, weekends moved before',
    config: {
      start: '2024-01-06',
      frequency: 'weekly',
      skipWeekend: true,
      weekendSolveMode: 'before',
    },
    oracle: (d) => d.getUTCDay() === 6,
  },
];

describe('a simulated year of an auto-posting schedule', () => {
  it.each(kinds)('$name posts every occurrence once, on its date', ({ config, oracle, to }) => {
    // The config-only path (a fresh parse per call) must agree with the cached one.
    expect(getNextDate(config, '2024-07-01')).toBe(
      expectedDates(config, oracle, '2024-07-01', '2040-12-31')[0] ??
        expectedDates(config, oracle, '2024-01-01', '2024-07-01').at(-1),
    );
    const from = '2024-01-01';
    const end = to ?? '2024-12-31';
    const { posted, statuses } = simulate(config, from, end);
    const expected = expectedDates(config, oracle, from, end);
    const later = expectedDates(config, oracle, from, addDaysTo(end, 14));
    expect(expected.length).toBeGreaterThan(0);
    expect(posted).toEqual(expected);

    // Between payments the status is upcoming exactly in the week before the next date.
    for (const [today, status] of statuses) {
      expect(['paid', 'upcoming', 'scheduled', 'due']).toContain(status);
      if (status === 'upcoming') {
        const next = later.find((d) => d > today);
        expect(next && next <= addDaysTo(today, 7)).toBe(true);
      }
    }
    expect(startDay(config)).toBeLessThanOrEqual((parseDay(posted[0] as string) as number) + 2);
  });
});
