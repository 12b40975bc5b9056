import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiFixture, type Row, openApiCore } from './test-helpers/api-core.ts';

let f: ApiFixture;
let acct: string;
beforeEach(async () => {
  f = await openApiCore();
  acct = await f.ok<string>('api/account-create', { account: { name: 'Checking' } });
});

const shopRule = (payee: string, category: string) => ({
  stage: null,
  conditionsOp: 'and',
  conditions: [{ field: 'payee', op: 'is', value: payee, type: 'id' }],
  actions: [{ op: 'set', field: 'category', value: category }],
});

describe('rules through the api', () => {
  it('creates, lists, updates and deletes a rule, which then runs on added transactions', async () => {
    const shop = await f.ok<string>('api/payee-create', { payee: { name: 'Shop' } });
    const groceries = f.category('Groceries');
    const rule = shopRule(shop, groceries);
    const created = await f.ok<Row>('api/rule-create', { rule });
    expect(created).toEqual({ id: expect.any(String), ...rule });

    const listed = await f.ok<Row[]>('api/rules-get');
    expect(listed.map((r) => r.id)).toEqual([created.id]);
    expect(await f.ok<Row[]>('api/payee-rules-get', { id: shop })).toEqual([
      expect.objectContaining({ id: created.id }),
    ]);

    await f.ok('api/transactions-add', {
      accountId: acct,
      transactions: [{ date: '2023-08-01', amount: -500, payee: shop }],
    });
    const [tx] = await f.ok<Row[]>('api/transactions-get', { accountId: acct });
    expect(tx!.category).toBe(groceries);

    const changed = {
      ...rule,
      id: created.id,
      actions: [{ op: 'set', field: 'notes', value: 'x' }],
    };
    expect(await f.ok('api/rule-update', { rule: changed })).toEqual(changed);
    expect(await f.ok('api/rule-delete', { id: created.id as string })).toBe(true);
    expect(await f.ok('api/rules-get')).toEqual([]);
  });

  it('refuses an invalid rule with an APIError naming the problems, storing nothing', async () => {
    const bad = {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'amount', op: 'is', value: 'lots' }],
      actions: [],
    };
    const result = await f.send('api/rule-create', { rule: bad });
    expect(result).toMatchObject({ error: { type: 'APIError' } });
    expect(JSON.stringify(result)).toContain('not-number');
    expect(await f.ok('api/rules-get')).toEqual([]);
  });
});

describe('importTransactions through the api', () => {
  it('adds new transactions and matches a re-import by imported id', async () => {
    const first = await f.ok<Row>('api/transactions-import', {
      accountId: acct,
      transactions: [
        { date: '2023-08-01', amount: -1000, payee_name: 'corner shop', imported_id: 'bank-1' },
        { date: '2023-08-02', amount: -2000, payee_name: 'Bakery', imported_id: 'bank-2' },
      ],
    });
    expect((first.added as string[]).length).toBe(2);
    expect(first.updated).toEqual([]);
    const again = await f.ok<Row>('api/transactions-import', {
      accountId: acct,
      transactions: [
        { date: '2023-08-01', amount: -1000, payee_name: 'corner shop', imported_id: 'bank-1' },
      ],
    });
    expect(again.added).toEqual([]);
    expect(await f.ok<Row[]>('api/transactions-get', { accountId: acct })).toHaveLength(2);
  });
});
