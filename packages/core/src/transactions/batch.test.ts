import { beforeEach, describe, expect, it } from 'vitest';
import { q } from '../query/index.ts';
import { batchUpdateTransactions } from './batch.ts';
import { fromStored } from './model.ts';
import { type AppFixture, openAppCore } from './test-helpers/app-core.ts';

let f: AppFixture;
let acct: string;
let offAcct: string;
let shop: string;
beforeEach(async () => {
  f = await openAppCore();
  acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
  offAcct = (await f.core.send('account-create', { name: 'House', offBudget: true })) as string;
  shop = (await f.core.send('payee-create', { name: 'Shop' })) as string;
});

describe('transaction-add / update / delete', () => {
  it('stores public fields under the stored columns (dates as YYYYMMDD, cents)', async () => {
    expect(
      await f.core.send('transaction-add', {
        id: 't1',
        account: acct,
        date: '2023-08-03',
        amount: -1234,
        payee: shop,
        category: f.category('Groceries'),
        notes: 'milk',
        imported_id: 'bank-1',
        imported_payee: 'SHOP #12',
        cleared: false,
      }),
    ).toEqual({});
    expect(f.tx('t1')).toMatchObject({
      acct,
      date: 20230803,
      amount: -1234,
      description: shop,
      category: f.category('Groceries'),
      notes: 'milk',
      financial_id: 'bank-1',
      imported_description: 'SHOP #12',
      cleared: 0,
      isParent: 0,
      isChild: 0,
      tombstone: 0,
      starting_balance_flag: 0,
    });
    expect(fromStored(f.tx('t1'))).toMatchObject({
      account: acct,
      date: '2023-08-03',
      payee: shop,
      cleared: false,
    });
  });

  it('updates only the given fields and deletes by tombstone; each undoes', async () => {
    await f.core.send('transaction-add', {
      id: 't1',
      account: acct,
      date: '2023-08-03',
      amount: -100,
    });
    await f.core.send('transaction-update', { id: 't1', amount: -250, notes: 'x' });
    expect(f.tx('t1')).toMatchObject({ amount: -250, notes: 'x', date: 20230803 });
    await f.core.send('transaction-delete', { id: 't1' });
    expect(f.tx('t1').tombstone).toBe(1);
    await f.core.send('undo');
    expect(f.tx('t1').tombstone).toBe(0);
    await f.core.send('undo');
    expect(f.tx('t1')).toMatchObject({ amount: -100, notes: null });
    await f.core.send('undo');
    expect(f.tx('t1').tombstone).toBe(1);
  });

  it('clears the category when a transaction moves to an off-budget account', async () => {
    await f.core.send('transaction-add', {
      id: 't1',
      account: acct,
      date: '2023-08-03',
      amount: -100,
      category: f.category('Groceries'),
    });
    await f.core.send('transaction-update', { id: 't1', account: offAcct });
    expect(f.tx('t1')).toMatchObject({ acct: offAcct, category: null });
  });

  it('returns the transfer changes from transactions-batch-update', async () => {
    const other = (await f.core.send('account-create', { name: 'Savings' })) as string;
    await f.core.send('transaction-add', {
      id: 't1',
      account: acct,
      date: '2023-08-03',
      amount: -100,
    });
    const result = await f.core.send('transactions-batch-update', {
      updated: [{ id: 't1', payee: f.transferPayee(other) }],
    });
    // Both sides are on budget, so the category is cleared too.
    expect(result).toEqual([{ id: 't1', transfer_id: f.tx('t1').transferred_id, category: null }]);
  });
});

