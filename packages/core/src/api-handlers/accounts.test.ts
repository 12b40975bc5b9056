import { beforeEach, describe, expect, it } from 'vitest';
import { isHandlerError } from '../handlers-core/errors.ts';
import { type ApiFixture, type Row, openApiCore } from './test-helpers/api-core.ts';

let f: ApiFixture;
let ok: ApiFixture['ok'];
let send: ApiFixture['send'];
beforeEach(async () => {
  f = await openApiCore();
  ({ ok, send } = f);
});

describe('accounts', () => {
  it('creates accounts with an opening balance in cents and lists them in the API shape', async () => {
    const checking = await ok<string>('api/account-create', {
      account: { name: 'Checking' },
      initialBalance: 12345,
    });
    const savings = await ok<string>('api/account-create', {
      account: { name: 'Savings', offbudget: true },
    });
    expect(await ok('api/accounts-get')).toEqual([
      { id: checking, name: 'Checking', offbudget: false, closed: false },
      { id: savings, name: 'Savings', offbudget: true, closed: false },
    ]);
    expect(await ok('api/account-balance', { id: checking })).toBe(12345);
    expect(await ok('api/account-balance', { id: savings })).toBe(0);
  });

  it('updates, closes, reopens and deletes', async () => {
    const id = await ok<string>('api/account-create', { account: { name: 'Old' } });
    expect(await ok('api/account-update', { id, fields: { name: 'New', offbudget: true } })).toBe(
      undefined,
    );
    expect(await ok('api/accounts-get')).toEqual([
      { id, name: 'New', offbudget: true, closed: false },
    ]);
    // An account that never had a transaction is deleted by closing; this one has two.
    await ok('api/transactions-add', {
      accountId: id,
      transactions: [
        { date: '2023-08-01', amount: 100 },
        { date: '2023-08-02', amount: -100 },
      ],
    });
    await ok('api/account-close', { id });
    expect((await ok<Row[]>('api/accounts-get'))[0]!.closed).toBe(true);
    await ok('api/account-reopen', { id });
    expect((await ok<Row[]>('api/accounts-get'))[0]!.closed).toBe(false);
    await ok('api/account-delete', { id });
    expect(await ok('api/accounts-get')).toEqual([]);
  });

  it('refuses to close an account with a balance and no transfer target, changing nothing', async () => {
    const id = await ok<string>('api/account-create', {
      account: { name: 'Checking' },
      initialBalance: 500,
    });
    const before = f.snapshot();
    const result = await send('api/account-close', { id });
    expect(isHandlerError(result) && result.error.type).toBe('transfer-required');
    expect(f.snapshot()).toBe(before);
  });

  it('reads the balance up to a cutoff day, given as a Date or a YYYY-MM-DD string', async () => {
    const id = await ok<string>('api/account-create', { account: { name: 'Checking' } });
    await ok('api/transactions-add', {
      accountId: id,
      transactions: [
        { date: '2023-01-10', amount: -1000 },
        { date: '2023-02-10', amount: -300, subtransactions: [{ amount: -100 }, { amount: -200 }] },
      ],
    });
    expect(await ok('api/account-balance', { id, cutoff: '2023-01-31' })).toBe(-1000);
    expect(await ok('api/account-balance', { id, cutoff: new Date(2023, 1, 10) })).toBe(-1300);
    expect(await ok('api/account-balance', { id, cutoff: new Date(2023, 1, 9) })).toBe(-1000);
    const bad = await send('api/account-balance', { id, cutoff: 'yesterday' });
    expect(isHandlerError(bad) && bad.error.type).toBe('APIError');
  });
});

