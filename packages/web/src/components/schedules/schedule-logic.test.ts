import { describe, expect, it } from 'vitest';
import {
  amountText,
  filterSchedules,
  postTransactionsText,
  rowMenu,
  type ScheduleRow,
  scheduledAmount,
  statusBadge,
  toggled,
} from './schedule-logic.ts';

const money = (cents: number) => (cents / 100).toFixed(2);

function row(over: Partial<ScheduleRow> = {}): ScheduleRow {
  return {
    id: 's1',
    name: 'Rent',
    rule: 'r1',
    next_date: '2024-05-31',
    completed: false,
    posts_transaction: false,
    _payee: 'p1',
    _account: 'a1',
    _amount: -120000,
    _amountOp: 'is',
    _date: { start: '2024-05-31', frequency: 'monthly' },
    ...over,
  };
}

const names = {
  payee: (id: string | null) => ({ p1: 'Landlord', p2: 'Gym' })[id as 'p1'] ?? '',
  account: (id: string | null) => (id === 'a1' ? 'Checking' : ''),
  date: (d: string) => d.split('-').reverse().join('/'),
  amount: money,
};

describe('the schedules list', () => {
  it('badges every status the spec names, and any other with the default badge', () => {
    for (const [status, text] of [
      ['missed', 'Missed'],
      ['due', 'Due'],
      ['upcoming', 'Upcoming'],
      ['paid', 'Paid'],
      ['completed', 'Completed'],
      ['pending', 'Pending'],
      ['scheduled', 'Scheduled'],
      ['cleared', 'Cleared'],
    ]) {
      expect(statusBadge(status)).toEqual({ text, kind: status });
    }
    expect(statusBadge('reconciled')).toEqual({ text: 'Reconciled', kind: 'default' });
    expect(statusBadge(undefined)).toEqual({ text: 'Scheduled', kind: 'scheduled' });
  });

  it('shows exact, approximate and range amounts; a range posts its middle', () => {
    expect(amountText(row(), money)).toBe('-1200.00');
    expect(amountText(row({ _amountOp: 'isapprox', _amount: -4550 }), money)).toBe('~-45.50');
    const range = row({ _amountOp: 'isbetween', _amount: { num1: -11000, num2: -9000 } });
    expect(amountText(range, money)).toBe('-90.00 to -110.00');
    expect(amountText(row({ _amount: { num1: 100, num2: 300 } }), money)).toBe('1.00 to 3.00');
    expect(scheduledAmount({ num1: -11000, num2: -9000 })).toBe(-10000);
    expect(scheduledAmount(null)).toBe(0);
  });

  it('finds rows by name, payee, account, date, amount and status, every word', () => {
    const rows = [
      row(),
      row({ id: 's2', name: null, _payee: 'p2', _amount: -4500, next_date: '2024-06-03' }),
    ];
    const statuses = { s1: 'due', s2: 'upcoming' };
    const ids = (text: string) => filterSchedules(rows, text, statuses, names).map((r) => r.id);
    expect(ids('')).toEqual(['s1', 's2']);
    expect(ids('rent')).toEqual(['s1']);
    expect(ids('GYM')).toEqual(['s2']);
    expect(ids('checking upcoming')).toEqual(['s2']);
    expect(ids('03/06/2024')).toEqual(['s2']);
    expect(ids('1200')).toEqual(['s1']);
    expect(ids('due')).toEqual(['s1']);
    expect(ids('gym due')).toEqual([]);
  });

  it('offers skip only to open recurring schedules, restart only to completed ones', () => {
    const names = (entries: ReturnType<typeof rowMenu>) =>
      entries.map((e) => ('name' in e ? e.name : '-'));
    expect(names(rowMenu(row(), 'due'))).toEqual([
      'post',
      'post-today',
      'skip',
      'complete',
      '-',
      'delete',
    ]);
    expect(names(rowMenu(row({ _date: '2024-05-31' }), 'scheduled'))).toEqual([
      'post',
      'post-today',
      'complete',
      '-',
      'delete',
    ]);
    const done = rowMenu(row({ completed: true }), 'completed');
    expect(names(done)).toEqual(['post', 'post-today', 'restart', '-', 'delete']);
    expect(done.filter((e) => 'disabled' in e && e.disabled).length).toBe(2);
    // Nothing to post into without an account.
    const noAccount = rowMenu(row({ _account: null }), 'due');
    expect(noAccount[0]).toMatchObject({ name: 'post', disabled: true });
  });

  it("names the due payees in the 'Post transactions?' modal", () => {
    expect(postTransactionsText([])).toBe('Some schedules are due today.');
    expect(postTransactionsText(['Gym'])).toBe('The payee Gym has a schedule due today.');
    expect(postTransactionsText(['Gym', 'Rent', 'Gym', 'Phone'])).toBe(
      'The payees Gym, Rent and Phone have schedules due today.',
    );
  });

  it('ticks and unticks a row in a new set', () => {
    const start = new Set(['a']);
    expect([...toggled(start, 'b')]).toEqual(['a', 'b']);
    expect([...toggled(start, 'a')]).toEqual([]);
    expect([...start]).toEqual(['a']);
  });
});