describe('messages', () => {
  const cellsOf = (row: string) =>
    f.sql
      .all<{ column: string }>(
        'SELECT column FROM messages_crdt WHERE dataset = ? AND row = ? ORDER BY column',
        ['transactions', row],
      )
      .map((m) => m.column);

  it('a new row sends no message for a column left at its SQL default', async () => {
    await f.core.send('transactions-batch-update', {
      added: [
        { id: 'a', account: acct, date: '2023-08-03', amount: 0, notes: null, cleared: true },
        { id: 'b', account: acct, date: '2023-08-03', amount: 5, cleared: false },
      ],
    });
    expect(cellsOf('a')).toEqual(['acct', 'amount', 'date', 'sort_order']);
    expect(cellsOf('b')).toEqual(['acct', 'amount', 'cleared', 'date', 'sort_order']);
    expect(f.tx('a')).toMatchObject({ cleared: 1, isParent: 0, tombstone: 0, notes: null });
    expect(f.tx('b')).toMatchObject({ cleared: 0 });
  });

  it('an update sends only the changed cells, even inside a batch that already wrote the row', async () => {
    await f.core.send('transaction-add', { id: 't', account: acct, date: '2023-08-03', amount: 1 });
    const before = cellsOf('t').length;
    expect(
      batchUpdateTransactions(f.budget, { updated: [{ id: 't', amount: 1, notes: 'x' }] }),
    ).not.toHaveProperty('error');
    expect(cellsOf('t').length).toBe(before + 1);
    // SQLite does not show the enclosing batch's write yet: setting the amount back must send.
    f.budget.db.batch(() => {
      f.budget.db.update('transactions', { id: 't', amount: 7 });
      batchUpdateTransactions(f.budget, { updated: [{ id: 't', amount: 1 }] });
    });
    expect(f.tx('t')).toMatchObject({ amount: 1, notes: 'x' });
  });
});

describe('bad input changes nothing', () => {
  const cases: Array<[string, unknown, string]> = [
    [
      'unknown account',
      { added: [{ account: 'nope', date: '2023-08-01', amount: 1 }] },
      'account-not-found',
    ],
    ['missing date', { added: [{ account: 'ACCT', amount: 1 }] }, 'invalid-transaction'],
    [
      'unknown payee',
      { added: [{ account: 'ACCT', date: '2023-08-01', amount: 1, payee: 'p?' }] },
      'payee-not-found',
    ],
    [
      'unknown category',
      { added: [{ account: 'ACCT', date: '2023-08-01', amount: 1, category: 'c?' }] },
      'category-not-found',
    ],
    ['null account on update', { updated: [{ id: 'ok', account: null }] }, 'invalid-transaction'],
    ['unknown update id', { updated: [{ id: 'nope', amount: 5 }] }, 'transaction-not-found'],
    ['unknown delete id', { deleted: [{ id: 'nope' }] }, 'transaction-not-found'],
    [
      'orphan child',
      {
        added: [{ account: 'ACCT', date: '2023-08-01', amount: 1, is_child: true, parent_id: 'x' }],
      },
      'parent-not-found',
    ],
    ['bad date', { added: [{ account: 'ACCT', date: '2023-02-30', amount: 1 }] }, 'APIError'],
    ['float amount', { added: [{ account: 'ACCT', date: '2023-08-01', amount: 1.5 }] }, 'APIError'],
    ['string amount', { updated: [{ id: 'ok', amount: '5' }] }, 'APIError'],
    ['not a list', { added: 'x' }, 'APIError'],
  ];
  for (const [name, raw, type] of cases) {
    it(name, async () => {
      await f.core.send('transaction-add', {
        id: 'ok',
        account: acct,
        date: '2023-08-01',
        amount: 1,
      });
      const args = JSON.parse(JSON.stringify(raw).replaceAll('ACCT', acct));
      // A valid change in the same batch must not be written either.
      if (type !== 'APIError') (args.updated ??= []).push({ id: 'ok', amount: 999 });
      const before = f.snapshot();
      const result = (await f.core.sendUnknown('transactions-batch-update', args)) as {
        error: { type: string; message: string };
      };
      expect(result.error.type).toBe(type);
      expect(result.error.message.length).toBeGreaterThan(5);
      expect(f.snapshot()).toBe(before);
    });
  }

  it('names the first field an added row lacks, or an update clears', () => {
    const day = '2023-08-01';
    const messageOf = (changes: Parameters<typeof batchUpdateTransactions>[1]) => {
      const result = batchUpdateTransactions(f.budget, changes);
      return 'error' in result ? result.error.message : null;
    };
    expect(messageOf({ added: [{ date: day, amount: 1 } as never] })).toBe(
      'added[0] needs account',
    );
    expect(
      messageOf({
        added: [
          { account: acct, date: day, amount: 1 },
          { account: acct, date: null, amount: null } as never,
        ],
      }),
    ).toBe('added[1] needs date');
    expect(messageOf({ added: [{ account: acct, date: day } as never] })).toBe(
      'added[0] needs amount',
    );
    expect(messageOf({ updated: [{ id: 'x', account: acct, amount: null } as never] })).toBe(
      'updated[0].amount cannot be null',
    );
    // An update may leave the fields out: what fails then is only the unknown id.
    expect(messageOf({ updated: [{ id: 'x' }] })).toBe('No transaction with id x');
  });

  it('an unknown handler and a missing budget are typed errors too', async () => {
    expect(await f.core.sendUnknown('transactions-frobnicate', {})).toEqual({
      error: { type: 'APIError', message: 'Unknown method: transactions-frobnicate' },
    });
    expect(await f.core.sendUnknown('transaction-delete', { id: 5 })).toMatchObject({
      error: { type: 'APIError' },
    });
    expect(
      batchUpdateTransactions(f.budget, { added: [{ account: acct, date: '2023-08-01' }] }),
    ).toMatchObject({
      error: { type: 'invalid-transaction' },
    });
  });
});

