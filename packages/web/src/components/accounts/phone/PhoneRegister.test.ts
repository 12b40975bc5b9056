import { describe, expect, it } from 'vitest';
import { showsAddTransaction } from './AddTransactionButton.tsx';
import { byDate } from './PhoneRegister.tsx';

describe('the phone register', () => {
  it('puts each day’s transactions under one heading, in the order they come', () => {
    const row = (id: string, date: string) => ({ id, tx: { date } });
    const days = byDate([row('a', '2026-11-29'), row('b', '2026-11-29'), row('c', '2026-11-28')]);
    expect(days.map((d) => [d.date, d.rows.map((r) => r.id)])).toEqual([
      ['2026-11-29', ['a', 'b']],
      ['2026-11-28', ['c']],
    ]);
    expect(byDate([])).toEqual([]);
  });

  it('offers Add transaction on the budget and every account screen only', () => {
    expect(showsAddTransaction('/budget')).toBe(true);
    expect(showsAddTransaction('/accounts')).toBe(true);
    expect(showsAddTransaction('/accounts/abc')).toBe(true);
    expect(showsAddTransaction('/settings')).toBe(false);
    expect(showsAddTransaction('/transactions/new')).toBe(false);
  });
});
