import { beforeEach, describe, expect, it } from 'vitest';
import { q } from '../query/query.ts';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';
import { API_RULES, CATEGORY_TYPE_MESSAGE, deleteCategory } from './delete.ts';

let f: AppFixture;
let acct: string;
beforeEach(async () => {
  f = await openAppCore();
  acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
});

type Grouped = {
  grouped: Array<{ id: string; name: string; categories: Array<{ id: string; name: string }> }>;
  list: Array<{ id: string }>;
};
const names = async (group: string) =>
  ((await f.core.send('get-categories')) as Grouped).grouped
    .find((g) => g.name === group)!
    .categories.map((c) => c.name);

const setBudget = (
  table: 'zero_budgets' | 'reflect_budgets',
  month: number,
  category: string,
  amount: number,
) =>
  f.budget.db.insert(table, { id: `${month}-${category}`, month, category, amount, carryover: 0 });

const budgetOf = (month: number, category: string) =>
  f.sql.first<{ amount: number }>(
    'SELECT amount FROM zero_budgets WHERE month = ? AND category = ?',
    [month, category],
  )?.amount;

describe('get-categories and category-create/update/move', () => {
  it('groups expense groups first, income last, with categories in order', async () => {
    const { grouped, list } = (await f.core.send('get-categories')) as Grouped;
    expect(grouped.map((g) => g.name)).toEqual(['Everyday', 'Bills', 'Savings', 'Income']);
    expect(grouped[3]!.categories.map((c) => c.name)).toEqual(['Income', 'Starting Balances']);
    expect(list.length).toBe(grouped.reduce((n, g) => n + g.categories.length, 0));
  });

  it('creates at the top of the group with a mapping row; names are unique per group, ignoring case', async () => {
    const id = (await f.core.send('category-create', {
      name: ' Pets ',
      groupId: f.group('Everyday'),
    })) as string;
    expect((await names('Everyday'))[0]).toBe('Pets');
    expect(f.sql.first('SELECT transferId FROM category_mapping WHERE id = ?', [id])).toEqual({
      transferId: id,
    });
    expect(
      await f.core.send('category-create', { name: 'pets', groupId: f.group('Everyday') }),
    ).toMatchObject({
      error: { type: 'category-exists' },
    });
    // The same name is fine in another group.
    expect(
      typeof (await f.core.send('category-create', { name: 'Pets', groupId: f.group('Bills') })),
    ).toBe('string');
    expect(await f.core.send('category-create', { name: 'X', groupId: 'nope' })).toMatchObject({
      error: { type: 'group-not-found' },
    });
    expect(await f.core.send('category-update', { id, name: 'groceries' })).toMatchObject({
      error: { type: 'category-exists' },
    });
    await f.core.send('category-update', { id, name: 'Animals', hidden: true });
    expect(f.sql.first('SELECT name, hidden FROM categories WHERE id = ?', [id])).toEqual({
      name: 'Animals',
      hidden: 1,
    });
    await f.core.send('undo');
    expect(f.sql.first('SELECT name, hidden FROM categories WHERE id = ?', [id])).toEqual({
      name: 'Pets',
      hidden: 0,
    });
  });

  it('moves before a target, across groups of the same kind, and to the end', async () => {
    await f.core.send('category-move', {
      id: f.category('General'),
      groupId: f.group('Everyday'),
      targetId: f.category('Groceries'),
    });
    expect(await names('Everyday')).toEqual([
      'General',
      'Groceries',
      'Eating Out',
      'Transport',
      'Household',
    ]);
    await f.core.send('category-move', {
      id: f.category('General'),
      groupId: f.group('Bills'),
      targetId: null,
    });
    expect((await names('Bills')).at(-1)).toBe('General');
    await f.core.send('undo');
    expect((await names('Everyday'))[0]).toBe('General');
    expect(
      await f.core.send('category-move', {
        id: f.category('Groceries'),
        groupId: f.group('Income'),
        targetId: null,
      }),
    ).toMatchObject({ error: { type: 'category-type' } });
  });

  it('creates, renames, moves and deletes groups', async () => {
    const id = (await f.core.send('category-group-create', { name: 'Fun' })) as string;
    await f.core.send('category-group-update', { id, name: 'Play' });
    await f.core.send('category-group-move', { id, targetId: f.group('Everyday') });
    const { grouped } = (await f.core.send('get-categories')) as Grouped;
    expect(grouped.map((g) => g.name)).toEqual(['Play', 'Everyday', 'Bills', 'Savings', 'Income']);
    expect(await f.core.send('category-group-delete', { id })).toEqual({});
    expect(f.sql.first('SELECT tombstone FROM category_groups WHERE id = ?', [id])).toEqual({
      tombstone: 1,
    });
  });
});

