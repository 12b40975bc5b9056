import { openAppCore } from '@coffer/core/testing';
import { describe, expect, it } from 'vitest';
import { foreseenCells } from './foresee.ts';
import type { BudgetType } from './rows.ts';

type Core = Awaited<ReturnType<typeof openAppCore>>;

async function cells(f: Core, names: string[]): Promise<Map<string, number>> {
  const res = (await f.core.sendUnknown('getCells', { names })) as Array<{
    name: string;
    value: unknown;
  }>;
  return new Map(res.map((c) => [c.name, typeof c.value === 'number' ? c.value : 0]));
}

/** The foreseen values of an edit equal what the real core computes for the same edit. */
async function check(f: Core, type: BudgetType, category: string, from: number, to: number) {
  const month = '2023-08';
  const id = f.category(category);
  const groupId = f.sql.first<{ cat_group: string }>(
    'SELECT cat_group FROM categories WHERE id = ?',
    [id],
  )!.cat_group;
  const income = category === 'Income';
  await f.core.sendUnknown('budget/budget-amount', { month, category: id, amount: from });
  const edit = { type, month, categoryId: id, groupId, income, delta: to - from };
  const names = foreseenCells(edit, () => 0).map((c) => c.name);
  const before = await cells(f, names);
  const foreseen = foreseenCells(edit, (n) => before.get(n) ?? 0);
  await f.core.sendUnknown('budget/budget-amount', { month, category: id, amount: to });
  const after = await cells(f, names);
  expect(Object.fromEntries(foreseen.map((c) => [c.name, c.value]))).toEqual(
    Object.fromEntries(after),
  );
}

describe('foreseen cells of a budget edit', () => {
  it('match the envelope engine, whatever the balance does', async () => {
    const f = await openAppCore();
    const account = (await f.core.sendUnknown('account-create', {
      name: 'Checking',
      balance: 100000,
    })) as string;
    expect(
      await f.core.sendUnknown('transaction-add', {
        account,
        date: '2023-08-03',
        amount: -8000,
        category: f.category('Groceries'),
      }),
    ).toEqual({});
    await check(f, 'rollover', 'Groceries', 5000, 12345);
    // The spending counts: the balance is what was budgeted less what was spent.
    const balance = `budget202308!leftover-${f.category('Groceries')}`;
    expect((await cells(f, [balance])).get(balance)).toBe(12345 - 8000);
    await check(f, 'rollover', 'Groceries', 12345, 0);
    await check(f, 'rollover', 'Housing', 0, -2500);
  });

  it('match the tracking engine, for expense and income categories', async () => {
    const f = await openAppCore();
    await f.core.sendUnknown('budget-set-type', { type: 'report' });
    await check(f, 'report', 'Groceries', 0, 40000);
    await check(f, 'report', 'Income', 0, 250000);
    await check(f, 'report', 'Income', 250000, 1000);
  });
});
