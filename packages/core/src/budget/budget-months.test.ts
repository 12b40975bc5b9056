/**
 * Hand-computed months of the envelope budget. Every expected number below was worked out on paper from the rules in
 * the reference (§5.2–5.3), not produced by the code under test. Amounts are cents.
 */
import { describe, expect, it } from 'vitest';
import * as actions from './actions.ts';
import { act, build, check, row, tx, type Case } from './test-helpers/fixtures.ts';

const salary = (amount: number, date = '2024-01-05') => tx(date, amount, 'salary');

const envelope: Case[] = [
  {
    name: 'income, budgeting and positive balances rolling forward',
    type: 'rollover',
    budgets: [
      row('2024-01', 'rent', 100000),
      row('2024-01', 'food', 50000),
      row('2024-01', 'games', 10000),
      row('2024-02', 'food', 50000),
    ],
    txs: [
      salary(300000),
      tx('2024-01-02', -100000, 'rent'),
      tx('2024-01-10', -30000, 'food'),
      tx('2024-02-10', -60000, 'food'),
    ],
    expect: {
      '2024-01': {
        'sum-amount-salary': 300000,
        'total-income': 300000,
        'from-last-month': 0,
        'available-funds': 300000,
        'last-month-overspent': 0,
        'total-budgeted': -160000,
        buffered: 0,
        'to-budget': 140000,
        'leftover-rent': 0,
        'leftover-food': 20000,
        'leftover-games': 10000,
        'group-budget-bills': 150000,
        'group-leftover-bills': 20000,
        'group-sum-amount-bills': -130000,
        'group-sum-amount-inc': 300000,
        'total-spent': -130000,
        'total-leftover': 30000,
        // No budget cells for income in the envelope budget.
        'budget-salary': null,
        'group-budget-inc': null,
      },
      '2024-02': {
        'leftover-food': 10000,
        'leftover-games': 10000,
        'leftover-rent': 0,
        'from-last-month': 140000,
        'available-funds': 140000,
        'total-budgeted': -50000,
        'to-budget': 90000,
        'total-spent': -60000,
        'total-leftover': 20000,
      },
      '2024-03': {
        'leftover-food': 10000,
        'from-last-month': 90000,
        'to-budget': 90000,
        'total-leftover': 20000,
      },
    },
  },
  {
    name: 'overspending without carryover is charged to next month',
    type: 'rollover',
    budgets: [row('2024-01', 'food', 20000)],
    txs: [salary(100000), tx('2024-01-10', -50000, 'food'), tx('2024-01-11', -1000, 'games')],
    expect: {
      '2024-01': {
        'leftover-food': -30000,
        'leftover-pos-food': 0,
        'leftover-games': -1000,
        'to-budget': 80000,
        'total-leftover': -31000,
      },
      '2024-02': {
        'last-month-overspent': -31000,
        'leftover-food': 0,
        'leftover-games': 0,
        'from-last-month': 80000,
        'to-budget': 49000,
      },
      '2024-03': { 'last-month-overspent': 0, 'to-budget': 49000 },
    },
  },
  {
    name: 'overspending with carryover stays in the category for one flagged month',
    type: 'rollover',
    budgets: [row('2024-01', 'food', 20000, true)],
    txs: [salary(100000), tx('2024-01-10', -50000, 'food'), tx('2024-01-11', -1000, 'games')],
    expect: {
      '2024-01': { 'leftover-food': -30000, 'to-budget': 80000 },
      '2024-02': {
        'last-month-overspent': -1000,
        'leftover-food': -30000,
        'to-budget': 79000,
      },
      // February's flag is not set, so February's negative balance goes to March's To Budget.
      '2024-03': { 'last-month-overspent': -30000, 'leftover-food': 0, 'to-budget': 49000 },
    },
  },
  {
    name: 'set-carryover flags this and every later month',
    type: 'rollover',
    budgets: [row('2024-01', 'food', 20000)],
    txs: [salary(100000), tx('2024-01-10', -50000, 'food')],
    edit: (s) =>
      act(s, actions.setCarryover(s, { startMonth: '2024-01', category: 'food', flag: true })),
    expect: {
      '2024-02': { 'leftover-food': -30000, 'last-month-overspent': 0, 'to-budget': 80000 },
      '2024-03': { 'leftover-food': -30000, 'last-month-overspent': 0, 'to-budget': 80000 },
    },
  },
  {
    name: 'held money leaves this month and arrives next month',
    type: 'rollover',
    budgets: [row('2024-01', 'food', 20000)],
    buffered: [{ month: '2024-01', amount: 30000 }],
    txs: [salary(100000)],
    expect: {
      '2024-01': { buffered: 30000, 'to-budget': 50000 },
      '2024-02': { 'from-last-month': 80000, 'available-funds': 80000, 'to-budget': 80000 },
    },
  },
  {
    name: 'holds through the action, clamped to what is available, then reset',
    type: 'rollover',
    budgets: [row('2024-01', 'food', 20000)],
    txs: [salary(100000)],
    edit: (s) => {
      act(s, actions.holdForNextMonth(s, { month: '2024-01', amount: 500000 }));
      // To Budget is now 0: a further hold is refused and changes nothing.
      const refused = actions.holdForNextMonth(s, { month: '2024-01', amount: 100 });
      expect(refused).toEqual({ ok: true, writes: [], value: false });
      act(s, actions.resetHold(s, { month: '2024-02' }));
    },
    expect: {
      '2024-01': { buffered: 80000, 'to-budget': 0 },
      '2024-02': { 'from-last-month': 80000, 'to-budget': 80000 },
    },
  },
  {
    name: 'transfers between categories, back to To Budget, and from To Budget',
    type: 'rollover',
    budgets: [row('2024-01', 'rent', 100000), row('2024-01', 'food', 50000)],
    txs: [salary(200000), tx('2024-02-03', -70000, 'food')],
    edit: (s) => {
      const m = '2024-01';
      act(s, actions.transferCategory(s, { month: m, amount: 20000, from: 'rent', to: 'food' }));
      act(
        s,
        actions.transferCategory(s, {
          month: m,
          amount: 10000,
          from: 'food',
          to: 'to-be-budgeted',
        }),
      );
      // Asks for more than To Budget (60000) holds: only 60000 moves.
      act(s, actions.transferAvailable(s, { month: m, amount: 100000, category: 'games' }));
      // February: food is 10000 overspent (60000 rolled in, 70000 spent); rent covers it.
      act(s, actions.coverOverspending(s, { month: '2024-02', to: 'food', from: 'rent' }));
    },
    expect: {
      '2024-01': {
        'budget-rent': 80000,
        'budget-food': 60000,
        'budget-games': 60000,
        'total-budgeted': -200000,
        'to-budget': 0,
      },
      '2024-02': {
        'budget-rent': -10000,
        'budget-food': 10000,
        'leftover-food': 0,
        'leftover-rent': 70000,
        'total-budgeted': 0,
        'to-budget': 0,
      },
    },
  },
  {
    name: 'a transfer to an off-budget account counts as category spending',
    type: 'rollover',
    budgets: [row('2024-01', 'games', 40000)],
    txs: [
      salary(100000),
      tx('2024-01-07', -40000, 'games', { account: 'checking' }),
      tx('2024-01-07', 40000, null, { account: 'savings' }),
      // Between two on-budget accounts: no category, no effect.
      tx('2024-01-08', -5000, null, { account: 'checking' }),
      tx('2024-01-08', 5000, null, { account: 'cash' }),
      // Categorised activity inside an off-budget account never counts.
      tx('2024-01-09', -7000, 'food', { account: 'savings' }),
    ],
    expect: {
      '2024-01': {
        'sum-amount-games': -40000,
        'leftover-games': 0,
        'sum-amount-food': 0,
        'total-spent': -40000,
        'to-budget': 60000,
      },
    },
  },
  {
    name: 'split transactions: children count, parents do not',
    type: 'rollover',
    deadParents: ['p2'],
    txs: [
      salary(100000),
      tx('2024-01-04', -10000, null, { isParent: true }),
      tx('2024-01-04', -6000, 'food', { isChild: true, parentId: 'p1' }),
      tx('2024-01-04', -4000, 'games', { isChild: true, parentId: 'p1' }),
      // A parent that (wrongly) carries a category is still not counted.
      tx('2024-01-06', -10000, 'rent', { isParent: true }),
      tx('2024-01-06', -111, 'food', { isChild: true, parentId: 'p2' }),
      tx('2024-01-06', -999, 'food', { tombstone: true }),
      tx('2024-01-06', -5, 'food', { isChild: true, parentId: null }),
    ],
    expect: {
      '2024-01': {
        'sum-amount-food': -6000,
        'sum-amount-games': -4000,
        'sum-amount-rent': 0,
        'total-spent': -10000,
        'leftover-food': -6000,
        'to-budget': 100000,
      },
      '2024-02': { 'last-month-overspent': -10000, 'to-budget': 90000 },
    },
  },
];

describe.each([['envelope', envelope]])('%s budget months', (_label, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const sheet = build(c);
    c.edit?.(sheet);
    check(sheet, c.expect);
  });
});
