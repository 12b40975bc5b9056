/**
 * Hand-computed months of the tracking budget, category deletion with transfer, and switching
 * budget type. Every expected number was worked out on paper from the reference rules.
 */
import { describe, expect, it } from 'vitest';
import * as actions from './actions.ts';
import { aggregateSpending } from './spending.ts';
import { budgetSummary } from './summary.ts';
import {
  act,
  build,
  check,
  row,
  spendingContext,
  tx,
  type Case,
  type Setup,
} from './test-helpers/fixtures.ts';

const salary = (amount: number, date = '2024-01-05') => tx(date, amount, 'salary');

const tracking: Case[] = [
  {
    name: 'tracking: income budget and the saved totals',
    type: 'report',
    budgets: [
      row('2024-01', 'salary', 300000),
      row('2024-01', 'rent', 100000),
      row('2024-01', 'food', 50000),
    ],
    txs: [salary(280000), tx('2024-01-02', -100000, 'rent'), tx('2024-01-10', -60000, 'food')],
    expect: {
      '2024-01': {
        'leftover-salary': 20000,
        'leftover-rent': 0,
        'leftover-food': -10000,
        'spent-with-carryover-food': -60000,
        'group-budget-inc': 300000,
        'group-budget-bills': 150000,
        'group-leftover-bills': -10000,
        'total-budgeted': 150000,
        'total-spent': -160000,
        'total-income': 280000,
        'total-leftover': -10000,
        'total-budget-income': 300000,
        'total-saved': 150000,
        'real-saved': 120000,
        'to-budget': null,
        buffered: null,
      },
      // Without carryover nothing rolls: February starts from zero.
      '2024-02': { 'leftover-food': 0, 'leftover-salary': 0, 'total-leftover': 0 },
    },
  },
  {
    name: 'tracking: carryover rolls balances, positive and negative',
    type: 'report',
    budgets: [
      row('2024-01', 'food', 50000, true),
      row('2024-01', 'games', 0, true),
      row('2024-01', 'salary', 0, true),
      row('2024-02', 'food', 50000),
    ],
    txs: [
      salary(100000),
      tx('2024-01-10', -30000, 'food'),
      tx('2024-01-11', -5000, 'games'),
      tx('2024-02-10', -60000, 'food'),
    ],
    expect: {
      '2024-01': {
        'leftover-food': 20000,
        'spent-with-carryover-food': 20000,
        'leftover-games': -5000,
        'spent-with-carryover-games': 0,
        'leftover-salary': -100000,
        'total-spent': 20000,
        'total-budgeted': 50000,
        'total-leftover': 70000,
        'total-income': 100000,
        'real-saved': 120000,
        'total-saved': -50000,
      },
      '2024-02': {
        'leftover-food': 10000,
        'spent-with-carryover-food': -60000,
        'leftover-games': -5000,
        'leftover-salary': -100000,
        'total-spent': -60000,
        'total-leftover': -10000,
      },
      '2024-03': { 'leftover-food': 0, 'leftover-games': 0, 'leftover-salary': 0 },
    },
  },
  {
    name: 'tracking: splits and off-budget transfers count the same way',
    type: 'report',
    budgets: [row('2024-01', 'games', 40000)],
    txs: [
      tx('2024-01-07', -40000, 'games'),
      tx('2024-01-07', 40000, null, { account: 'savings' }),
      tx('2024-01-04', -10000, null, { isParent: true }),
      tx('2024-01-04', -6000, 'food', { isChild: true, parentId: 'p1' }),
      tx('2024-01-04', -4000, 'games', { isChild: true, parentId: 'p1' }),
    ],
    expect: {
      '2024-01': {
        'sum-amount-games': -44000,
        'sum-amount-food': -6000,
        'leftover-games': -4000,
        'total-spent': -50000,
        'real-saved': -50000,
      },
    },
  },
];

describe.each([['tracking', tracking]])('%s budget months', (_label, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const sheet = build(c);
    c.edit?.(sheet);
    check(sheet, c.expect);
  });
});

describe('category deletion with transfer', () => {
  const setup: Setup = {
    type: 'rollover',
    budgets: [
      row('2024-01', 'rent', 100000),
      row('2024-01', 'food', 20000),
      row('2024-02', 'food', 10000),
    ],
    txs: [salary(200000), tx('2024-01-02', -100000, 'rent'), tx('2024-01-09', -5000, 'food')],
  };

  it('moves budgets and activity to the target; To Budget does not move', () => {
    const sheet = build(setup);
    check(sheet, {
      '2024-01': { 'to-budget': 80000, 'leftover-food': 15000 },
      '2024-02': { 'leftover-food': 25000, 'to-budget': 70000 },
    });

    const result = actions.transferBudgetsOnDelete(sheet, {
      categories: ['food'],
      transferId: 'rent',
    });
    sheet.batch(() => {
      act(sheet, result);
      sheet.removeCategory('food');
      // category_mapping now points food at rent: the database re-sums both.
      const spent = aggregateSpending(
        setup.txs ?? [],
        spendingContext({ mapping: { food: 'rent' } }),
      );
      sheet.setSpent('2024-01', 'food', 0);
      for (const s of spent) sheet.setSpent(s.month, s.category, s.amount);
    });

    check(sheet, {
      '2024-01': {
        'budget-rent': 120000,
        'sum-amount-rent': -105000,
        'leftover-rent': 15000,
        'group-budget-bills': 120000,
        'total-budgeted': -120000,
        'to-budget': 80000,
        'leftover-food': null,
        'budget-food': null,
      },
      '2024-02': { 'budget-rent': 10000, 'leftover-rent': 25000, 'to-budget': 70000 },
    });
  });

  it('refuses a transfer between income and expense', () => {
    const sheet = build(setup);
    expect(
      actions.transferBudgetsOnDelete(sheet, { categories: ['food'], transferId: 'salary' }),
    ).toEqual({ ok: false, error: { type: 'category-type' } });
  });
});

describe('budget-type switch', () => {
  const rows = [row('2024-01', 'rent', 100000), row('2024-01', 'food', 50000)];
  const txs = [salary(300000), tx('2024-01-02', -100000, 'rent'), tx('2024-01-10', -30000, 'food')];

  it('rebuilds from the other table and back without losing anything', () => {
    const sheet = build({ type: 'rollover', budgets: rows, txs });
    check(sheet, { '2024-01': { 'to-budget': 150000, 'leftover-food': 20000 } });
    const summary = budgetSummary(sheet, '2024-01');

    sheet.setBudgetType('report', [
      row('2024-01', 'salary', 250000),
      row('2024-01', 'rent', 100000),
    ]);
    check(sheet, {
      '2024-01': {
        'total-budgeted': 100000,
        'total-budget-income': 250000,
        'total-saved': 150000,
        'total-income': 300000,
        'total-spent': -130000,
        'real-saved': 170000,
        'leftover-salary': -50000,
        'leftover-food': -30000,
        'to-budget': null,
        'from-last-month': null,
      },
    });
    expect(sheet.getCellNamesInSheet('budget202312')).toEqual([]);

    sheet.setBudgetType('rollover', rows);
    check(sheet, { '2024-01': { 'to-budget': 150000, 'leftover-food': 20000 } });
    expect(budgetSummary(sheet, '2024-01')).toEqual(summary);
    expect(summary).toEqual({
      availableFunds: 300000,
      lastMonthOverspent: 0,
      totalBudgeted: -150000,
      forNextMonth: 0,
      toBudget: 150000,
    });
  });
});