describe('splits', () => {
  const split = (amount: number, children: number[]) => ({
    added: [
      { id: 'p', account: acct, date: '2023-08-04', amount, is_parent: true, cleared: false },
      ...children.map((a, i) => ({
        id: `c${i}`,
        account: 'wrong-acct-is-ignored',
        date: '2023-01-01',
        amount: a,
        is_child: true,
        parent_id: 'p',
        sort_order: -i,
      })),
    ].map((t) => ({ ...t, account: acct })),
  });

  it('children take the parent account, date, cleared and starting flag', async () => {
    await f.core.send('transactions-batch-update', split(-300, [-100, -200]));
    expect(f.tx('c0')).toMatchObject({
      acct,
      date: 20230804,
      cleared: 0,
      isChild: 1,
      parent_id: 'p',
    });
    expect(f.tx('p').error).toBeNull();
    await f.core.send('transaction-update', { id: 'p', date: '2023-08-05', cleared: true });
    expect(f.tx('c1')).toMatchObject({ date: 20230805, cleared: 1 });
  });

  it('reconciled: set by either handler, taken by split children, undone, read by queries', async () => {
    await f.core.send('transactions-batch-update', split(-300, [-100, -200]));
    await f.core.send('transaction-add', {
      id: 't1',
      account: acct,
      date: '2023-08-01',
      amount: -5,
    });
    expect(fromStored(f.tx('t1')).reconciled).toBe(false);
    await f.core.send('transaction-update', { id: 'p', reconciled: true });
    expect([f.tx('p'), f.tx('c0'), f.tx('c1')].map((t) => t.reconciled)).toEqual([1, 1, 1]);
    await f.core.send('transactions-batch-update', {
      updated: [{ id: 't1', reconciled: true, notes: 'checked' }],
    });
    expect(f.tx('t1')).toMatchObject({ reconciled: 1, notes: 'checked' });
    // A 23.8.1 file keeps the flag beside the row, under Actual's message name.
    expect(
      f.sql.first('SELECT reconciled FROM coffer_ext_transactions WHERE id = ?', ['t1']),
    ).toEqual({
      reconciled: 1,
    });
    const sent = f.budget.db.getMessagesSince('0').filter((m) => m.column === 'reconciled');
    expect(sent.map((m) => [m.dataset, m.row, m.value])).toContainEqual([
      'transactions',
      't1',
      'N:1',
    ]);
    const rows = (await f.core.send(
      'query',
      q('transactions')
        .options({ splits: 'all' })
        .filter({ reconciled: true })
        .select(['id', 'reconciled'])
        .orderBy('id')
        .serialize(),
    )) as { data: Array<{ id: string; reconciled: boolean }> };
    expect(rows.data).toEqual([
      { id: 'c0', reconciled: true },
      { id: 'c1', reconciled: true },
      { id: 'p', reconciled: true },
      { id: 't1', reconciled: true },
    ]);
    await f.core.send('undo');
    expect(f.tx('t1')).toMatchObject({ reconciled: 0, notes: null });
    await f.core.send('undo');
    expect([f.tx('p'), f.tx('c0')].map((t) => t.reconciled)).toEqual([0, 0]);
    expect(
      await f.core.send('transaction-update', { id: 't1', reconciled: 'yes' } as never),
    ).toMatchObject({
      error: { type: 'APIError' },
    });
  });

  it('stores a sum mismatch on the parent (not rejected) and clears it once fixed', async () => {
    await f.core.send('transactions-batch-update', split(-300, [-100, -150]));
    expect(JSON.parse(String(f.tx('p').error))).toEqual({
      type: 'SplitTransactionError',
      version: 1,
      difference: -50,
    });
    await f.core.send('transaction-update', { id: 'c1', amount: -200 });
    expect(f.tx('p').error).toBeNull();
    await f.core.send('transaction-delete', { id: 'c0' });
    expect(JSON.parse(String(f.tx('p').error)).difference).toBe(-100);
  });

  it('deleting the parent deletes its children; deleting the last child unsplits the parent', async () => {
    await f.core.send('transactions-batch-update', split(-300, [-100, -200]));
    await f.core.send('transaction-delete', { id: 'p' });
    expect([f.tx('p').tombstone, f.tx('c0').tombstone, f.tx('c1').tombstone]).toEqual([1, 1, 1]);
    await f.core.send('undo');
    await f.core.send('transactions-batch-update', { deleted: [{ id: 'c0' }, { id: 'c1' }] });
    expect(f.tx('p')).toMatchObject({ isParent: 0, error: null, tombstone: 0 });
  });

  it('balances count children, not parents', async () => {
    await f.core.send('transactions-batch-update', split(-300, [-100, -150]));
    expect(await f.core.send('account-properties', { id: acct })).toMatchObject({ balance: -250 });
  });
});

