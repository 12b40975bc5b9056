import { beforeAll, describe, expect, it } from 'vitest';
import { chartRows, type CustomParams, groupingsFor, loadCustom, OTHER_KEY } from './custom.ts';
import { seededBudget } from './test-helpers/seeded-budget.ts';

type Budget = Awaited<ReturnType<typeof seededBudget>>;

const base: CustomParams = {
  start: '2023-05',
  end: '2023-08',
  groupBy: 'Payee',
  balanceType: 'Payment',
  mode: 'total',
  filters: [],
  conditionsOp: 'and',
  showOffBudget: false,
  showHidden: false,
  showUncategorized: true,
  showEmpty: false,
  budgetType: 'rollover',
};

describe('custom reports', () => {
  let b: Budget;
  beforeAll(async () => {
    b = await seededBudget();
  });

  const rows = async (p: Partial<CustomParams>) => {
    const data = await loadCustom(
      b.run,
      await b.meta(),
      { ...base, ...p },
      b.tagSums,
      b.budgetedMonths,
    );
    return { data, rows: data.rows.map((r) => [r.label, r.total]) };
  };

  it('sums payments by payee, biggest first, transfers between budget accounts left out', async () => {
    const { data, rows: r } = await rows({});
    expect(r).toEqual([
      ['Transfer: House', 50000],
      ['Shop', 23000],
      ['Cafe', 12000],
    ]);
    expect(data.total).toBe(85000);
    expect(data.rows[1]!.key).toBe(b.ids.shop);
  });

  it('applies the register’s filter conditions', async () => {
    const made = (await b.send('make-filters-from-conditions', {
      conditions: [{ field: 'payee', op: 'is', value: b.ids.shop, type: 'id' }],
    })) as { filters: unknown[] };
    const { rows: r } = await rows({
      groupBy: 'Category',
      balanceType: 'Net',
      filters: made.filters,
    });
    expect(r).toEqual([
      ['Groceries', -9500],
      ['Utilities', -12000],
    ]);
  });

  it('groups by category group, with or without uncategorized spending', async () => {
    expect((await rows({ groupBy: 'Group' })).rows).toEqual([
      ['Everyday', 20000],
      ['Bills', 12000],
      ['Uncategorized', 53000],
    ]);
    expect((await rows({ groupBy: 'Group', showUncategorized: false })).rows).toEqual([
      ['Everyday', 20000],
      ['Bills', 12000],
    ]);
    const empty = await rows({ groupBy: 'Group', showUncategorized: false, showEmpty: true });
    expect(empty.rows.map((x) => x[0])).toEqual(['Everyday', 'Bills', 'Savings', 'Income']);
  });

  it('splits by month in time mode and groups by month', async () => {
    const byMonth = await rows({ groupBy: 'Interval' });
    expect(byMonth.rows).toEqual([
      ['May 2023', 4000],
      ['June 2023', 12000],
      ['July 2023', 62000],
      ['August 2023', 7000],
    ]);
    const { data } = await rows({ groupBy: 'Payee', mode: 'time' });
    expect(data.months).toEqual(['2023-05', '2023-06', '2023-07', '2023-08']);
    expect(data.rows.find((r) => r.label === 'Shop')?.byMonth).toEqual([4000, 12000, 0, 7000]);
    expect(data.totalsByMonth).toEqual([4000, 12000, 62000, 7000]);
  });

  it('reports deposits of every account, off budget too', async () => {
    const { rows: r } = await rows({
      groupBy: 'Account',
      balanceType: 'Deposit',
      showOffBudget: true,
    });
    expect(r).toEqual([
      ['Checking', 600000],
      ['Card', 1500],
      ['House', 30000000],
    ]);
  });

  it('groups by tag: a transaction with two tags in both rows, the total counting it once', async () => {
    const { data, rows: r } = await rows({ groupBy: 'Tag' });
    // Payments as grouped by payee (85000), read tag by tag: a1, a3 and the split line s1a hold
    // #trip, a3 #home too; the transfer a5 (#home) is between budget accounts, so left out.
    expect(r).toEqual([
      ['#trip', 4000 + 12000 + 6000],
      ['#home', 12000],
      ['(no tag)', 50000 + 3000 + 3000 + 7000],
    ]);
    expect(data.total).toBe(85000);
    expect(data.multiTagged).toBe(1);
    const tagged = (tag: string) =>
      -b.sumSql(
        `t.date BETWEEN 20230501 AND 20230831 AND t.amount < 0 AND t.acct != ? AND (' ' || t.notes || ' ') GLOB ?`,
        [b.ids.house, `*#${tag}[ #]*`],
      );
    expect(data.rows[0]!.total).toBe(tagged('trip'));
    expect(data.rows[1]!.total).toBe(tagged('home') - 20000);
    expect(groupingsFor('Net')).toContain('Tag');

    const byMonth = await rows({ groupBy: 'Tag', balanceType: 'Deposit', mode: 'time' });
    expect(byMonth.rows).toEqual([
      ['#salary', 250000],
      // a2 (May), a4 (June) and Checking's starting balance (August) hold no tag.
      ['(no tag)', 250000 + 1500 + 100000],
    ]);
    expect(byMonth.data.rows[0]!.byMonth).toEqual([0, 0, 0, 250000]);
    expect(byMonth.data.totalsByMonth).toEqual([250000, 1500, 0, 350000]);
  });

  it('reports the budgeted amounts by category and by month', async () => {
    expect(groupingsFor('Budgeted')).toEqual(['Category', 'Group', 'Interval']);
    const byCategory = await rows({
      start: '2023-07',
      end: '2023-08',
      groupBy: 'Category',
      balanceType: 'Budgeted',
    });
    expect(byCategory.rows).toEqual([
      ['Groceries', 25000],
      ['Utilities', 20000],
    ]);
    const byMonth = await rows({ start: '2023-06', groupBy: 'Interval', balanceType: 'Budgeted' });
    expect(byMonth.rows).toEqual([
      ['June 2023', 10000],
      ['July 2023', 30000],
      ['August 2023', 15000],
    ]);
  });
});

describe('chart rows', () => {
  const row = (key: string, total: number) => ({ key, label: key, total, byMonth: [total] });
  const data = {
    rows: [row('a', 5), row('b', -50), row('c', 1), row('d', 20)],
    months: ['2024-01'],
    total: -24,
    totalsByMonth: [-24],
  };
  it('keeps the largest rows in report order and sums the rest as Other', () => {
    expect(chartRows(data, 4)).toBe(data.rows);
    expect(chartRows(data, 3).map((r) => [r.key, r.label, r.total, r.byMonth])).toEqual([
      ['b', 'b', -50, [-50]],
      ['d', 'd', 20, [20]],
      [OTHER_KEY, 'Other (2)', 6, [6]],
    ]);
    expect(chartRows(data, 2, { keepAll: true })).toBe(data.rows);
    expect(chartRows(data, 2, { withOther: false }).map((r) => r.key)).toEqual(['b', 'd']);
  });
});
