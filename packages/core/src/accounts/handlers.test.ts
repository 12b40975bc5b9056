import { beforeEach, describe, expect, it } from 'vitest';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';
import { getAccountBalance } from './queries.ts';

let f: AppFixture;
beforeEach(async () => {
  f = await openAppCore();
});

const create = async (name: string, balance = 0, offBudget = false) =>
  (await f.core.send('account-create', { name, balance, offBudget })) as string;

describe('account-create', () => {
  it('creates the account, its transfer payee and an on-budget starting balance', async () => {
    const id = await create('Checking', 12345);
    const account = f.sql.first<Record<string, unknown>>('SELECT * FROM accounts WHERE id = ?', [
      id,
    ]);
    expect(account).toMatchObject({ name: 'Checking', offbudget: 0, closed: 0, sort_order: 16384 });
    expect(
      f.sql.all('SELECT name, transfer_acct FROM payees WHERE transfer_acct = ?', [id]),
    ).toEqual([{ name: '', transfer_acct: id }]);
    const [start] = f.txsOf(id);
    const payee = f.sql.first<{ name: string }>('SELECT name FROM payees WHERE id = ?', [
      start!.description!,
    ]);
    expect(payee?.name).toBe('Starting Balance');
    expect(start).toMatchObject({
      amount: 12345,
      date: 20230806,
      cleared: 1,
      starting_balance_flag: 1,
      category: f.category('Starting Balances'),
    });
  });

  it("books to the oldest income category once 'Starting Balances' is gone, as Actual does", async () => {
    const income = f.sql.first<{ cat_group: string }>(
      'SELECT cat_group FROM categories WHERE id = ?',
      [f.category('Starting Balances')],
    )!.cat_group;
    // First in the list, newest in the table.
    const bonus = (await f.core.send('category-create', {
      name: 'A bonus',
      groupId: income,
      isIncome: true,
    })) as string;
    f.sql.run('UPDATE categories SET sort_order = -1 WHERE id = ?', [bonus]);
    await f.core.send('category-delete', { id: f.category('Starting Balances') });
    const oldest = f.sql.first<{ id: string }>(
      'SELECT id FROM categories WHERE is_income = 1 AND tombstone = 0 ORDER BY rowid',
    )!.id;
    expect(oldest).not.toBe(bonus);
    const [start] = f.txsOf(await create('Checking', 100));
    expect(start!.category).toBe(oldest);
  });

  it('books no category off budget and writes no transaction for a zero balance', async () => {
    const off = await create('Brokerage', 500, true);
    expect(f.txsOf(off)[0]).toMatchObject({ amount: 500, category: null });
    const empty = await create('Empty', 0);
    expect(f.txsOf(empty)).toEqual([]);
    // Both starting balances share one 'Starting Balance' payee.
    await create('Other', 7);
    expect(f.sql.all("SELECT id FROM payees WHERE name = 'Starting Balance'")).toHaveLength(1);
  });

  it('appends after the accounts on the same side of the budget', async () => {
    const a = await create('A');
    const b = await create('B');
    const off = await create('Off', 0, true);
    const order = (id: string) =>
      f.sql.first<{ s: number }>('SELECT sort_order AS s FROM accounts WHERE id = ?', [id])!.s;
    expect([order(a), order(b), order(off)]).toEqual([16384, 32768, 16384]);
  });

  it('rejects an empty name and wrong types without writing', async () => {
    const before = f.snapshot();
    expect(await f.core.send('account-create', { name: '  ' })).toEqual({
      error: { type: 'invalid-name', message: 'Name is required' },
    });
    expect(await f.core.sendUnknown('account-create', { name: 'X', balance: '10' })).toMatchObject({
      error: { type: 'APIError' },
    });
    expect(await f.core.sendUnknown('account-create', { name: 'X', balance: 10.5 })).toMatchObject({
      error: { type: 'APIError' },
    });
    expect(f.snapshot()).toBe(before);
  });

  it('undoes as one step', async () => {
    const id = await create('Checking', 100);
    await f.core.send('undo');
    expect(f.sql.first('SELECT tombstone FROM accounts WHERE id = ?', [id])).toEqual({
      tombstone: 1,
    });
    expect(f.sql.all('SELECT id FROM transactions WHERE tombstone = 0')).toEqual([]);
    expect(await f.core.send('accounts-get')).toEqual([]);
  });
});

