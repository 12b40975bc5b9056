import { describe, expect, it } from 'vitest';
import { BudgetSheet } from './budget-sheet.ts';
import { monthRange, sheetForMonth } from '../calendar/months.ts';
import type { CellChange } from './sheet-engine.ts';
import { build, row, tx } from './test-helpers/fixtures.ts';

const setup = {
  type: 'rollover' as const,
  budgets: [row('2024-01', 'food', 50000), row('2024-02', 'food', 50000)],
  txs: [tx('2024-01-05', 300000, 'salary'), tx('2024-02-10', -60000, 'food')],
};

describe('BudgetSheet', () => {
  it('names the cells of a month sheet as the spec does', () => {
    const names = build(setup).getCellNamesInSheet('budget202401');
    for (const n of [
      'budget-food',
      'sum-amount-food',
      'leftover-food',
      'carryover-food',
      'group-budget-bills',
      'group-leftover-bills',
      'group-sum-amount-bills',
      'total-budgeted',
      'to-budget',
      'from-last-month',
      'last-month-overspent',
      'buffered',
      'available-funds',
      'total-income',
      'total-spent',
      'total-leftover',
    ]) {
      expect(names).toContain(n);
    }
    const report = build({ ...setup, type: 'report' }).getCellNamesInSheet('budget202401');
    for (const n of ['total-saved', 'real-saved', 'total-budget-income', 'budget-salary']) {
      expect(report).toContain(n);
    }
  });

  it('pushes exactly the cells an edit changed', () => {
    const sheet = build(setup);
    const pushes: CellChange[][] = [];
    sheet.onCellsChanged((c) => pushes.push([...c]));
    sheet.adjustSpent('2024-02', 'food', -1000);
    expect(pushes).toHaveLength(1);
    const byName = new Map((pushes[0] ?? []).map((c) => [c.name, c.value]));
    expect(byName.get('budget202402!sum-amount-food')).toBe(-61000);
    expect(byName.get('budget202402!leftover-food')).toBe(39000);
    expect(byName.get('budget202403!leftover-food')).toBe(39000);
    expect(byName.get('budget202402!total-spent')).toBe(-61000);
    // To Budget does not move with spending inside the envelope; January is untouched.
    expect(byName.has('budget202402!to-budget')).toBe(false);
    expect([...byName.keys()].some((n) => n.startsWith('budget202401!'))).toBe(false);
    expect(sheet.getCell('budget202402', 'leftover-food')).toEqual({
      name: 'budget202402!leftover-food',
      value: 39000,
    });
  });

  it('recomputes a small part of a large budget for one transaction edit', () => {
    const months = monthRange('2022-01', '2023-12');
    const categories = Array.from({ length: 30 }, (_, i) => ({
      id: `c${i}`,
      groupId: `g${i % 5}`,
      isIncome: false,
    }));
    const sheet = BudgetSheet.create({
      budgetType: 'rollover',
      bounds: { start: '2022-01', end: '2023-12' },
      groups: Array.from({ length: 5 }, (_, i) => ({ id: `g${i}`, isIncome: false })),
      categories,
      budgets: months.flatMap((m) => categories.map((c) => row(m, c.id, 1000))),
    });
    const total = sheet.lastComputeCount;
    sheet.adjustSpent('2023-06', 'c7', -500);
    // The category's balance chain through the remaining months, plus a few totals a month.
    expect(sheet.lastComputeCount).toBeGreaterThan(0);
    expect(sheet.lastComputeCount).toBeLessThan(total / 20);
  });

  it('extends the month range backwards and forwards, keeping inputs given early', () => {
    const sheet = build({ ...setup, start: '2024-02', end: '2024-02' });
    expect(sheet.getMonths()).toEqual(['2024-02']);
    // January is not created yet: its food budget and income sit in the inputs only.
    expect(sheet.getValue('2024-02', 'from-last-month')).toBe(0);
    expect(sheet.getValue('2024-01', 'is-blank')).toBe(true);

    expect(sheet.ensureMonths({ start: '2024-01', end: '2024-03' })).toEqual({
      start: '2024-01',
      end: '2024-03',
    });
    expect(sheet.getValue('2024-01', 'to-budget')).toBe(250000);
    expect(sheet.getValue('2024-02', 'leftover-food')).toBe(40000);
    expect(sheet.getValue('2024-03', 'from-last-month')).toBe(200000);
    expect(sheet.getCellNamesInSheet(sheetForMonth('2024-01'))).not.toContain('is-blank');
    expect(sheet.getValue('2023-12', 'is-blank')).toBe(true);
    // Smaller bounds never shrink the range.
    expect(sheet.ensureMonths({ start: '2024-02', end: '2024-02' })).toEqual({
      start: '2024-01',
      end: '2024-03',
    });
  });

  it('moves a category between groups', () => {
    const sheet = build(setup);
    sheet.updateCategory({ id: 'food', groupId: 'fun', isIncome: false });
    expect(sheet.getValue('2024-01', 'group-budget-fun')).toBe(50000);
    expect(sheet.getValue('2024-01', 'group-budget-bills')).toBe(0);
    expect(sheet.getValue('2024-02', 'group-sum-amount-fun')).toBe(-60000);
    expect(sheet.getValue('2024-01', 'to-budget')).toBe(250000);
  });

  it('adds and removes groups and categories', () => {
    const sheet = build(setup);
    sheet.addGroup({ id: 'new', isIncome: false });
    sheet.addCategory({ id: 'gym', groupId: 'new', isIncome: false });
    sheet.setBudgetAmount('2024-01', 'gym', 3000);
    expect(sheet.getValue('2024-01', 'group-budget-new')).toBe(3000);
    expect(sheet.getValue('2024-01', 'to-budget')).toBe(247000);
    expect(sheet.getValue('2024-03', 'leftover-gym')).toBe(3000);
    sheet.removeGroup('new');
    // The category is orphaned: it keeps its balance but no group total counts its budget.
    expect(sheet.getValue('2024-01', 'group-budget-new')).toBeNull();
    expect(sheet.getValue('2024-01', 'to-budget')).toBe(250000);
    sheet.removeCategory('gym');
    expect(sheet.getValue('2024-01', 'leftover-gym')).toBeNull();
    expect(sheet.getValue('2023-12', 'leftover-gym')).toBeNull();
  });

  it('ignores budget rows for income categories in the envelope budget', () => {
    const sheet = build(setup);
    sheet.setBudgetAmount('2024-01', 'salary', 99);
    expect(sheet.getValue('2024-01', 'budget-salary')).toBeNull();
    expect(sheet.getValue('2024-01', 'to-budget')).toBe(250000);
    expect(sheet.getBudgetRow('2024-01', 'salary')).toEqual({ amount: 99, carryover: false });
  });

  it('reads rows the way SQLite returns them: NULL amounts as 0, 0/1 flags as booleans', () => {
    const sheet = build(setup);
    const raw = { amount: null, carryover: 1 } as unknown as { amount: number; carryover: boolean };
    sheet.setBudgetRow('2024-01', 'food', raw);
    expect(sheet.getValue('2024-01', 'budget-food')).toBe(0);
    expect(sheet.getValue('2024-01', 'carryover-food')).toBe(true);
    expect(() => sheet.ensureMonths({ start: '2024-05', end: '2024-04' })).toThrow();
  });
});
