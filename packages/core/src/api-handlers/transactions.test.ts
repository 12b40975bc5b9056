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

describe('transactions', () => {
  let acct: string;
  let savings: string;
  beforeEach(async () => {
    acct = await ok<string>('api/account-create', { account: { name: 'Checking' } });
    savings = await ok<string>('api/account-create', {
      account: { name: 'Savings', offbudget: true },
    });
  });

  it('adds plain transactions, splits and payee names, and reads them back grouped', async () => {
    const groceries = f.category('Groceries');
    expect(
      await ok('api/transactions-add', {
        accountId: acct,
        transactions: [
          { date: '2023-08-01', amount: -1200, payee_name: 'Bakery', category: groceries },
          {
            date: '2023-08-02',
            amount: -3000,
            payee_name: 'Market',
            notes: 'weekly',
            subtransactions: [
              { amount: -1000, category: groceries },
              { amount: -2000, notes: 'other' },
            ],
          },
        ],
      }),
    ).toBe('ok');
    const txs = await ok<Row[]>('api/transactions-get', { accountId: acct });
    expect(txs.map((t) => [t.date, t.amount, t.is_parent])).toEqual([
      ['2023-08-02', -3000, true],
      ['2023-08-01', -1200, false],
    ]);
    const [split, plain] = txs as [Row, Row];
    expect(plain).toMatchObject({ category: groceries, imported_payee: 'Bakery', cleared: true });
    const bakery = (await ok<Row[]>('api/payees-get')).find((p) => p.name === 'Bakery')!;
    expect(plain.payee).toBe(bakery.id);
    const children = split.subtransactions as Row[];
    expect(children.map((c) => [c.amount, c.category, c.notes, c.parent_id])).toEqual([
      [-1000, groceries, null, split.id],
      [-2000, null, 'other', split.id],
    ]);
    expect(plain.subtransactions).toEqual([]);
    // Every field the API returns for a transaction.
    expect(Object.keys(plain).sort()).toEqual(
      [
        'id',
        'is_parent',
        'is_child',
        'parent_id',
        'account',
        'category',
        'amount',
        'payee',
        'reconciled',
        'notes',
        'date',
        'imported_id',
        'error',
        'imported_payee',
        'starting_balance_flag',
        'transfer_id',
        'sort_order',
        'cleared',
        'tombstone',
        'schedule',
        'subtransactions',
      ].sort(),
    );
  });

  it('filters by account and dates', async () => {
    await ok('api/transactions-add', {
      accountId: acct,
      transactions: [
        { date: '2023-01-01', amount: 1 },
        { date: '2023-02-01', amount: 2 },
        { date: '2023-03-01', amount: 3 },
      ],
    });
    await ok('api/transactions-add', {
      accountId: savings,
      transactions: [{ date: '2023-02-01', amount: 9 }],
    });
    const amounts = async (args: unknown) =>
      (await ok<Row[]>('api/transactions-get', args)).map((t) => t.amount);
    expect(await amounts({ accountId: acct, startDate: '2023-02-01' })).toEqual([3, 2]);
    expect(await amounts({ accountId: acct, endDate: '2023-02-01' })).toEqual([2, 1]);
    expect(await amounts({ startDate: '2023-02-01', endDate: '2023-02-01' })).toHaveLength(2);
  });

  it('makes the other side of a transfer only when asked', async () => {
    const toSavings = f.transferPayee(savings);
    await ok('api/transactions-add', {
      accountId: acct,
      transactions: [{ date: '2023-08-01', amount: -500, payee: toSavings }],
    });
    expect(await ok('api/transactions-get', { accountId: savings })).toEqual([]);
    await ok('api/transactions-add', {
      accountId: acct,
      transactions: [{ date: '2023-08-02', amount: -700, payee: toSavings }],
      runTransfers: true,
    });
    const other = await ok<Row[]>('api/transactions-get', { accountId: savings });
    expect(other).toHaveLength(1);
    expect(other[0]).toMatchObject({ amount: 700, payee: f.transferPayee(acct), cleared: false });
    const mine = (await ok<Row[]>('api/transactions-get', { accountId: acct })).find(
      (t) => t.amount === -700,
    )!;
    expect(mine.transfer_id).toBe(other[0]!.id);
    expect(other[0]!.transfer_id).toBe(mine.id);
  });

  it('a split line added without runTransfers stays no transfer when another line is updated', async () => {
    // Found by the differential test (packages/api/src/fuzz): the lines were stored with a
    // null `reconciled` beside the parent's default 0, so settling the split "changed" every
    // line and made the untouched transfer line's other side; Actual makes none.
    await ok('api/transactions-add', {
      accountId: acct,
      transactions: [
        {
          date: '2023-08-01',
          amount: -3000,
          subtransactions: [
            { amount: -1000, notes: 'gift' },
            { amount: -2000, payee: f.transferPayee(savings) },
          ],
        },
      ],
    });
    const [parent] = await ok<Row[]>('api/transactions-get', { accountId: acct });
    const [gift, line] = parent!.subtransactions as Row[];
    await ok('api/transaction-update', { id: gift!.id, fields: { amount: -2500 } });
    expect(await ok('api/transactions-get', { accountId: savings })).toEqual([]);
    const after = (await ok<Row[]>('api/transactions-get', { accountId: acct }))[0]!;
    expect((after.subtransactions as Row[]).map((l) => [l.amount, l.transfer_id])).toEqual([
      [-2500, null],
      [line!.amount, null],
    ]);
  });

  it('updates and deletes a transaction', async () => {
    await ok('api/transactions-add', {
      accountId: acct,
      transactions: [{ date: '2023-08-01', amount: -100, notes: 'a' }],
    });
    const [tx] = await ok<Row[]>('api/transactions-get', { accountId: acct });
    expect(
      await ok('api/transaction-update', { id: tx!.id, fields: { amount: -150, notes: 'b' } }),
    ).toEqual([]);
    expect(await ok('api/transactions-get', { accountId: acct })).toMatchObject([
      { id: tx!.id, amount: -150, notes: 'b' },
    ]);
    expect(await ok('api/transaction-delete', { id: tx!.id })).toEqual([]);
    expect(await ok('api/transactions-get', { accountId: acct })).toEqual([]);
  });

  it('answers bad input with a typed error and writes nothing', async () => {
    const before = f.snapshot();
    const cases: Array<[string, unknown, string]> = [
      [
        'api/transactions-add',
        { accountId: 'nope', transactions: [{ date: '2023-08-01', amount: 1 }] },
        'account-not-found',
      ],
      [
        'api/transactions-add',
        { accountId: acct, transactions: [{ amount: 1 }] },
        'invalid-transaction',
      ],
      [
        'api/transactions-add',
        { accountId: acct, transactions: [{ date: '2023-08-01', amount: 1.5 }] },
        'invalid-transaction',
      ],
      [
        'api/transactions-add',
        { accountId: acct, transactions: [{ date: '2023-08-01', amount: 1, category: 'nope' }] },
        'category-not-found',
      ],
      ['api/transactions-add', { accountId: acct, transactions: 'all of them' }, 'APIError'],
      ['api/transaction-update', { id: 'nope', fields: { amount: 1 } }, 'transaction-not-found'],
      ['api/transaction-delete', { id: 'nope' }, 'transaction-not-found'],
      ['api/no-such-thing', {}, 'APIError'],
    ];
    for (const [name, args, type] of cases) {
      const result = await send(name, args);
      expect(isHandlerError(result) && result.error.type, name).toBe(type);
    }
    expect(f.snapshot()).toBe(before);
  });
});
