import { describe, expect, it } from 'vitest';
import * as actions from './actions.ts';
import { MAX_AMOUNT } from './amounts.ts';
import { build, row, tx } from './test-helpers/fixtures.ts';

const envelope = () =>
  build({
    type: 'rollover',
    end: '2024-04',
    budgets: [
      row('2024-01', 'rent', 100000),
      row('2024-01', 'food', 30000, true),
      row('2024-01', 'salary', 5),
    ],
    txs: [
      tx('2024-01-01', 200000, 'salary'),
      tx('2024-01-02', -1000, 'food'),
      tx('2024-02-02', -2000, 'food'),
      tx('2024-03-02', -3001, 'food'),
      tx('2024-03-02', 90000, 'salary'),
    ],
  });

describe('budget actions', () => {
  it('budget-amount validates month, category and amount', () => {
    const s = envelope();
    const ok = actions.budgetAmount(s, { month: '2024-02', category: 'food', amount: 123 });
    expect(ok).toEqual({
      ok: true,
      value: undefined,
      writes: [{ kind: 'budget', month: '2024-02', category: 'food', amount: 123 }],
    });
    expect(
      actions.budgetAmount(s, { month: '2024-02', category: 'food', amount: MAX_AMOUNT }).ok,
    ).toBe(true);
    expect(
      actions.budgetAmount(s, { month: '2024-02', category: 'food', amount: MAX_AMOUNT + 1 }),
    ).toEqual({ ok: false, error: { type: 'amount-out-of-range', value: MAX_AMOUNT + 1 } });
    expect(actions.budgetAmount(s, { month: '2024-02', category: 'food', amount: 1.5 })).toEqual({
      ok: false,
      error: { type: 'invalid-amount', value: 1.5 },
    });
    expect(actions.budgetAmount(s, { month: '2030-01', category: 'food', amount: 1 })).toEqual({
      ok: false,
      error: { type: 'month-out-of-bounds', month: '2030-01' },
    });
    expect(actions.budgetAmount(s, { month: '2024-1', category: 'food', amount: 1 })).toEqual({
      ok: false,
      error: { type: 'invalid-month', month: '2024-1' },
    });
    expect(actions.budgetAmount(s, { month: '2024-01', category: 'nope', amount: 1 })).toEqual({
      ok: false,
      error: { type: 'unknown-category', category: 'nope' },
    });
  });

  it('transfer-category refuses a result beyond the bounds and writes nothing', () => {
    const s = envelope();
    const r = actions.transferCategory(s, {
      month: '2024-01',
      amount: MAX_AMOUNT,
      from: 'food',
      to: 'rent',
    });
    expect(r).toEqual({
      ok: false,
      error: { type: 'amount-out-of-range', value: MAX_AMOUNT + 100000 },
    });
  });

  it('copy-previous-month copies stored rows, skipping income in the envelope budget', () => {
    const r = actions.copyPreviousMonth(envelope(), { month: '2024-02' });
    expect(r.ok && r.writes).toEqual([
      { kind: 'budget', month: '2024-02', category: 'rent', amount: 100000 },
      { kind: 'budget', month: '2024-02', category: 'food', amount: 30000 },
    ]);
  });

  it('copy-single-month copies one category', () => {
    const r = actions.copySingleMonth(envelope(), { month: '2024-02', category: 'rent' });
    expect(r.ok && r.writes).toEqual([
      { kind: 'budget', month: '2024-02', category: 'rent', amount: 100000 },
    ]);
  });

  it('set-zero zeroes every budgetable category', () => {
    const r = actions.setZero(envelope(), { month: '2024-01' });
    expect(r.ok && r.writes.map((w) => w.kind === 'budget' && [w.category, w.amount])).toEqual([
      ['rent', 0],
      ['food', 0],
      ['games', 0],
    ]);
  });

  it('set-3month-avg budgets minus the truncated average of the last three months', () => {
    const r = actions.set3MonthAvg(envelope(), { month: '2024-04' });
    // food: (-1000 - 2000 - 3001) / 3 = -2000.33 → truncated −2000 → budget 2000.
    expect(r.ok && r.writes).toEqual([
      { kind: 'budget', month: '2024-04', category: 'rent', amount: 0 },
      { kind: 'budget', month: '2024-04', category: 'food', amount: 2000 },
      { kind: 'budget', month: '2024-04', category: 'games', amount: 0 },
    ]);
  });

  it('set-n-month-avg rounds, keeps income positive, and checks N', () => {
    const s = envelope();
    const food = actions.setNMonthAvg(s, { month: '2024-04', N: 6, category: 'food' });
    // (-6001) / 6 = -1000.17 → rounded −1000 → budget 1000; earlier months read as 0.
    expect(food.ok && food.writes[0]).toMatchObject({ amount: 1000 });
    const income = actions.setNMonthAvg(s, { month: '2024-04', N: 3, category: 'salary' });
    expect(income.ok && income.writes[0]).toMatchObject({ amount: 96667 });
    expect(actions.setNMonthAvg(s, { month: '2024-04', N: 4, category: 'food' })).toEqual({
      ok: false,
      error: { type: 'invalid-average-length', n: 4 },
    });
  });

  it('hold-for-next-month clamps between minus what is held and To Budget', () => {
    const s = envelope();
    // To Budget in January: 200000 − 130000 = 70000.
    const hold = actions.holdForNextMonth(s, { month: '2024-01', amount: 20000 });
    expect(hold).toEqual({
      ok: true,
      value: true,
      writes: [{ kind: 'buffered', month: '2024-01', amount: 20000 }],
    });
    s.apply(hold.ok ? hold.writes : []);
    // Releasing more than is held only releases what is held.
    const release = actions.holdForNextMonth(s, { month: '2024-01', amount: -99999 });
    expect(release.ok && release.writes).toEqual([
      { kind: 'buffered', month: '2024-01', amount: 0 },
    ]);
    // Asking for more than To Budget (50000 after the hold) holds only that much more.
    const more = actions.holdForNextMonth(s, { month: '2024-01', amount: 80000 });
    expect(more.ok && more.writes).toEqual([{ kind: 'buffered', month: '2024-01', amount: 70000 }]);
  });

  it('cover-overspending does nothing unless there is something to cover and money to do it', () => {
    const s = envelope();
    // Nothing is overspent in January.
    const none = actions.coverOverspending(s, { month: '2024-01', to: 'food', from: 'rent' });
    expect(none.ok && none.writes).toEqual([]);
    // February: food balance 29000 − 2000 = 27000, games is 0; overspend games by 500.
    s.setSpent('2024-02', 'games', -500);
    const fromPot = actions.coverOverspending(s, {
      month: '2024-02',
      to: 'games',
      from: actions.TO_BE_BUDGETED,
    });
    expect(fromPot.ok && fromPot.writes).toEqual([
      { kind: 'budget', month: '2024-02', category: 'games', amount: 500 },
    ]);
  });

  it('set-carryover writes this and every later created month', () => {
    const s = envelope();
    const r = actions.setCarryover(s, { startMonth: '2025-02', category: 'food', flag: false });
    expect(r).toEqual({ ok: false, error: { type: 'month-out-of-bounds', month: '2025-02' } });
    const ok = actions.setCarryover(s, { startMonth: '2024-02', category: 'food', flag: true });
    expect(ok.ok && ok.writes.map((w) => w.month)).toEqual(['2024-02', '2024-03', '2024-04']);
  });

  it('transfer on delete adds every month of the deleted categories to the target', () => {
    const s = envelope();
    s.setBudgetAmount('2024-03', 'games', 700);
    const r = actions.transferBudgetsOnDelete(s, {
      categories: ['food', 'games'],
      transferId: 'rent',
    });
    expect(r.ok && r.writes).toEqual([
      { kind: 'budget', month: '2024-01', category: 'rent', amount: 130000 },
      { kind: 'budget', month: '2024-03', category: 'rent', amount: 700 },
    ]);
  });
});

describe('handler registry', () => {
  it('covers every budget action of the spec', () => {
    expect(Object.keys(actions.budgetActionHandlers).sort()).toEqual(
      [
        'budget-amount',
        'copy-previous-month',
        'copy-single-month',
        'cover-overspending',
        'hold-for-next-month',
        'reset-hold',
        'set-3month-avg',
        'set-carryover',
        'set-n-month-avg',
        'set-zero',
        'transfer-available',
        'transfer-category',
      ].map((n) => `budget/${n}`),
    );
  });
});
