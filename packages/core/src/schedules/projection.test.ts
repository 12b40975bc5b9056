import { describe, expect, it } from 'vitest';
import {
  dayBalances,
  lowestProjected,
  occurrences,
  type ProjectedSchedule,
  scheduleDates,
} from './projection.ts';
import { addDaysTo } from '../calendar/days.ts';

function row(over: Partial<ProjectedSchedule>): ProjectedSchedule {
  return {
    id: 's',
    next_date: '2024-05-31',
    completed: false,
    _payee: 'landlord',
    _account: 'checking',
    _amount: -100000,
    _dateOp: 'is',
    _date: { start: '2024-01-26', frequency: 'monthly', patterns: [{ type: 'FR', value: -1 }] },
    ...over,
  };
}

const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDaysTo(from, i));

describe('schedule dates in a window', () => {
  it('lists a recurrence from its next date; a paid one from where the daily run moves it', () => {
    const rent = row({});
    expect(scheduleDates(rent, undefined, '2024-05-10', '2024-08-31')).toEqual([
      '2024-05-31',
      '2024-06-28',
      '2024-07-26',
      '2024-08-30',
    ]);
    expect(scheduleDates(rent, '2024-05-31', '2024-05-10', '2024-07-01')).toEqual(['2024-06-28']);
    // Paid late: the occurrences missed meanwhile are not owed any more.
    expect(scheduleDates(rent, '2024-07-02', '2024-07-02', '2024-08-31')).toEqual([
      '2024-07-26',
      '2024-08-30',
    ]);
    const oneOff = row({ _date: '2024-05-31' });
    expect(scheduleDates(oneOff, undefined, '2024-05-10', '2024-06-30')).toEqual(['2024-05-31']);
    expect(scheduleDates(oneOff, '2024-05-31', '2024-05-10', '2024-06-30')).toEqual([]);
    expect(scheduleDates(row({ completed: true }), undefined, '2024-05-10', '2024-12-31')).toEqual(
      [],
    );
    const broken = row({ _date: { start: 'nope', frequency: 'monthly' } });
    expect(scheduleDates(broken, undefined, '2024-05-10', '2024-12-31')).toEqual([]);
    // An ended recurrence, paid: nothing after.
    const once = row({
      _date: {
        start: '2024-05-31',
        frequency: 'monthly',
        endMode: 'after_n_occurrences',
        endOccurrences: 1,
      },
    });
    expect(scheduleDates(once, '2024-05-31', '2024-05-10', '2024-12-31')).toEqual([]);
  });
});

describe('what a payment made today pays', () => {
  const daily = row({
    _date: { start: '2024-05-01', frequency: 'daily' },
    next_date: '2024-05-08',
  });
  it("pays today's occurrence too when a missed one is paid today", () => {
    expect(scheduleDates(daily, '2024-05-10', '2024-05-10', '2024-05-12')).toEqual([
      '2024-05-11',
      '2024-05-12',
    ]);
    // Not paid yet: the missed one is owed, and every day after it.
    expect(scheduleDates(daily, '2024-05-07', '2024-05-10', '2024-05-10')).toEqual([
      '2024-05-08',
      '2024-05-09',
      '2024-05-10',
    ]);
  });
  it('pays every date an approximate date reaches, as the daily run moves it', () => {
    const approx = { ...daily, next_date: '2024-05-10', _dateOp: 'isapprox' };
    // Paid on the 10th: the run moves to the 11th and 12th, which the same payment pays.
    expect(scheduleDates(approx, '2024-05-10', '2024-05-10', '2024-05-14')).toEqual([
      '2024-05-13',
      '2024-05-14',
    ]);
  });
});

describe('projected balances', () => {
  const base = {
    latestPaid: new Map<string, string>(),
    accounts: new Set(['checking']),
    transferAccount: (id: string | null) => (id === 'to-savings' ? 'savings' : null),
    today: '2024-05-10',
    from: '2024-05-01',
    to: '2024-06-30',
  };

  it('counts schedules in the chosen accounts, a missed one from today, transfers both ways', () => {
    const schedules = [
      row({ id: 'rent' }),
      row({ id: 'missed', _date: '2024-05-03', next_date: '2024-05-03', _amount: -2000 }),
      row({ id: 'salary', _date: '2024-05-15', next_date: '2024-05-15', _amount: 300000 }),
      row({ id: 'elsewhere', _account: 'savings', _date: '2024-05-20', next_date: '2024-05-20' }),
      row({
        id: 'save',
        _payee: 'to-savings',
        _date: '2024-05-25',
        next_date: '2024-05-25',
        _amount: -50000,
      }),
      row({ id: 'done', _date: '2024-05-12', next_date: '2024-05-12', completed: true }),
    ];
    const found = occurrences({ ...base, schedules });
    expect(found.map((o) => [o.scheduleId, o.date, o.countsOn, o.amount, o.missed])).toEqual([
      ['missed', '2024-05-03', '2024-05-10', -2000, true],
      ['salary', '2024-05-15', '2024-05-15', 300000, false],
      ['save', '2024-05-25', '2024-05-25', -50000, false],
      ['rent', '2024-05-31', '2024-05-31', -100000, false],
      ['rent', '2024-06-28', '2024-06-28', -100000, false],
    ]);
    // Both sides chosen: the transfer moves nothing in the total.
    const both = occurrences({ ...base, schedules, accounts: new Set(['checking', 'savings']) });
    expect(both.find((o) => o.scheduleId === 'save')).toMatchObject({
      amount: 0,
      shown: -50000,
      internal: true,
    });
    expect(found.find((o) => o.scheduleId === 'save')).toMatchObject({
      shown: -50000,
      internal: false,
    });
    expect(both.some((o) => o.scheduleId === 'elsewhere')).toBe(true);
  });

  it('adds booked money every day and scheduled money from today on', () => {
    const window = days('2024-05-08', 6); // 8th .. 13th, today the 10th
    const booked = new Map([
      ['2024-05-09', -500],
      ['2024-05-12', 1000],
    ]);
    const scheduled = occurrences({
      ...base,
      from: '2024-05-08',
      to: '2024-05-13',
      schedules: [
        row({ id: 'missed', _date: '2024-05-03', next_date: '2024-05-03', _amount: -2000 }),
        row({ id: 'bill', _date: '2024-05-11', next_date: '2024-05-11', _amount: -3000 }),
      ],
    });
    const balances = dayBalances(window, 10000, booked, scheduled, '2024-05-10');
    expect(balances.map((b) => [b.date.slice(8), b.balance, b.projected])).toEqual([
      ['08', 10000, false],
      ['09', 9500, false],
      ['10', 7500, true],
      ['11', 4500, true],
      ['12', 5500, true],
      ['13', 5500, true],
    ]);
    expect(lowestProjected(balances)).toMatchObject({ date: '2024-05-11', balance: 4500 });
  });

  it('counts what falls between today and a later month shown', () => {
    const scheduled = occurrences({
      ...base,
      from: '2024-05-10',
      to: '2024-07-06',
      schedules: [row({ id: 'rent' })],
    });
    // June's grid starts on May 26th: the rent of May 31st is inside, nothing before it.
    const june = dayBalances(days('2024-06-01', 3), 50000, new Map(), scheduled, '2024-05-10');
    expect(june[0]).toMatchObject({ balance: -50000, projected: true });
    expect(lowestProjected([])).toBeNull();
  });
});
