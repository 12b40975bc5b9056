import { beforeAll, describe, expect, it } from 'vitest';
import { budgetCellNames, loadSpending } from './spending.ts';
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
    const data = await loadSpending(b.run, b.getCells, meta, {
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
    const data = await loadSpending(b.run, b.getCells, await b.meta(), {
      start: '2023-06',
      end: '2023-06',
      accounts: [card],
    });
    const groceries = data.groups.flatMap((g) => g.categories).find((c) => c.id === food);
    // The refund on the card makes spending negative; the checking account's payment is not counted.
    expect(groceries).toMatchObject({ spent: -1500, budgeted: 10000, previous: 0 });
    expect(data.total.spent).toBe(10500);
  });

  it('names the budget cell of each category in each month', () => {
    expect(budgetCellNames({ start: '2023-12', end: '2024-01' }, ['a', 'b'])).toEqual([
      'budget202312!budget-a',
      'budget202312!budget-b',
      'budget202401!budget-a',
      'budget202401!budget-b',
    ]);
  });
});