describe('new payees in the batch', () => {
  it('creates them with the transactions in one undo step', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
    const result = await f.core.send('transactions-batch-update', {
      added: [{ id: 't1', account: acct, date: '2023-08-03', amount: -100, payee: 'p-new' }],
      newPayees: [{ id: 'p-new', name: '  Corner Shop ' }],
    });
    expect(result).toEqual([]);
    expect(f.sql.first('SELECT name FROM payees WHERE id = ?', ['p-new'])).toEqual({
      name: 'Corner Shop',
    });
    expect(f.sql.first('SELECT targetId FROM payee_mapping WHERE id = ?', ['p-new'])).toEqual({
      targetId: 'p-new',
    });
    expect(f.tx('t1')).toMatchObject({ description: 'p-new' });
    await f.core.send('undo');
    expect(f.sql.first('SELECT tombstone FROM transactions WHERE id = ?', ['t1'])).toEqual({
      tombstone: 1,
    });
    expect(f.sql.first('SELECT tombstone FROM payees WHERE id = ?', ['p-new'])).toEqual({
      tombstone: 1,
    });
  });

  it('refuses a blank name or a taken id and writes nothing', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
    const before = f.snapshot();
    const row = { account: acct, date: '2023-08-03', amount: -100, payee: 'p1' };
    expect(
      await f.core.send('transactions-batch-update', {
        added: [row],
        newPayees: [{ id: 'p1', name: '  ' }],
      }),
    ).toMatchObject({ error: { type: 'invalid-name' } });
    const existing = f.transferPayee(acct);
    expect(
      await f.core.send('transactions-batch-update', {
        added: [{ ...row, payee: existing }],
        newPayees: [{ id: existing, name: 'Clash' }],
      }),
    ).toMatchObject({ error: { type: 'payee-exists' } });
    // A bad transaction leaves the payee uncreated too.
    expect(
      await f.core.send('transactions-batch-update', {
        added: [{ ...row, account: 'nope' }],
        newPayees: [{ id: 'p1', name: 'Shop' }],
      }),
    ).toMatchObject({ error: { type: 'account-not-found' } });
    expect(f.snapshot()).toBe(before);
  });
});
