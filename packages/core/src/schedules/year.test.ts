import { describe, expect, it } from 'vitest';

import { type SyncStatusSource, startDailyService } from './daily.ts';
import { addDaysTo, formatDay, parseDay, weekdayOf } from '../recurrence/index.ts';
import { type ScheduleFixture, scheduleFixture } from './test-helpers/fixture.ts';

const DAY_MS = 86_400_000;
/** The budget opens on Sunday 2023-08-06; the simulation covers the 366 days after it. */
const FIRST = '2023-08-07';
const LAST = '2024-08-06';

type Oracle = (date: Date) => boolean;
type Adjust = 'before' | 'after' | null;

interface Kind {
  name: string;
  date: unknown;
  oracle: Oracle;
  adjust?: Adjust;
  dateOp?: string;
  amount?: unknown;
  amountOp?: string;
  expectedAmount?: number;
}

const dom = (d: Date) => d.getUTCDate();
const daysIn = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
const dayNo = (date: string) => parseDay(date)!;
const since = (d: Date, start: string) => Math.round(d.getTime() / DAY_MS) - dayNo(start);
const recur = (start: string, frequency: string, extra: object = {}) => ({
  start,
  frequency,
  endMode: 'never',
  ...extra,
});

const KINDS: Kind[] = [
  {
    name: 'every 3 days until March',
    date: recur('2023-08-07', 'daily', { interval: 3, endMode: 'on_date', endDate: '2024-03-31' }),
    oracle: (d) => since(d, '2023-08-07') % 3 === 0 && d <= new Date('2024-03-31'),
  },
  {
    name: 'weekly on Tuesdays',
    date: recur('2023-08-08', 'weekly'),
    oracle: (d) => d.getUTCDay() === 2,
  },
  {
    name: 'every other Friday',
    date: recur('2023-08-11', 'weekly', { interval: 2 }),
    oracle: (d) => since(d, '2023-08-11') % 14 === 0,
  },
  {
    name: 'monthly on the 31st',
    date: recur('2023-08-31', 'monthly'),
    oracle: (d) => dom(d) === 31,
  },
  {
    name: 'monthly on the last day',
    date: recur('2023-08-07', 'monthly', { patterns: [{ type: 'day', value: -1 }] }),
    oracle: (d) => dom(d) === daysIn(d),
  },
  {
    name: 'second Tuesday and last Friday',
    date: recur('2023-08-07', 'monthly', {
      patterns: [
        { type: 'TU', value: 2 },
        { type: 'FR', value: -1 },
      ],
    }),
    oracle: (d) =>
      (d.getUTCDay() === 2 && dom(d) >= 8 && dom(d) <= 14) ||
      (d.getUTCDay() === 5 && dom(d) + 7 > daysIn(d)),
  },
  {
    name: 'the 15th, moved after weekends',
    date: recur('2023-08-15', 'monthly', { skipWeekend: true, weekendSolveMode: 'after' }),
    oracle: (d) => dom(d) === 15,
    adjust: 'after',
  },
  {
    name: 'the 1st, moved before weekends',
    date: recur('2023-09-01', 'monthly', { skipWeekend: true, weekendSolveMode: 'before' }),
    oracle: (d) => dom(d) === 1,
    adjust: 'before',
  },
  {
    name: 'yearly',
    date: recur('2023-09-10', 'yearly'),
    oracle: (d) => d.getUTCMonth() === 8 && dom(d) === 10,
  },
  {
    name: 'five Wednesdays',
    date: recur('2023-08-09', 'weekly', { endMode: 'after_n_occurrences', endOccurrences: 5 }),
    oracle: (d) => d.getUTCDay() === 3 && since(d, '2023-08-09') < 35,
  },
  {
    name: 'approximately the 20th, between two amounts',
    date: recur('2023-08-20', 'monthly'),
    oracle: (d) => dom(d) === 20,
    dateOp: 'isapprox',
    amount: { num1: -900, num2: -1200 },
    amountOp: 'isbetween',
    expectedAmount: -1050,
  },
  {
    name: 'once',
    date: '2023-10-01',
    oracle: (d) => d.toISOString().startsWith('2023-10-01'),
  },
];

/** The oracle's days in [FIRST, LAST], moved off weekends when the schedule says so. */
function expected(kind: Kind): string[] {
  const out: string[] = [];
  for (let day = dayNo(FIRST) - 3; day <= dayNo(LAST) + 3; day++) {
    if (!kind.oracle(new Date(day * DAY_MS))) continue;
    let moved = day;
    const w = weekdayOf(day);
    if (kind.adjust && (w === 0 || w === 6)) {
      moved = kind.adjust === 'before' ? day - (w === 6 ? 1 : 2) : day + (w === 6 ? 2 : 1);
    }
    const date = formatDay(moved);
    if (date >= FIRST && date <= LAST) out.push(date);
  }
  return out;
}

