import { beforeEach, describe, expect, it } from 'vitest';
import { batchUpdateTransactions } from './batch.ts';
import { type AppFixture, openAppCore } from './test-helpers/app-core.ts';

let f: AppFixture;
let checking: string;
let savings: string;
let house: string;
let groceries: string;
beforeEach(async () => {
  f = await openAppCore();
  checking = (await f.core.send('account-create', { name: 'Checking' })) as string;
  savings = (await f.core.send('account-create', { name: 'Savings' })) as string;
  house = (await f.core.send('account-create', { name: 'House', offBudget: true })) as string;
  groceries = f.category('Groceries');
});

const add = (id: string, account: string, amount: number, extra: Record<string, unknown> = {}) =>
  f.core.send('transaction-add', { id, account, date: '2023-08-03', amount, ...extra });

describe('transfers', () => {
  it('creates the other side with the opposite amount and links both ways', async () => {
    await add('t1', checking, -5000, {
      payee: f.transferPayee(savings),
      notes: 'rent pot',
      category: groceries,
    });
    const t1 = f.tx('t1');
    const mirror = f.tx(String(t1.transferred_id));
    expect(mirror).toMatchObject({
      acct: savings,
      amount: 5000,
      date: 20230803,
      description: f.transferPayee(checking),
      transferred_id: 't1',
      notes: 'rent pot',
      cleared: 0,
      category: null,
    });
    // Both on budget: no category on either side.
    expect(t1.category).toBeNull();
  });

  it('works the other way round (money coming in)', async () => {
    await add('in', savings, 700, { payee: f.transferPayee(checking) });
    const mirror = f.tx(String(f.tx('in').transferred_id));
    expect(mirror).toMatchObject({ acct: checking, amount: -700, transferred_id: 'in' });
  });

  it('keeps the category on budget → off budget; none when both are off budget', async () => {
    await add('t1', checking, -100000, { payee: f.transferPayee(house), category: groceries });
    expect(f.tx('t1').category).toBe(groceries);
    expect(f.tx(String(f.tx('t1').transferred_id))).toMatchObject({
      acct: house,
      amount: 100000,
      category: null,
    });
    const boat = (await f.core.send('account-create', { name: 'Boat', offBudget: true })) as string;
    await add('t2', house, -10, { payee: f.transferPayee(boat), category: groceries });
    expect(f.tx('t2').category).toBeNull();
  });

  it('always makes a new other side, even beside a matching row (as Actual does)', async () => {
    await add('existing', savings, 5000, { category: groceries });
    await add('t1', checking, -5000, { payee: f.transferPayee(savings) });
    expect(f.tx('t1').transferred_id).not.toBe('existing');
    expect(f.tx('existing')).toMatchObject({ transferred_id: null, category: groceries });
    expect(f.txsOf(savings)).toHaveLength(2);
  });

  it('keeps the other side in step when amount, date or target account change', async () => {
    await add('t1', checking, -5000, { payee: f.transferPayee(savings) });
    const mirrorId = String(f.tx('t1').transferred_id);
    await f.core.send('transaction-update', { id: 't1', amount: -6000, date: '2023-08-05' });
    expect(f.tx(mirrorId)).toMatchObject({ amount: 6000, date: 20230805, acct: savings });
    await f.core.send('transaction-update', { id: 't1', payee: f.transferPayee(house) });
    expect(f.tx(mirrorId)).toMatchObject({
      acct: house,
      amount: 6000,
      description: f.transferPayee(checking),
    });
    // Editing the other side moves this one too.
    await f.core.send('transaction-update', { id: mirrorId, amount: 10 });
    expect(f.tx('t1').amount).toBe(-10);
  });

  it('changing the payee away deletes the other side, cleared or not', async () => {
    const shop = (await f.core.send('payee-create', { name: 'Shop' })) as string;
    await add('t1', checking, -5000, { payee: f.transferPayee(savings) });
    const first = String(f.tx('t1').transferred_id);
    await f.core.send('transaction-update', { id: 't1', payee: shop });
    expect(f.tx(first).tombstone).toBe(1);
    expect(f.tx('t1')).toMatchObject({ transferred_id: null, description: shop });

    await f.core.send('transaction-update', { id: 't1', payee: f.transferPayee(savings) });
    const second = String(f.tx('t1').transferred_id);
    expect(second).not.toBe(first);
    // Reconciled against the bank or not, a left-over side would change savings' balance.
    await f.core.send('transaction-update', { id: second, cleared: true });
    await f.core.send('transaction-update', { id: 't1', payee: shop, imported_payee: 'Shop' });
    expect(f.tx(second).tombstone).toBe(1);
    expect(f.txsOf(savings)).toHaveLength(0);
  });

  it('deleting one side deletes a cleared other side too', async () => {
    await add('t1', checking, -5000, { payee: f.transferPayee(savings) });
    const mirror = String(f.tx('t1').transferred_id);
    await f.core.send('transaction-update', { id: mirror, cleared: true });
    await f.core.send('transaction-delete', { id: mirror });
    expect([f.tx('t1').tombstone, f.tx(mirror).tombstone]).toEqual([1, 1]);
  });

  it('the other side follows the notes', async () => {
    await add('t1', checking, -5000, { payee: f.transferPayee(savings), notes: 'pot' });
    const mirror = String(f.tx('t1').transferred_id);
    await f.core.send('transaction-update', { id: 't1', notes: 'holiday pot' });
    expect(f.tx(mirror).notes).toBe('holiday pot');
  });

  it('deleting one side deletes the other; undo brings both back linked', async () => {
    await add('t1', checking, -5000, { payee: f.transferPayee(savings) });
    const mirror = String(f.tx('t1').transferred_id);
    await f.core.send('transaction-delete', { id: 't1' });
    expect([f.tx('t1').tombstone, f.tx(mirror).tombstone]).toEqual([1, 1]);
    await f.core.send('undo');
    expect(f.tx('t1')).toMatchObject({ tombstone: 0, transferred_id: mirror });
    expect(f.tx(mirror)).toMatchObject({ tombstone: 0, transferred_id: 't1' });
    await f.core.send('undo'); // the add: both sides go
    expect([f.tx('t1').tombstone, f.tx(mirror).tombstone]).toEqual([1, 1]);
  });

  it('a split child can be a transfer; its other side becomes a plain child link-free on change', async () => {
    await f.core.send('transactions-batch-update', {
      added: [
        { id: 'p', account: checking, date: '2023-08-03', amount: -300, is_parent: true },
        {
          id: 'c1',
          account: checking,
          date: '2023-08-03',
          amount: -100,
          is_child: true,
          parent_id: 'p',
          payee: f.transferPayee(savings),
        },
        {
          id: 'c2',
          account: checking,
          date: '2023-08-03',
          amount: -200,
          is_child: true,
          parent_id: 'p',
        },
      ],
    });
    const mirror = String(f.tx('c1').transferred_id);
    expect(f.tx(mirror)).toMatchObject({ acct: savings, amount: 100, transferred_id: 'c1' });
    // The other side, linked to a child of a split in savings, is only unlinked when it changes.
    await f.core.send('transaction-update', { id: mirror, payee: null });
    expect(f.tx('c1')).toMatchObject({ tombstone: 0, transferred_id: null, description: null });
  });

  it('a paycheck split moves only its transfer lines; the parent is never a transfer', async () => {
    const house2 = f.transferPayee(house);
    await f.core.send('transactions-batch-update', {
      added: [
        // The parent names the savings transfer payee, as a split made from a transfer does.
        { id: 'p', account: checking, date: '2023-08-03', amount: -10000, is_parent: true, payee: f.transferPayee(savings) },
        { id: 'c1', account: checking, date: '2023-08-03', amount: -5000, is_child: true, parent_id: 'p', payee: f.transferPayee(savings) },
        { id: 'c2', account: checking, date: '2023-08-03', amount: -3000, is_child: true, parent_id: 'p', payee: house2, category: groceries },
        { id: 'c3', account: checking, date: '2023-08-03', amount: -2000, is_child: true, parent_id: 'p', category: groceries },
      ],
    }); // prettier-ignore
    expect(f.tx('p').transferred_id).toBeNull();
    expect(f.txsOf(savings).map((t) => [t.amount, t.transferred_id])).toEqual([[5000, 'c1']]);
    expect(f.txsOf(house).map((t) => [t.amount, t.transferred_id])).toEqual([[3000, 'c2']]);
    // On budget → off budget keeps its category; on budget → on budget drops it.
    expect([f.tx('c1').category, f.tx('c2').category]).toEqual([null, groceries]);

    // Edits keep each line's other side in step; deleting the parent takes them all.
    await f.core.send('transaction-update', { id: 'c1', amount: -4500 });
    await f.core.send('transaction-update', { id: 'p', date: '2023-08-04' });
    expect(f.txsOf(savings).map((t) => [t.amount, t.date])).toEqual([[4500, 20230804]]);
    expect(f.txsOf(house).map((t) => t.date)).toEqual([20230804]);
    await f.core.send('transaction-delete', { id: 'p' });
    expect([f.txsOf(savings), f.txsOf(house)]).toEqual([[], []]);
  });

  it('a parent that is a transfer (the old shape) gives its lines their own on the first edit', async () => {
    // Stored as Actual 23.8.1 left it (written without the transfer logic): the parent moved
    // the whole amount to savings, its savings line nothing.
    const written = batchUpdateTransactions(
      f.budget,
      {
        added: [
          { id: 'p', account: checking, date: '2023-08-03', amount: -10000, is_parent: true, payee: f.transferPayee(savings), transfer_id: 'm' },
          { id: 'c1', account: checking, date: '2023-08-03', amount: -6000, is_child: true, parent_id: 'p', payee: f.transferPayee(savings) },
          { id: 'c2', account: checking, date: '2023-08-03', amount: -4000, is_child: true, parent_id: 'p', category: groceries },
          { id: 'm', account: savings, date: '2023-08-03', amount: 10000, payee: f.transferPayee(checking), transfer_id: 'p' },
        ],
      },
      { runTransfers: false },
    ); // prettier-ignore
    expect('error' in written).toBe(false);
    const balance = async (id: string) => {
      const props = (await f.core.send('account-properties', { id })) as { balance: number };
      return props.balance;
    };
    expect(await balance(savings)).toBe(10000);

    // It reads and edits without error; the edit puts the money where the lines say.
    await f.core.send('transaction-update', { id: 'p', notes: 'paycheck' });
    expect(f.tx('m').tombstone).toBe(1);
    expect(f.tx('p').transferred_id).toBeNull();
    const line = f.tx(String(f.tx('c1').transferred_id));
    expect(line).toMatchObject({ acct: savings, amount: 6000, transferred_id: 'c1' });
    expect([await balance(checking), await balance(savings)]).toEqual([-10000, 6000]);
  });

  it("a split line's other side moved to another account leaves the line in its split", async () => {
    // A paycheck in checking: one line is the transfer to savings (its other side in savings).
    const written = batchUpdateTransactions(f.budget, {
      added: [
        { id: 'p', account: checking, date: '2023-08-03', amount: -10000, is_parent: true },
        { id: 'c1', account: checking, date: '2023-08-03', amount: -6000, is_child: true, parent_id: 'p', payee: f.transferPayee(savings) },
        { id: 'c2', account: checking, date: '2023-08-03', amount: -4000, is_child: true, parent_id: 'p', category: groceries },
      ],
    }); // prettier-ignore
    expect('error' in written).toBe(false);
    const other = String(f.tx('c1').transferred_id);
    expect(f.tx(other)).toMatchObject({ acct: savings, amount: 6000 });

    // The other side's date changes: the line keeps its split's date, and follows the amount.
    await f.core.send('transaction-update', { id: other, date: '2023-08-20', amount: 6500 });
    expect(f.tx('c1')).toMatchObject({ acct: checking, date: 20230803, amount: -6500 });

    // It now names the house instead: the line stays in checking, no longer a transfer, and
    // the money moves between savings and the house.
    await f.core.send('transaction-update', { id: other, payee: f.transferPayee(house) });
    expect(f.tx('c1')).toMatchObject({
      acct: checking,
      date: 20230803,
      transferred_id: null,
      description: null,
    });
    const fresh = f.tx(String(f.tx(other).transferred_id));
    expect(fresh).toMatchObject({ acct: house, amount: -6500, transferred_id: other });
  });

  it("clears both sides' categories once both accounts are on the same side of the budget", async () => {
    // Checking → the house (off budget) keeps its category: it is spending.
    await add('t1', checking, -5000, { payee: f.transferPayee(house), category: groceries });
    const other = String(f.tx('t1').transferred_id);
    expect(f.tx('t1').category).toBe(groceries);
    await f.core.send('transaction-update', { id: other, category: groceries });
    // The house's side now moves to savings (on budget): the money only moves; neither side
    // may count it as spending.
    await f.core.send('transaction-update', { id: other, account: savings });
    expect([f.tx('t1').category, f.tx(other).category]).toEqual([null, null]);
  });
});
