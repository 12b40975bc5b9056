import { beforeAll, describe, expect, it } from 'vitest';
import { monthRange, sheetForMonth } from '@coffer/core/ui';
import { loadSpending } from './spending.ts';
import { seededBudget } from './test-helpers/seeded-budget.ts';

type Budget = Awaited<ReturnType<typeof seededBudget>>;

describe('spending by category', () => {
  let b: Budget;
  beforeAll(async () => {
    b = await seededBudget();
  });

  it('sums spending by group and category beside the budget and the period before', async () => {
    const { checking, card, food, bills, general } = b.ids;
    const meta = await b.meta();
    const data = await loadSpending(b.run, b.budgeted, meta, {
      start: '2023-07',
      end: '2023-08',
      accounts: [checking, card],
    });
    expect(data.previousSpan).toEqual({ start: '2023-05', end: '2023-06' });
    const rows = data.groups.map((g) => [
      g.name,
      g.spent,
      g.budgeted,
      g.previous,
      g.categories.map((c) => [c.id, c.spent, c.budgeted, c.previous]),
    ]);
    expect(rows).toEqual([
      [
        'Everyday',
        16000,
        25000,
        2500,
        [
          [food, 13000, 25000, 2500],
          [general, 3000, 0, 0],
        ],
      ],
      ['Bills', 0, 20000, 12000, [[bills, 0, 20000, 12000]]],
    ]);
    // The café's uncategorized payment counts; the move to the house account is a transfer.
    expect(data.uncategorized).toEqual({ spent: 3000, budgeted: 0, previous: 0 });
    expect(data.total).toEqual({ spent: 19000, budgeted: 45000, previous: 14500 });
    // The same as the stored rows: every categorized expense plus the uncategorized non-transfers.
    const groceries = -b.sumSql('t.category = ? AND t.date BETWEEN 20230701 AND 20230831', [food]);
    expect(groceries).toBe(13000);
  });

  it('follows the chosen accounts', async () => {
    const { card, food } = b.ids;
    const data = await loadSpending(b.run, b.budgeted, await b.meta(), {
      start: '2023-06',
      end: '2023-06',
      accounts: [card],
    });
    const groceries = data.groups.flatMap((g) => g.categories).find((c) => c.id === food);
    // The refund on the card makes spending negative; the checking account's payment is not counted.
    expect(groceries).toMatchObject({ spent: -1500, budgeted: 10000, previous: 0 });
    expect(data.total.spent).toBe(10500);
  });

  it('reads each budgeted amount as the sum of its budget cells, months never made included', async () => {
    const { food, bills, general, income } = b.ids;
    // From before the budget's first month to after its last: those months have no cells.
    const span = { start: '2019-01', end: '2031-12' } as const;
    const ids = [food, bills, general, income, 'no-such-category'];
    const months = monthRange(span.start, span.end);
    const cells = await b.getCells(months.flatMap((m) => ids.map((id) => `${sheetForMonth(m)}!budget-${id}`))); // prettier-ignore
    const bySum = new Map(
      ids.map((id) => [
        id,
        months.reduce((s, m) => {
          const v = cells[`${sheetForMonth(m)}!budget-${id}`];
          return s + (typeof v === 'number' ? v : 0);
        }, 0),
      ]),
    );
    expect(bySum.get(food)).toBe(35000);
    expect(await b.budgeted(span, ids)).toEqual(bySum);
  });
});