describe('accounts-get, account-update, account-properties, balances', () => {
  it('lists live accounts in sort order with bank fields', async () => {
    const b = await create('B');
    const a = await create('A');
    await f.core.send('account-move', { id: a, targetId: b });
    const list = (await f.core.send('accounts-get')) as Array<{ id: string; bankName: unknown }>;
    expect(list.map((x) => x.id)).toEqual([a, b]);
    expect(list[0]).toHaveProperty('bankName', null);
  });

  it('names the provider a linked account syncs through (the file’s column or the side one)', async () => {
    const id = await create('Checking');
    f.budget.db.update('accounts', { id, account_sync_source: 'simpleFin' });
    const list = await f.core.send('accounts-get');
    expect(Array.isArray(list) && list.find((x) => x.id === id)).toMatchObject({
      account_sync_source: 'simpleFin',
    });
  });

  it('renames (trimmed), refuses unknown ids and empty names, and undoes', async () => {
    const id = await create('Old');
    expect(await f.core.send('account-update', { id, name: ' New ' })).toEqual({});
    expect(f.sql.first('SELECT name FROM accounts WHERE id = ?', [id])).toEqual({ name: 'New' });
    expect(await f.core.send('account-update', { id: 'nope', name: 'X' })).toMatchObject({
      error: { type: 'account-not-found' },
    });
    expect(await f.core.send('account-update', { id, name: '' })).toMatchObject({
      error: { type: 'invalid-name' },
    });
    await f.core.send('undo');
    expect(f.sql.first('SELECT name FROM accounts WHERE id = ?', [id])).toEqual({ name: 'Old' });
  });

  it('reports balance (children, not parents) and the row count', async () => {
    const id = await create('Checking', 1000);
    await f.core.send('transactions-batch-update', {
      added: [
        { id: 'p', account: id, date: '2023-08-01', amount: -300, is_parent: true },
        { id: 'c1', account: id, date: '2023-08-01', amount: -100, is_child: true, parent_id: 'p' },
        { id: 'c2', account: id, date: '2023-08-01', amount: -200, is_child: true, parent_id: 'p' },
        { id: 'later', account: id, date: '2023-09-01', amount: -50 },
      ],
    });
    expect(await f.core.send('account-properties', { id })).toEqual({
      balance: 650,
      numTransactions: 5,
    });
    expect(getAccountBalance(f.budget, id)).toBe(700);
    expect(getAccountBalance(f.budget, id, '2023-09-01')).toBe(650);
    expect(getAccountBalance(f.budget, id, '2023-07-31')).toBe(0);
    expect(await f.core.send('account-properties', { id: 'nope' })).toMatchObject({
      error: { type: 'account-not-found' },
    });
  });
});

describe('account-move', () => {
  it('moves before a target by the midpoint, to the end with no target, and undoes', async () => {
    const [a, b, c] = [await create('A'), await create('B'), await create('C')];
    await f.core.send('account-move', { id: c, targetId: b });
    const orders = () =>
      f.sql.all<{ id: string; sort_order: number }>(
        'SELECT id, sort_order FROM accounts ORDER BY sort_order',
      );
    expect(orders()).toEqual([
      { id: a, sort_order: 16384 },
      { id: c, sort_order: 24576 },
      { id: b, sort_order: 32768 },
    ]);
    await f.core.send('account-move', { id: a, targetId: null });
    expect(orders().map((o) => o.id)).toEqual([c, b, a]);
    await f.core.send('undo');
    expect(orders().map((o) => o.id)).toEqual([a, c, b]);
    expect(await f.core.send('account-move', { id: 'nope', targetId: null })).toMatchObject({
      error: { type: 'account-not-found' },
    });
  });

  it('renumbers neighbours when the gap is too small', async () => {
    const [a, b, c] = [await create('A'), await create('B'), await create('C')];
    f.budget.db.update('accounts', { id: a, sort_order: 10 });
    f.budget.db.update('accounts', { id: b, sort_order: 11 });
    await f.core.send('account-move', { id: c, targetId: b });
    const rows = f.sql.all<{ id: string; sort_order: number }>(
      'SELECT id, sort_order FROM accounts ORDER BY sort_order',
    );
    expect(rows.map((r) => r.id)).toEqual([a, c, b]);
    expect(rows[2]!.sort_order).toBe(11 + 16384);
    expect(rows[1]!.sort_order).toBe((10 + 11 + 16384) / 2);
  });
});
