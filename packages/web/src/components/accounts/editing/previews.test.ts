import { describe, expect, it } from 'vitest';
import { previewsOf, scheduledAmount, type ScheduleRow } from './previews.ts';

const s = (id: string, o: Partial<ScheduleRow> = {}): ScheduleRow => ({
  id,
  name: id,
  next_date: '2024-05-10',
  completed: false,
  _payee: 'p',
  _account: 'a',
  _amount: -1000,
  _amountOp: 'is',
  ...o,
});

describe('scheduled previews', () => {
  it('shows due, upcoming and missed schedules of the view’s accounts, soonest first', () => {
    const rows = [
      s('due', { next_date: '2024-05-09' }),
      s('up', { next_date: '2024-05-12', _account: 'b' }),
      s('missed', { next_date: '2024-05-01' }),
      s('later'),
      s('paid'),
      s('done', { completed: true }),
      s('other', { _account: 'z' }),
    ];
    const statuses = {
      due: 'due',
      up: 'upcoming',
      missed: 'missed',
      later: 'scheduled',
      paid: 'paid',
      done: 'due',
      other: 'due',
    };
    const previews = previewsOf(rows, statuses, (a) => a !== 'z');
    expect(previews.map((p) => [p.schedule, p.status])).toEqual([
      ['missed', 'missed'],
      ['due', 'due'],
      ['up', 'upcoming'],
    ]);
    expect(previews[0]).toMatchObject({ id: 'preview/missed', account: 'a', amount: -1000 });
  });

  it('takes the middle of an amount range', () => {
    expect(scheduledAmount({ num1: -1000, num2: -2001 })).toBe(-1500);
    expect(scheduledAmount(250)).toBe(250);
    expect(scheduledAmount(null)).toBe(0);
  });
});