async function simulate(s: ScheduleFixture, kinds: Kind[]) {
  const ids: string[] = [];
  for (const kind of kinds) {
    const id = await s.create(kind.date, {
      name: kind.name,
      post: true,
      dateOp: kind.dateOp,
      amount: kind.amount,
      amountOp: kind.amountOp,
    });
    expect(typeof id, kind.name).toBe('string');
    ids.push(id as string);
  }
  const postedOn = new Map<string, string[]>();
  for (let today = FIRST; today <= LAST; today = addDaysTo(today, 1)) {
    s.platform.clock.advance(DAY_MS);
    const before = s.sql.first<{ n: number }>('SELECT COUNT(*) AS n FROM transactions')!.n;
    s.core.events.emit('sync-event', { type: 'success' });
    // A second sync the same day must not run the service again.
    s.core.events.emit('sync-event', { type: 'success' });
    const fresh = s.sql.all<{ date: number }>(
      'SELECT date FROM transactions ORDER BY rowid LIMIT -1 OFFSET ?',
      [before],
    );
    postedOn.set(
      today,
      fresh.map((r) => String(r.date).replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3')),
    );
  }
  return { ids, postedOn };
}

describe('a year of the daily service', () => {
  it('posts each kind of recurrence on its days and moves it on', async () => {
    const s = await scheduleFixture();
    const { ids, postedOn } = await simulate(s, KINDS);

    for (const [i, kind] of KINDS.entries()) {
      expect(s.postedDates(ids[i]!), kind.name).toEqual(expected(kind));
      const amounts = s.sql.all<{ amount: number; cleared: number }>(
        'SELECT amount, cleared FROM transactions WHERE schedule = ?',
        [ids[i]!],
      );
      for (const a of amounts) {
        expect(a, kind.name).toEqual({ amount: kind.expectedAmount ?? -1000, cleared: 0 });
      }
    }
    // Every transaction was posted on the day it is dated.
    for (const [today, dates] of postedOn) for (const d of dates) expect(d).toBe(today);

    const statuses = (await s.send('schedule/get-statuses')) as Record<string, string>;
    const once = ids[KINDS.findIndex((k) => k.name === 'once')]!;
    expect(statuses[once]).toBe('completed');
    const weekly = ids[KINDS.findIndex((k) => k.name === 'weekly on Tuesdays')]!;
    // After the last run (a Tuesday, posted): the schedule is paid until the next day.
    expect(LAST).toBe('2024-08-06');
    expect(statuses[weekly]).toBe('paid');
    expect(s.view(weekly).next_date).toBe(20240806);
  });
});

describe('the daily service', () => {
  it('reports offline payees instead of posting, then posts after a good sync', async () => {
    const s = await scheduleFixture();
    const id = (await s.create('2023-08-07', { post: true })) as string;
    s.platform.clock.advance(DAY_MS);
    s.core.events.emit('sync-event', { type: 'error' });
    expect(s.pushed.filter((p) => p.name === 'schedules-offline')).toEqual([
      { name: 'schedules-offline', payload: { payees: [s.payee] } },
    ]);
    expect(s.postedDates(id)).toEqual([]);
    // Already run today: a later good sync waits for tomorrow; then the missed one posts.
    s.core.events.emit('sync-event', { type: 'success' });
    expect(s.postedDates(id)).toEqual([]);
    s.platform.clock.advance(DAY_MS);
    s.core.events.emit('sync-event', { type: 'success' });
    expect(s.postedDates(id)).toEqual(['2023-08-07']);
    expect(s.budget.prefs.lastScheduleRun).toBe('2023-08-08');
  });

  it('force-run posts at once and advances a schedule paid by an added transaction', async () => {
    const s = await scheduleFixture();
    const posting = (await s.create('2023-08-06', { post: true })) as string;
    const manual = (await s.create(recur('2023-08-06', 'monthly'), { amount: -2000 })) as string;
    // A transaction that matches the schedule's rule is linked by it when added.
    await s.send('transactions-batch-update', {
      added: [{ account: s.account, payee: s.payee, amount: -2000, date: '2023-08-06' }],
    });
    expect(s.postedDates(manual)).toEqual([]);
    const { addTransactions } = await import('../transactions/add.ts');
    addTransactions(s.budget, s.account, [{ payee: s.payee, amount: -2000, date: '2023-08-06' }]);
    expect(s.postedDates(manual)).toEqual(['2023-08-06']);

    const result = await s.send('schedule/force-run-service');
    expect(result).toMatchObject({ posted: [posting], advanced: [manual] });
    expect(s.postedDates(posting)).toEqual(['2023-08-06']);
    expect(s.view(manual).next_date).toBe(20230906);
    expect(s.pushed.some((p) => p.name === 'sync-event')).toBe(true);
  });

  it('leaves schedules of closed accounts alone', async () => {
    const s = await scheduleFixture();
    const id = (await s.create('2023-08-06', { post: true })) as string;
    await s.send('account-close', { id: s.account, forced: true });
    await s.send('schedule/force-run-service');
    expect(s.postedDates(id)).toEqual([]);
  });
});

describe('an injected sync status source', () => {
  it('drives the daily run, and stops with the service', async () => {
    const s = await scheduleFixture();
    const id = (await s.create('2023-08-07', { post: true })) as string;
    const listeners = new Set<(ok: boolean) => void>();
    const source: SyncStatusSource = {
      onSyncFinished(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const stop = startDailyService(s.budget, source);
    s.platform.clock.advance(DAY_MS);
    for (const listener of listeners) listener(true);
    expect(s.postedDates(id)).toEqual(['2023-08-07']);
    stop();
    expect(listeners.size).toBe(0);
  });
});
