import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '../budget/index.ts';
import { balanceQueries } from './bindings.ts';
import { dumpRows, openBudgetCore } from './test-helpers/budget-core.ts';

async function fixture(budgetType?: 'rollover' | 'report') {
  const f = await openBudgetCore({ budgetType });
  const db = f.budget.db;
  db.batch(() => {
    db.insert('transactions', { id: 't-pay', acct: 'checking', date: 20230701, amount: 1000_00, category: 'salary' }); // prettier-ignore
    db.insert('transactions', { id: 't-food', acct: 'checking', date: 20230710, amount: -150_00, category: 'food' }); // prettier-ignore
  });
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  const cell = (sheet: string, name: string) => f.engine().getCell(sheet, name).value;
  const rows = (table = 'zero_budgets') =>
    f.budget.sqlite.all(`SELECT id, month, category, amount, carryover FROM ${table} ORDER BY id`);
  return { ...f, db, send, cell, rows };
}

describe('budget actions', () => {
  it('budget-amount upserts the row by month and category, as one undoable step', async () => {
    const f = await fixture();
    expect(await f.send('budget/budget-amount', { month: '2023-07', category: 'food', amount: 200_00 })).toBeUndefined(); // prettier-ignore
    expect(f.rows()).toEqual([{ id: '202307-food', month: 202307, category: 'food', amount: 200_00, carryover: 0 }]); // prettier-ignore
    expect(f.cell('budget202307', 'leftover-food')).toBe(50_00);
    expect(f.pushes).toContainEqual({ name: 'budget202307!leftover-food', value: 50_00 });
    await f.send('budget/budget-amount', { month: '2023-07', category: 'food', amount: 120_00 });
    expect(f.rows()).toHaveLength(1);
    await f.send('undo');
    expect(f.cell('budget202307', 'budget-food')).toBe(200_00);
    await f.send('undo');
    expect(f.cell('budget202307', 'budget-food')).toBe(0);
    expect(f.cell('budget202307', 'to-budget')).toBe(1000_00);
  });

  it('finds a row synced with another id instead of inserting a second one', async () => {
    const f = await fixture();
    f.db.insert('zero_budgets', { id: 'legacy', month: 202307, category: 'food', amount: 5 });
    await f.send('budget/budget-amount', { month: '2023-07', category: 'food', amount: 7 });
    expect(f.rows()).toEqual([{ id: 'legacy', month: 202307, category: 'food', amount: 7, carryover: 0 }]); // prettier-ignore
  });

  it('transfer-category moves money between categories and back to To Budget', async () => {
    const f = await fixture();
    await f.send('budget/budget-amount', { month: '2023-07', category: 'rent', amount: 300_00 });
    await f.send('budget/transfer-category', { month: '2023-07', amount: 100_00, from: 'rent', to: 'food' }); // prettier-ignore
    expect(f.cell('budget202307', 'budget-rent')).toBe(200_00);
    expect(f.cell('budget202307', 'budget-food')).toBe(100_00);
    await f.send('budget/transfer-category', { month: '2023-07', amount: 50_00, from: 'rent', to: 'to-be-budgeted' }); // prettier-ignore
    expect(f.cell('budget202307', 'to-budget')).toBe(1000_00 - 250_00);
    await f.send('undo');
    await f.send('undo');
    expect(f.cell('budget202307', 'budget-rent')).toBe(300_00);
    expect(f.cell('budget202307', 'budget-food')).toBe(0);
  });

  it('cover-overspending takes what the source has, at most the overspending', async () => {
    const f = await fixture();
    await f.send('budget/budget-amount', { month: '2023-07', category: 'rent', amount: 100_00 });
    await f.send('budget/cover-overspending', { month: '2023-07', to: 'food', from: 'rent' });
    expect(f.cell('budget202307', 'leftover-food')).toBe(-50_00);
    expect(f.cell('budget202307', 'leftover-rent')).toBe(0);
    await f.send('budget/cover-overspending', { month: '2023-07', to: 'food', from: 'to-be-budgeted' }); // prettier-ignore
    expect(f.cell('budget202307', 'leftover-food')).toBe(0);
  });

  it('holds for next month, clamped to what is available, and resets', async () => {
    const f = await fixture();
    expect(await f.send('budget/hold-for-next-month', { month: '2023-07', amount: 5000_00 })).toBe(true); // prettier-ignore
    expect(f.cell('budget202307', 'buffered')).toBe(1000_00);
    expect(f.cell('budget202307', 'to-budget')).toBe(0);
    expect(f.cell('budget202308', 'from-last-month')).toBe(1000_00);
    // Nothing left to hold: refused, nothing written.
    const before = dumpRows(f.budget.sqlite);
    expect(await f.send('budget/hold-for-next-month', { month: '2023-07', amount: 1 })).toBe(false);
    expect(dumpRows(f.budget.sqlite)).toBe(before);
    await f.send('budget/reset-hold', { month: '2023-07' });
    expect(f.cell('budget202307', 'buffered')).toBe(0);
    expect(f.budget.sqlite.all('SELECT * FROM zero_budget_months')).toEqual([{ id: '2023-07', buffered: 0 }]); // prettier-ignore
  });

  it('set-carryover sets the flag from the start month through the last month', async () => {
    const f = await fixture();
    await f.send('budget/set-carryover', { startMonth: '2024-06', category: 'food', flag: true });
    expect(f.rows().map((r) => (r as { month: number }).month)).toEqual([202406, 202407, 202408]);
    expect(f.cell('budget202407', 'carryover-food')).toBe(true);
    expect(f.cell('budget202405', 'carryover-food')).toBe(false);
  });

  it('rejects bad input with a typed error and changes nothing', async () => {
    const f = await fixture();
    const before = dumpRows(f.budget.sqlite);
    const cases: [string, unknown, string][] = [
      ['budget/budget-amount', { month: '2023-07', category: 'food', amount: MAX_AMOUNT + 1 }, 'amount-out-of-range'], // prettier-ignore
      ['budget/budget-amount', { month: '2023-07', category: 'food', amount: -MAX_AMOUNT - 1 }, 'amount-out-of-range'], // prettier-ignore
      ['budget/budget-amount', { month: '2023-07', category: 'food', amount: 1.5 }, 'invalid-amount'], // prettier-ignore
      ['budget/budget-amount', { month: '2023-07', category: 'food', amount: '12' }, 'invalid-amount'], // prettier-ignore
      ['budget/budget-amount', { month: '2031-01', category: 'food', amount: 1 }, 'month-out-of-bounds'], // prettier-ignore
      ['budget/budget-amount', { month: 'July', category: 'food', amount: 1 }, 'invalid-month'],
      ['budget/budget-amount', { month: '2023-07', category: 'nope', amount: 1 }, 'unknown-category'], // prettier-ignore
      ['budget/transfer-category', { month: '2023-07', amount: 2 ** 53, from: 'rent', to: 'food' }, 'amount-out-of-range'], // prettier-ignore
      ['budget/hold-for-next-month', { month: '2023-07', amount: MAX_AMOUNT + 1 }, 'amount-out-of-range'], // prettier-ignore
      ['budget/set-n-month-avg', { month: '2023-07', N: 5, category: 'food' }, 'invalid-average-length'], // prettier-ignore
      ['budget/set-carryover', { startMonth: '1999-01', category: 'food', flag: true }, 'month-out-of-bounds'], // prettier-ignore
      ['budget/apply-goal-template', { month: '2031-01' }, 'month-out-of-bounds'],
    ];
    for (const [name, args, type] of cases) {
      expect(await f.send(name, args), name).toMatchObject({ error: { type } });
    }
    expect(await f.send('budget/budget-amount', { month: '2023-07' })).toMatchObject({ error: { type: 'APIError' } }); // prettier-ignore
    expect(dumpRows(f.budget.sqlite)).toBe(before);
    expect(f.db.undo.canUndo()).toBe(false); // no empty undo step either
  });

  it('switches budget type through the synced pref; each type keeps its own rows', async () => {
    const f = await fixture();
    await f.send('budget/budget-amount', { month: '2023-07', category: 'food', amount: 200_00 });
    await f.send('budget-set-type', { type: 'report' });
    expect(f.budget.prefs.budgetType).toBe('report');
    expect(f.cell('budget202307', 'budget-food')).toBe(0);
    expect(f.cell('budget202307', 'total-spent')).toBe(-150_00);
    await f.send('budget/budget-amount', { month: '2023-07', category: 'salary', amount: 900_00 });
    expect(f.rows('reflect_budgets')).toHaveLength(1);
    expect(f.cell('budget202307', 'total-budget-income')).toBe(900_00);
    await f.send('budget-set-type', { type: 'rollover' });
    expect(f.cell('budget202307', 'budget-food')).toBe(200_00);
    expect(f.rows('zero_budgets')).toHaveLength(1);
    expect(await f.send('budget-set-type', { type: 'zero' })).toMatchObject({ error: { type: 'invalid-budget-type' } }); // prettier-ignore
  });

  it('applies goal templates from category notes', async () => {
    const f = await fixture();
    f.db.insert('notes', { id: 'rent', note: 'pay it\n#template 400' });
    f.db.insert('notes', { id: 'power', note: '#template 40 nonsense' });
    const result = await f.send('budget/apply-goal-template', { month: '2023-07' });
    expect(result).toMatchObject({ type: 'message' });
    expect(f.cell('budget202307', 'budget-rent')).toBe(400_00);
    expect(await f.send('budget/check-templates')).toMatchObject({ type: 'error' });
    await f.send('undo');
    expect(f.cell('budget202307', 'budget-rent')).toBe(0);
  });
});

