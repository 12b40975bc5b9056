import { beforeEach, describe, expect, it } from 'vitest';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';

let f: AppFixture;
let checking: string;
let savings: string;
let brokerage: string;
beforeEach(async () => {
  f = await openAppCore();
  checking = (await f.core.send('account-create', { name: 'Checking', balance: 10000 })) as string;
  savings = (await f.core.send('account-create', { name: 'Savings', balance: 0 })) as string;
  brokerage = (await f.core.send('account-create', {
    name: 'Brokerage',
    offBudget: true,
  })) as string;
});

const closedFlag = (id: string) =>
  f.sql.first<{ closed: number; tombstone: number }>(
    'SELECT closed, tombstone FROM accounts WHERE id = ?',
    [id],
  );

describe('account-close', () => {
  it('deletes an account that has no transactions', async () => {
    expect(await f.core.send('account-close', { id: savings })).toEqual({});
    expect(closedFlag(savings)).toEqual({ closed: 0, tombstone: 1 });
  });

  it('needs a transfer account for a non-zero balance, and changes nothing without one', async () => {
    const before = f.snapshot();
    expect(await f.core.send('account-close', { id: checking })).toEqual({
      error: { type: 'transfer-required', message: 'Transfer is required' },
    });
    expect(
      await f.core.send('account-close', { id: checking, transferAccountId: 'nope' }),
    ).toMatchObject({
      error: { type: 'transfer-required' },
    });
    expect(
      await f.core.send('account-close', { id: checking, transferAccountId: checking }),
    ).toMatchObject({
      error: { type: 'transfer-required' },
    });
    expect(f.snapshot()).toBe(before);
  });

  it('needs a category when on-budget money leaves for an off-budget account', async () => {
    const before = f.snapshot();
    expect(
      await f.core.send('account-close', { id: checking, transferAccountId: brokerage }),
    ).toEqual({
      error: { type: 'category-required', message: 'Category is required' },
    });
    expect(
      await f.core.send('account-close', {
        id: checking,
        transferAccountId: brokerage,
        categoryId: 'nope',
      }),
    ).toMatchObject({ error: { type: 'category-not-found' } });
    expect(f.snapshot()).toBe(before);
  });

  it('moves the balance by a transfer dated today, then marks the account closed', async () => {
    expect(
      await f.core.send('account-close', { id: checking, transferAccountId: savings }),
    ).toEqual({});
    expect(closedFlag(checking)).toEqual({ closed: 1, tombstone: 0 });
    const out = f.txsOf(checking).find((t) => t.notes === 'Closing account')!;
    expect(out).toMatchObject({
      amount: -10000,
      date: 20230806,
      description: f.transferPayee(savings),
      category: null,
    });
    const [into] = f.txsOf(savings);
    expect(into).toMatchObject({
      amount: 10000,
      transferred_id: out.id,
      description: f.transferPayee(checking),
    });
    expect(out.transferred_id).toBe(into!.id);
    expect(await f.core.send('account-properties', { id: checking })).toMatchObject({ balance: 0 });
  });

  it('keeps the category on an on-budget to off-budget closing transfer', async () => {
    const groceries = f.category('Groceries');
    await f.core.send('account-close', {
      id: checking,
      transferAccountId: brokerage,
      categoryId: groceries,
    });
    const out = f.txsOf(checking).find((t) => t.notes === 'Closing account')!;
    expect(out.category).toBe(groceries);
    expect(f.txsOf(brokerage)[0]).toMatchObject({ amount: 10000, category: null });
  });

  it('forced: deletes the transactions, the account and its transfer payee, unlinking the other sides', async () => {
    await f.core.send('transaction-add', {
      id: 't1',
      account: checking,
      date: '2023-08-02',
      amount: -2500,
      payee: f.transferPayee(savings),
    });
    const mirror = f.tx('t1').transferred_id as string;
    expect(await f.core.send('account-close', { id: checking, forced: true })).toEqual({});
    expect(closedFlag(checking)).toEqual({ closed: 0, tombstone: 1 });
    expect(f.txsOf(checking)).toEqual([]);
    expect(f.sql.first('SELECT tombstone FROM payees WHERE transfer_acct = ?', [checking])).toEqual(
      { tombstone: 1 },
    );
    expect(f.tx(mirror)).toMatchObject({
      tombstone: 0,
      description: null,
      transferred_id: null,
      amount: 2500,
    });
  });

  it('does nothing for a closed account, reopens, and undoes a close in one step', async () => {
    await f.core.send('account-close', { id: checking, transferAccountId: savings });
    const before = f.snapshot();
    expect(
      await f.core.send('account-close', { id: checking, transferAccountId: savings }),
    ).toEqual({});
    expect(f.snapshot()).toBe(before);
    await f.core.send('account-reopen', { id: checking });
    expect(closedFlag(checking)).toEqual({ closed: 0, tombstone: 0 });
    await f.core.send('undo'); // the reopen
    expect(closedFlag(checking)).toEqual({ closed: 1, tombstone: 0 });
    await f.core.send('undo'); // the close, with its transfer
    expect(closedFlag(checking)).toEqual({ closed: 0, tombstone: 0 });
    expect(f.txsOf(savings)).toEqual([]);
    expect(await f.core.send('account-properties', { id: checking })).toMatchObject({
      balance: 10000,
    });
    expect(await f.core.send('account-reopen', { id: 'nope' })).toMatchObject({
      error: { type: 'account-not-found' },
    });
  });

  it('deletes a closed account when forced, in one undo step', async () => {
    await f.core.send('account-close', { id: checking, transferAccountId: savings });
    const transfer = f.txsOf(savings)[0]!;
    expect(await f.core.send('account-close', { id: checking, forced: true })).toEqual({});
    expect(closedFlag(checking)).toEqual({ closed: 1, tombstone: 1 });
    expect(f.txsOf(checking)).toEqual([]);
    // The other side of the closing transfer stays, unlinked.
    expect(f.tx(transfer.id)).toMatchObject({ tombstone: 0, transferred_id: null });
    await f.core.send('undo');
    expect(closedFlag(checking)).toEqual({ closed: 1, tombstone: 0 });
    expect(f.txsOf(checking).length).toBeGreaterThan(0);
  });
});
