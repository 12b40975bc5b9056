import { beforeEach, describe, expect, it } from 'vitest';
import { API_RULES, deleteGroup } from '../categories/delete.ts';
import { addTransactions, deleteTransaction, updateTransaction } from './add.ts';
import { TransactionHooksSlot } from './hooks.ts';
import { type AppFixture, openAppCore } from './test-helpers/app-core.ts';

let f: AppFixture;
let acct: string;
let savings: string;
beforeEach(async () => {
  f = await openAppCore();
  acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
  savings = (await f.core.send('account-create', { name: 'Savings' })) as string;
});

const payeeNamed = (name: string) =>
  f.sql.all<{ id: string }>('SELECT id FROM payees WHERE name = ? AND tombstone = 0', [name]);

describe('addTransactions', () => {
  it('resolves payee names case-insensitively, creating each new one once', () => {
    const shop = f.budget.db.batch(() => {
      const id = f.budget.db.insert('payees', { name: 'Corner Shop', tombstone: 0 });
      f.budget.db.insert('payee_mapping', { id, targetId: id });
      return id;
    });
    const ids = addTransactions(f.budget, acct, [
      { date: '2023-08-01', amount: -100, payee_name: ' corner shop ' },
      { date: '2023-08-02', amount: -200, payee_name: 'Bakery' },
      { date: '2023-08-03', amount: -300, payee_name: 'BAKERY' },
      { date: '2023-08-04', amount: -400, payee_name: '   ' },
    ]) as string[];
    expect(ids).toHaveLength(4);
    const [a, b, c, d] = ids.map((id) => f.tx(id));
    expect(a).toMatchObject({ description: shop, imported_description: 'corner shop', cleared: 1 });
    expect(payeeNamed('Bakery')).toHaveLength(1);
    expect(b!.description).toBe(payeeNamed('Bakery')[0]!.id);
    expect(c!.description).toBe(b!.description);
    expect(d).toMatchObject({ description: null, imported_description: null });
  });

  it('builds a split from subtransactions, children inheriting the payee', () => {
    const ids = addTransactions(f.budget, acct, [
      {
        date: '2023-08-01',
        amount: -300,
        payee_name: 'Market',
        subtransactions: [
          { amount: -100, category: f.category('Groceries') },
          { amount: -150, notes: 'x' },
        ],
      },
    ]) as string[];
    expect(ids).toHaveLength(3);
    const [parent, c1, c2] = ids.map((id) => f.tx(id));
    expect(parent).toMatchObject({ isParent: 1, amount: -300 });
    expect(JSON.parse(String(parent!.error))).toMatchObject({ difference: -50 });
    expect(c1).toMatchObject({
      isChild: 1,
      parent_id: parent!.id,
      description: parent!.description,
      sort_order: 0,
    });
    expect(c2).toMatchObject({ sort_order: -1, amount: -150, acct, date: 20230801 });
  });

  it('runs transfers only when asked and runs the rules hook', () => {
    f.budget.get(TransactionHooksSlot).runRules = (tx) => ({ ...tx, notes: `ruled ${tx.amount}` });
    const [plain] = addTransactions(
      f.budget,
      acct,
      [{ date: '2023-08-01', amount: -5, payee: f.transferPayee(savings) }],
      {
        runTransfers: false,
      },
    ) as string[];
    expect(f.tx(plain!)).toMatchObject({ transferred_id: null, notes: 'ruled -5' });
    const [linked] = addTransactions(f.budget, acct, [
      { date: '2023-08-01', amount: -6, payee: f.transferPayee(savings) },
    ]) as string[];
    expect(f.tx(String(f.tx(linked!).transferred_id))).toMatchObject({ acct: savings, amount: 6 });
  });

  it('rejects bad input and writes nothing, not even payees', () => {
    const before = f.snapshot();
    expect(addTransactions(f.budget, 'nope', [{ date: '2023-08-01', amount: 1 }])).toMatchObject({
      error: { type: 'account-not-found' },
    });
    expect(addTransactions(f.budget, acct, [{ amount: 1, payee_name: 'New' }])).toMatchObject({
      error: { type: 'invalid-transaction' },
    });
    expect(
      addTransactions(f.budget, acct, [
        { date: '2023-08-01', amount: 1, payee_name: 'New' },
        { date: '2023-08-01', amount: 1, category: 'nope' },
      ]),
    ).toMatchObject({ error: { type: 'category-not-found' } });
    expect(f.snapshot()).toBe(before);
  });
});

describe('updateTransaction / deleteTransaction (split-aware)', () => {
  let parent: string;
  let children: string[];
  beforeEach(() => {
    const shop = addTransactions(f.budget, acct, [
      { date: '2023-08-01', amount: -1, payee_name: 'Shop' },
    ]) as string[];
    const shopId = String(f.tx(shop[0]!).description);
    const ids = addTransactions(f.budget, acct, [
      {
        date: '2023-08-02',
        amount: -300,
        payee: shopId,
        subtransactions: [{ amount: -100 }, { amount: -200, payee: f.transferPayee(savings) }],
      },
    ]) as string[];
    parent = ids[0]!;
    children = ids.slice(1);
  });

  it("a parent's new payee replaces the children's matching payee", () => {
    const bakery = f.budget.db.batch(() => {
      const id = f.budget.db.insert('payees', { name: 'Bakery', tombstone: 0 });
      f.budget.db.insert('payee_mapping', { id, targetId: id });
      return id;
    });
    updateTransaction(f.budget, { id: parent!, payee: bakery, date: '2023-08-09' });
    expect(f.tx(children[0]!)).toMatchObject({ description: bakery, date: 20230809 });
    expect(f.tx(children[1]!).description).toBe(f.transferPayee(savings));
    expect(updateTransaction(f.budget, { id: 'nope', amount: 1 })).toMatchObject({
      error: { type: 'transaction-not-found' },
    });
  });

  it('deleting children one by one ends with a plain transaction', () => {
    deleteTransaction(f.budget, children[0]!);
    expect(JSON.parse(String(f.tx(parent!).error)).difference).toBe(-100);
    deleteTransaction(f.budget, children[1]!);
    expect(f.tx(parent!)).toMatchObject({ isParent: 0, error: null, tombstone: 0 });
  });
});

describe('updateTransaction compares with what a read shows', () => {
  it('sends back a deleted category as none: nothing changes, no transfer is made', async () => {
    const group = (await f.core.send('category-group-create', { name: 'Old' })) as string;
    const old = (await f.core.send('category-create', { name: 'Gone', groupId: group })) as string;
    const [id] = addTransactions(
      f.budget,
      acct,
      [{ date: '2023-08-01', amount: -5, payee: f.transferPayee(savings), category: old }],
      { runTransfers: false },
    ) as string[];
    // The api's delete needs no replacement (the form's does).
    expect(deleteGroup(f.budget, group, null, API_RULES)).toBeNull();
    const before = f.snapshot();
    // A script reads the row (no category: it is deleted) and writes it back as it read it.
    expect(updateTransaction(f.budget, { id: id!, category: null, amount: -5 })).toEqual({
      added: [],
      updated: [],
    });
    expect(f.snapshot()).toBe(before);
    // A real change still goes through, and the row gets its other side then.
    updateTransaction(f.budget, { id: id!, notes: 'moved' });
    expect(f.tx(String(f.tx(id!).transferred_id))).toMatchObject({ acct: savings, amount: 5 });
  });
});