describe('cells', () => {
  it('reads budget cells and query cells by name', async () => {
    const f = await fixture();
    expect(await f.send('get-budget-bounds')).toEqual({ start: '2023-04', end: '2024-08' });
    expect(await f.send('getCell', { sheetName: 'budget202307', name: 'to-budget' })).toEqual({
      name: 'budget202307!to-budget',
      value: 1000_00,
    });
    expect(await f.send('getCells', { names: ['budget202307!sum-amount-food', 'nope'] })).toEqual([
      { name: 'budget202307!sum-amount-food', value: -150_00 },
      { name: 'nope', value: null },
    ]);
    await f.send('budget/budget-amount', { month: '2023-07', category: 'food', amount: 200_00 });
    expect(await f.send('budgeted-sums', { start: '2023-01', end: '2023-12', categories: ['food', 'salary'] })).toEqual([
      { category: 'food', amount: 200_00 },
      { category: 'salary', amount: 0 },
    ]); // prettier-ignore
    expect(await f.send('budgeted-sums', { start: '2023-7', end: '2023-12', categories: [] })).toMatchObject({ error: { type: 'invalid-month' } }); // prettier-ignore
    const names = (await f.send('getCellNamesInSheet', { sheetName: 'budget202307' })) as string[];
    expect(names).toContain('leftover-food');
    expect(names).toContain('to-budget');

    const binding = balanceQueries.account('checking');
    const query = binding.query.serialize();
    await f.send('create-query', { sheetName: 'account', name: binding.name, query });
    expect(await f.send('getCell', { sheetName: 'account', name: 'balance-checking' })).toEqual({
      name: 'account!balance-checking',
      value: 850_00,
    });
    f.db.update('transactions', { id: 't-food', amount: -50_00 });
    expect(await f.send('getCell', { sheetName: 'account', name: 'balance-checking' })).toMatchObject({ value: 950_00 }); // prettier-ignore
  });

  it('keeps the sidebar balances by the names Actual binds, as their tables change', async () => {
    const f = await fixture();
    f.db.batch(() => {
      f.db.insert('transactions', { id: 't-save', acct: 'savings', date: 20230702, amount: 500_00 }); // prettier-ignore
      f.db.insert('transactions', { id: 't-none', acct: 'card', date: 20230703, amount: -20_00 });
    });
    const bindings = [
      balanceQueries.all(),
      balanceQueries.onBudget(),
      balanceQueries.offBudget(),
      balanceQueries.uncategorizedBalance(),
      balanceQueries.uncategorizedCount(),
    ];
    for (const b of bindings) {
      await f.send('create-query', { sheetName: 'account', name: b.name, query: b.query.serialize() }); // prettier-ignore
    }
    const values = async () =>
      ((await f.send('getCells', { names: bindings.map((b) => `account!${b.name}`) })) as { value: unknown }[]).map((c) => c.value); // prettier-ignore
    expect(await values()).toEqual([1330_00, 830_00, 500_00, -20_00, 1]);
    f.db.update('accounts', { id: 'card', offbudget: 1 });
    expect(await values()).toEqual([1330_00, 850_00, 480_00, 0, 0]);
    f.db.update('accounts', { id: 'checking', closed: 1 });
    expect(await values()).toEqual([480_00, 0, 480_00, 0, 0]);
  });

  it('answers the budget page lists of both types', async () => {
    const f = await fixture();
    const rollover = (await f.send('rollover-budget-month', { month: '2023-07' })) as unknown[];
    expect(rollover[4]).toEqual({ name: 'budget202307!to-budget', value: 1000_00 });
    expect(await f.send('report-budget-month', { month: '07/2023' })).toMatchObject({ error: { type: 'invalid-month' } }); // prettier-ignore
  });
});