describe('category-delete', () => {
  it('needs a replacement when the category has transactions or budgets', async () => {
    const groceries = f.category('Groceries');
    const before = f.snapshot();
    setBudget('zero_budgets', 202308, f.category('Transport'), 100);
    expect(await f.core.send('category-delete', { id: f.category('Transport') })).toEqual({
      error: { type: 'category-transfer-required', message: 'You must select a category' },
    });
    await f.core.send('transaction-add', {
      id: 't1',
      account: acct,
      date: '2023-08-01',
      amount: -5,
      category: groceries,
    });
    expect(await f.core.send('must-category-transfer', { id: groceries })).toBe(true);
    expect(await f.core.send('must-category-transfer', { id: f.category('Household') })).toBe(
      false,
    );
    expect(await f.core.send('category-delete', { id: f.category('Household') })).toEqual({});
    expect(before).not.toBe(f.snapshot());
  });

  it("refuses a replacement of the other kind with the spec's message, changing nothing", async () => {
    const before = f.snapshot();
    expect(
      await f.core.send('category-delete', {
        id: f.category('Groceries'),
        transferId: f.category('Income'),
      }),
    ).toEqual({
      error: { type: 'category-type', message: CATEGORY_TYPE_MESSAGE },
    });
    expect(
      await f.core.send('category-delete', {
        id: f.category('Groceries'),
        transferId: f.category('Groceries'),
      }),
    ).toMatchObject({
      error: { type: 'category-not-found' },
    });
    expect(await f.core.send('category-delete', { id: 'nope' })).toMatchObject({
      error: { type: 'category-not-found' },
    });
    expect(f.snapshot()).toBe(before);
  });

  it('moves every month of budget to the replacement and re-points the mapping', async () => {
    const [groceries, eating] = [f.category('Groceries'), f.category('Eating Out')];
    await f.core.send('transaction-add', {
      id: 't1',
      account: acct,
      date: '2023-08-01',
      amount: -5,
      category: groceries,
    });
    setBudget('zero_budgets', 202307, groceries, 1000);
    setBudget('zero_budgets', 202308, groceries, 2000);
    setBudget('zero_budgets', 202308, eating, 500);
    setBudget('reflect_budgets', 202308, groceries, 70);
    await f.core.send('category-delete', { id: groceries, transferId: eating });
    expect([budgetOf(202307, eating), budgetOf(202308, eating)]).toEqual([1000, 2500]);
    expect(
      f.sql.first('SELECT id, amount FROM reflect_budgets WHERE category = ?', [eating]),
    ).toEqual({ id: `202308-${eating}`, amount: 70 });
    expect(f.tx('t1').category).toBe(groceries);
    const { data } = (await f.core.send(
      'query',
      q('transactions').select(['category']).serialize(),
    )) as { data: Array<{ category: string }> };
    expect(data.map((t) => t.category)).toEqual([eating]);
    // Deleting the replacement later carries the earlier redirect along.
    await f.core.send('category-delete', { id: eating, transferId: f.category('Transport') });
    expect(
      f.sql.first('SELECT transferId FROM category_mapping WHERE id = ?', [groceries]),
    ).toEqual({ transferId: f.category('Transport') });
    await f.core.send('undo');
    await f.core.send('undo');
    expect(f.sql.first('SELECT tombstone FROM categories WHERE id = ?', [groceries])).toEqual({
      tombstone: 0,
    });
    expect([budgetOf(202307, eating), budgetOf(202308, eating)]).toEqual([0, 500]);
  });

  it('deleting a group transfers all its categories', async () => {
    const bills = f.group('Bills');
    const housing = f.category('Housing');
    setBudget('zero_budgets', 202308, housing, 900);
    setBudget('zero_budgets', 202308, f.category('Utilities'), 100);
    expect(await f.core.send('category-group-delete', { id: bills })).toMatchObject({
      error: { type: 'category-transfer-required' },
    });
    expect(
      await f.core.send('category-group-delete', {
        id: bills,
        transferId: f.category('Utilities'),
      }),
    ).toMatchObject({
      error: { type: 'category-not-found' },
    });
    expect(
      await f.core.send('category-group-delete', { id: bills, transferId: f.category('Income') }),
    ).toMatchObject({
      error: { type: 'category-type' },
    });
    const general = f.category('General');
    await f.core.send('category-group-delete', { id: bills, transferId: general });
    expect(budgetOf(202308, general)).toBe(1000);
    expect(
      f.sql.all('SELECT id FROM categories WHERE cat_group = ? AND tombstone = 0', [bills]),
    ).toEqual([]);
    expect(f.sql.first('SELECT transferId FROM category_mapping WHERE id = ?', [housing])).toEqual({
      transferId: general,
    });
  });

  it("deleting a group into a category points its earlier-deleted categories' rows there too", async () => {
    // As Actual: Insurance went without a replacement (the api allows it), its row read as none.
    const bills = f.group('Bills');
    const insurance = f.category('Insurance');
    const general = f.category('General');
    const acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
    await f.core.send('transaction-add', {
      id: 't1',
      account: acct,
      date: '2023-08-03',
      amount: -500,
      category: insurance,
    });
    expect(deleteCategory(f.budget, insurance, null, API_RULES)).toBeNull();
    const shown = () =>
      f.sql.first('SELECT category FROM v_transactions_internal WHERE id = ?', ['t1']);
    expect(await f.core.send('category-group-delete', { id: bills, transferId: general })).toEqual(
      {},
    );
    expect(shown()).toEqual({ category: general });
  });
});
