/**
 * Property: the custom report's Budgeted measure shows the budget sheet's figures. After budget
 * rows written at random (as another client may write them: months the budget never made,
 * income categories, both budget types), each category's Budgeted by month equals its
 * `budget-<category>` cell of that month, and each month's total equals those cells summed.
 */
import { addMonths, type Month, monthRange, sheetForMonth } from '@coffer/core/ui';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CustomParams, loadCustom } from './custom.ts';
import { seededBudget } from './test-helpers/seeded-budget.ts';

type Budget = Awaited<ReturnType<typeof seededBudget>>;

/** Months from 2021-08 to 2025-08: the budget was made from 2022-11 to a little past 2023-08. */
const monthAt = (i: number): Month => addMonths('2021-08', i);
const monthIdx = fc.integer({ min: 0, max: 48 });

const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('row' as const), m: monthIdx, cat: fc.nat(40), amount: fc.integer({ min: -50_000, max: 90_000 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('type' as const) }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const base: CustomParams = {
  start: '2023-01',
  end: '2023-12',
  groupBy: 'Category',
  balanceType: 'Budgeted',
  mode: 'time',
  filters: [],
  conditionsOp: 'and',
  showOffBudget: false,
  showHidden: true,
  showUncategorized: true,
  showEmpty: false,
  budgetType: 'rollover',
};

describe('the custom report’s Budgeted measure', () => {
  let b: Budget;
  beforeAll(async () => {
    b = await seededBudget();
  });

  async function apply(o: Op, categories: readonly string[]) {
    if (o.k === 'type') {
      const type = (await b.send('load-prefs')) as { budgetType?: string } | null;
      await b.send('budget-set-type', {
        type: type?.budgetType === 'report' ? 'rollover' : 'report',
      });
      return;
    }
    const prefs = (await b.send('load-prefs')) as { budgetType?: string } | null;
    const table = prefs?.budgetType === 'report' ? 'reflect_budgets' : 'zero_budgets';
    const category = categories[o.cat % categories.length]!;
    const month = Number(monthAt(o.m).replace('-', ''));
    const id = `${month}-${category}`;
    const exists = b.sql.first(`SELECT 1 FROM ${table} WHERE id = ?`, [id]);
    if (exists) b.budget.db.update(table, { id, amount: o.amount });
    else b.budget.db.insert(table, { id, month, category, amount: o.amount });
  }

  it('equals the budget cells, per category and month and per month', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        monthIdx,
        fc.integer({ min: 0, max: 30 }),
        async (ops, from, length) => {
          const meta = await b.meta();
          const categories = meta.groups.flatMap((g) => g.categories.map((c) => c.id));
          for (const o of ops) await apply(o, categories);
          const prefs = (await b.send('load-prefs')) as { budgetType?: string } | null;
          const type = prefs?.budgetType === 'report' ? 'report' : 'rollover';
          const start = monthAt(from);
          const end = addMonths(start, length);
          const months = monthRange(start, end);
          const names = categories.flatMap((c) =>
            months.map((m) => `${sheetForMonth(m)}!budget-${c}`),
          );
          const cells = await b.getCells(names);
          const cell = (c: string, m: Month) => {
            const v = cells[`${sheetForMonth(m)}!budget-${c}`];
            return typeof v === 'number' ? v : 0;
          };
          const params = { ...base, start, end, budgetType: type } as const;

          const data = await loadCustom(b.run, meta, params, b.tagSums, b.budgetedMonths);
          const shown = new Map(data.rows.map((r) => [r.key, r]));
          for (const c of categories) {
            const expected = months.map((m) => cell(c, m));
            const row = shown.get(c);
            expect({ c, byMonth: row?.byMonth ?? months.map(() => 0) }).toEqual({
              c,
              byMonth: expected,
            });
          }
          const byInterval = await loadCustom(
            b.run,
            meta,
            { ...params, groupBy: 'Interval', mode: 'total' },
            b.tagSums,
            b.budgetedMonths,
          );
          expect(byInterval.rows.map((r) => r.total)).toEqual(
            months.map((m) => categories.reduce((t, c) => t + cell(c, m), 0)),
          );
        },
      ),
      { numRuns: 25, seed: 20261129 },
    );
  }, 120_000);
});
