import { monthDateBounds } from '@coffer/core/ui';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNetWorth, shapeNetWorth } from './net-worth.ts';
import { seededBudget } from './test-helpers/seeded-budget.ts';

type Budget = Awaited<ReturnType<typeof seededBudget>>;

describe('net worth', () => {
  let b: Budget;
  beforeAll(async () => {
    b = await seededBudget();
  });

  it('gives each month’s assets, debts, net and change for all accounts', async () => {
    const { checking, card, house } = b.ids;
    const accounts = [checking, card, house];
    const data = await loadNetWorth(b.run, { start: '2023-05', end: '2023-08', accounts });
    expect(data.before).toBe(-1000);
    expect(data.months.map((m) => [m.month, m.assets, m.debts, m.net, m.change])).toEqual([
      ['2023-05', 245000, 0, 245000, 246000],
      ['2023-06', 234500, 0, 234500, -10500],
      ['2023-07', 222500, 0, 222500, -12000],
      ['2023-08', 30565500, 0, 30565500, 30343000],
    ]);
    expect(data.net).toBe(30565500);
    expect(data.change).toBe(30566500);
    // Each month's net worth is what the stored rows add up to by then.
    const marks = accounts.map(() => '?').join(', ');
    for (const m of data.months) {
      const end = monthDateBounds(m.month).end;
      expect(m.net).toBe(b.sumSql(`t.acct IN (${marks}) AND t.date <= ?`, [...accounts, end]));
    }
  });

  it('gives the same figures over years (filtered by month, not the date index) and skips what cannot be before the first transaction', async () => {
    const { checking, card, house } = b.ids;
    const accounts = [checking, card, house];
    const long = await loadNetWorth(b.run, { start: '2020-01', end: '2023-08', accounts });
    const knowingFirst = await loadNetWorth(b.run, {
      start: '2020-01',
      end: '2023-08',
      accounts,
      firstMonth: '2022-11',
    });
    expect(knowingFirst).toEqual(long);
    expect(long.months).toHaveLength(44);
    expect(long.months.find((m) => m.month === '2022-11')).toMatchObject({
      net: -1000,
      change: -1000,
    });
    expect(long.net).toBe(30565500);
    const later = await loadNetWorth(b.run, {
      start: '2023-05',
      end: '2023-08',
      accounts,
      firstMonth: '2022-11',
    });
    expect(later.before).toBe(-1000);
  });

  it('counts only the chosen accounts', async () => {
    const { checking, card } = b.ids;
    const cardOnly = await loadNetWorth(b.run, {
      start: '2023-06',
      end: '2023-07',
      accounts: [card],
    });
    expect(cardOnly.months.map((m) => m.net)).toEqual([9500, 500]);
    expect(cardOnly.before).toBe(0);
    const checkingOnly = await loadNetWorth(b.run, {
      start: '2022-11',
      end: '2022-12',
      accounts: [checking],
    });
    expect(checkingOnly.months.map((m) => [m.assets, m.debts, m.net])).toEqual([
      [0, -1000, -1000],
      [0, -1000, -1000],
    ]);
    expect(
      (await loadNetWorth(b.run, { start: '2023-01', end: '2023-01', accounts: [] })).net,
    ).toBe(0);
  });

  it('splits assets from debts account by account, month by month', () => {
    const data = shapeNetWorth(
      { start: '2024-01', end: '2024-02', accounts: ['a', 'b'] },
      [
        { account: 'a', amount: 5000 },
        { account: 'b', amount: -2000 },
      ],
      [
        { account: 'b', month: '2024-01', amount: 3000 },
        { account: 'a', month: '2024-02', amount: -7000 },
      ],
    );
    expect(data.before).toBe(3000);
    expect(data.months.map((m) => [m.assets, m.debts, m.net, m.change])).toEqual([
      [6000, 0, 6000, 3000],
      [1000, -2000, -1000, -7000],
    ]);
  });
});
