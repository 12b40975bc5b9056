import { beforeAll, describe, expect, it } from 'vitest';
import { canShowDays, loadCashFlow } from './cash-flow.ts';
import { transferPayeesOf } from './source.ts';
import { seededBudget } from './test-helpers/seeded-budget.ts';

type Budget = Awaited<ReturnType<typeof seededBudget>>;

describe('cash flow', () => {
  let b: Budget;
  beforeAll(async () => {
    b = await seededBudget();
  });

  const params = async (accounts: string[], start: string, end: string) => ({
    start,
    end,
    accounts,
    transferPayees: transferPayeesOf(await b.meta(), accounts),
  });

  it('gives income, expenses and the balance by month, transfers between the accounts left out', async () => {
    const { checking, card } = b.ids;
    const p = await params([checking, card], '2023-05', '2023-08');
    const data = await loadCashFlow(b.run, { ...p, interval: 'month' });
    expect(data.periods.map((x) => [x.period, x.income, x.expenses, x.balance])).toEqual([
      ['2023-05', 250000, -4000, 245000],
      ['2023-06', 1500, -12000, 234500],
      // The move to the off-budget house leaves the budget: it counts as spending.
      ['2023-07', 0, -62000, 172500],
      ['2023-08', 350000, -7000, 515500],
    ]);
    expect([data.income, data.expenses, data.net]).toEqual([601500, -85000, 516500]);
    expect(data.startBalance).toBe(-1000);
    // The running balance ends where the accounts' balances do.
    expect(data.endBalance).toBe(
      b.sumSql('t.acct IN (?, ?) AND t.date <= 20230831', [checking, card]),
    );
  });

  it('counts a transfer to an account left out of the report', async () => {
    const { checking } = b.ids;
    const data = await loadCashFlow(b.run, {
      ...(await params([checking], '2023-06', '2023-06')),
      interval: 'month',
    });
    expect(data.periods.map((x) => [x.income, x.expenses])).toEqual([[0, -20000]]);
  });

  it('goes day by day for a short range', async () => {
    const { checking, card } = b.ids;
    const p = await params([checking, card], '2023-07', '2023-07');
    expect(canShowDays(p)).toBe(true);
    expect(canShowDays({ start: '2023-01', end: '2023-07' })).toBe(false);
    const data = await loadCashFlow(b.run, { ...p, interval: 'day' });
    expect(data.periods).toHaveLength(31);
    expect(
      data.periods.filter((x) => x.net !== 0).map((x) => [x.period, x.expenses, x.balance]),
    ).toEqual([
      ['2023-07-01', -50000, 184500],
      ['2023-07-09', -3000, 181500],
      ['2023-07-10', -9000, 172500],
    ]);
  });
});