describe('categories and groups', () => {
  it('creates a group and a category and lists them in the API shapes', async () => {
    const group = await ok<string>('api/category-group-create', { group: { name: 'Fun' } });
    const cat = await ok<string>('api/category-create', {
      category: { name: 'Games', group_id: group },
    });
    const list = await ok<Row[]>('api/categories-get');
    expect(list).toContainEqual({
      id: cat,
      name: 'Games',
      is_income: false,
      hidden: false,
      group_id: group,
    });
    // The flat list is in sort order alone, as Actual's is.
    const orders = list.map(
      (c) =>
        f.sql.first<{ sort_order: number }>('SELECT sort_order FROM categories WHERE id = ?', [
          c.id as string,
        ])!.sort_order,
    );
    expect(orders).toEqual([...orders].sort((a, b) => a - b));

    const grouped = await ok<Row[]>('api/categories-get', { grouped: true });
    const fun = grouped.find((g) => g.id === group)!;
    expect(fun).toEqual({
      id: group,
      name: 'Fun',
      is_income: false,
      hidden: false,
      categories: [{ id: cat, name: 'Games', is_income: false, hidden: false, group_id: group }],
    });

    // Like Actual, the group list answers with stored rows.
    const raw = await ok<Row[]>('api/category-groups-get');
    const rawFun = raw.find((g) => g.id === group)!;
    expect(rawFun).toMatchObject({ name: 'Fun', is_income: 0, hidden: 0, tombstone: 0 });
    expect((rawFun.categories as Row[])[0]).toMatchObject({
      id: cat,
      cat_group: group,
      is_income: 0,
    });
  });

  it('updates names, hides, moves between groups and deletes', async () => {
    const a = await ok<string>('api/category-group-create', { group: { name: 'A' } });
    const b = await ok<string>('api/category-group-create', { group: { name: 'B' } });
    const cat = await ok<string>('api/category-create', { category: { name: 'X', group_id: a } });
    expect(
      await ok('api/category-update', { id: cat, fields: { name: 'Y', hidden: true } }),
    ).toEqual({});
    await ok('api/category-update', { id: cat, fields: { group_id: b } });
    const found = (await ok<Row[]>('api/categories-get')).find((c) => c.id === cat);
    expect(found).toEqual({ id: cat, name: 'Y', is_income: false, hidden: true, group_id: b });
    expect(await ok('api/category-group-update', { id: a, fields: { name: 'A2' } })).toBe(
      undefined,
    );
    await ok('api/category-delete', { id: cat });
    await ok('api/category-group-delete', { id: a });
    const groups = await ok<Row[]>('api/categories-get', { grouped: true });
    expect(groups.map((g) => g.id)).not.toContain(a);
    expect((await ok<Row[]>('api/categories-get')).map((c) => c.id)).not.toContain(cat);
  });

  it('rejects a category in an unknown group', async () => {
    const result = await send('api/category-create', { category: { name: 'X', group_id: 'nope' } });
    expect(isHandlerError(result) && result.error.type).toBe('group-not-found');
  });
});

describe('payees', () => {
  it('creates, renames, merges and deletes', async () => {
    const a = await ok<string>('api/payee-create', { payee: { name: 'Shop' } });
    const b = await ok<string>('api/payee-create', { payee: { name: 'Shop Two' } });
    expect(await ok('api/payee-update', { id: a, fields: { name: 'Corner Shop' } })).toBe(
      undefined,
    );
    const payees = await ok<Row[]>('api/payees-get');
    expect(payees).toContainEqual({ id: a, name: 'Corner Shop', transfer_acct: null });
    expect(await ok('api/payees-merge', { targetId: a, mergeIds: [b] })).toBe(undefined);
    expect((await ok<Row[]>('api/payees-get')).map((p) => p.id)).not.toContain(b);
    await ok('api/payee-delete', { id: a });
    expect((await ok<Row[]>('api/payees-get')).map((p) => p.id)).not.toContain(a);
  });

  it('shows transfer payees with their account', async () => {
    const acct = await ok<string>('api/account-create', { account: { name: 'Wallet' } });
    expect(await ok('api/payees-get')).toContainEqual({
      id: f.transferPayee(acct),
      name: 'Wallet',
      transfer_acct: acct,
    });
  });
});

describe('the api takes what Actual’s api takes; the forms keep the spec’s checks', () => {
  it('closes into an off-budget account without a category', async () => {
    const checking = await ok<string>('api/account-create', {
      account: { name: 'Checking' },
      initialBalance: 5000,
    });
    const savings = await ok<string>('api/account-create', {
      account: { name: 'Savings', offbudget: true },
    });
    // The close-account modal's handler asks for a category, with the spec's message.
    const formClose = await send('account-close', { id: checking, transferAccountId: savings });
    expect(isHandlerError(formClose) && formClose.error).toEqual({
      type: 'category-required',
      message: 'Category is required',
    });
    await ok('api/account-close', { id: checking, transferAccountId: savings });
    expect(await ok('api/account-balance', { id: checking })).toBe(0);
    expect(await ok('api/account-balance', { id: savings })).toBe(5000);
    expect((await ok<Row[]>('api/accounts-get')).find((a) => a.id === checking)!.closed).toBe(true);
  });

  it('deletes a category in use without a replacement; its rows then read as uncategorized', async () => {
    const group = await ok<string>('api/category-group-create', { group: { name: 'Bills' } });
    const rent = await ok<string>('api/category-create', {
      category: { name: 'Rent', group_id: group },
    });
    const acct = await ok<string>('api/account-create', { account: { name: 'Checking' } });
    await ok('api/transactions-add', {
      accountId: acct,
      transactions: [{ date: '2024-02-01', amount: -80000, category: rent }],
    });
    const formDelete = await send('category-delete', { id: rent });
    expect(isHandlerError(formDelete) && formDelete.error).toEqual({
      type: 'category-transfer-required',
      message: 'You must select a category',
    });
    await ok('api/category-delete', { id: rent });
    expect((await ok<Row[]>('api/categories-get')).map((c) => c.id)).not.toContain(rent);
    const [tx] = await ok<Row[]>('api/transactions-get', { accountId: acct });
    // As in Actual: the row still names the deleted category, which reads as none.
    expect(tx).toMatchObject({ amount: -80000, category: null });
  });
});
