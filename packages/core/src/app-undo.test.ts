import { describe, expect, it } from 'vitest';
import { type AppFixture, openAppCore } from './transactions/test-helpers/app-core.ts';

/** What a user can see: live rows of the tombstoned tables, non-zero budgets, notes. */
function visible(f: AppFixture): string {
  const live = (table: string) =>
    f.sql.all(`SELECT * FROM ${table} WHERE tombstone = 0 ORDER BY id`);
  return JSON.stringify({
    accounts: live('accounts'),
    payees: live('payees'),
    categories: live('categories'),
    groups: live('category_groups'),
    transactions: live('transactions'),
    budgets: f.sql.all(
      'SELECT month, category, amount FROM zero_budgets WHERE amount != 0 ORDER BY id',
    ),
    notes: f.sql.all('SELECT * FROM notes WHERE note IS NOT NULL ORDER BY id'),
  });
}

type Step = (f: AppFixture, ids: Record<string, string>) => Promise<unknown>;

const steps: Record<string, Step> = {
  'account-create': (f) => f.core.send('account-create', { name: 'New', balance: 300 }),
  'account-update': (f, ids) =>
    f.core.send('account-update', { id: ids.checking!, name: 'Renamed' }),
  'account-move': (f, ids) =>
    f.core.send('account-move', { id: ids.savings!, targetId: ids.checking! }),
  'account-close': (f, ids) =>
    f.core.send('account-close', { id: ids.checking!, transferAccountId: ids.savings! }),
  'account-close forced': (f, ids) =>
    f.core.send('account-close', { id: ids.checking!, forced: true }),
  'payee-create': (f) => f.core.send('payee-create', { name: 'Cafe' }),
  'payees-batch-change': (f, ids) =>
    f.core.send('payees-batch-change', {
      added: [{ name: 'A' }],
      updated: [{ id: ids.shop!, name: 'B' }],
    }),
  'payees-merge': (f, ids) =>
    f.core.send('payees-merge', { targetId: ids.shop!, mergeIds: [ids.market!] }),
  'category-create': (f) =>
    f.core.send('category-create', { name: 'Pets', groupId: f.group('Everyday') }),
  'category-update': (f) =>
    f.core.send('category-update', { id: f.category('Groceries'), name: 'Food' }),
  'category-move': (f) =>
    f.core.send('category-move', {
      id: f.category('General'),
      groupId: f.group('Bills'),
      targetId: null,
    }),
  'category-delete': (f) =>
    f.core.send('category-delete', {
      id: f.category('Groceries'),
      transferId: f.category('Household'),
    }),
  'category-group-create': (f) => f.core.send('category-group-create', { name: 'Fun' }),
  'category-group-update': (f) =>
    f.core.send('category-group-update', { id: f.group('Bills'), name: 'Fixed' }),
  'category-group-move': (f) =>
    f.core.send('category-group-move', { id: f.group('Bills'), targetId: null }),
  'category-group-delete': (f) =>
    f.core.send('category-group-delete', {
      id: f.group('Everyday'),
      transferId: f.category('Housing'),
    }),
  'transaction-add': (f, ids) =>
    f.core.send('transaction-add', {
      account: ids.checking!,
      date: '2023-08-02',
      amount: -1,
      payee: f.transferPayee(ids.savings!),
    }),
  'transaction-update': (f, ids) =>
    f.core.send('transaction-update', { id: ids.transfer!, amount: -77, payee: ids.shop! }),
  'transaction-delete': (f, ids) => f.core.send('transaction-delete', { id: ids.transfer! }),
  'transactions-batch-update': (f, ids) =>
    f.core.send('transactions-batch-update', {
      added: [
        { id: 'np', account: ids.checking!, date: '2023-08-03', amount: -10, is_parent: true },
        {
          id: 'nc',
          account: ids.checking!,
          date: '2023-08-03',
          amount: -4,
          is_child: true,
          parent_id: 'np',
        },
      ],
      updated: [{ id: ids.transfer!, notes: 'n' }],
    }),
  'notes-save': (f, ids) => f.core.send('notes-save', { id: ids.checking!, note: 'hello' }),
};

describe('undo of every domain mutator', () => {
  for (const [name, step] of Object.entries(steps)) {
    it(`${name} undoes to what was visible before, and redoes`, async () => {
      const f = await openAppCore();
      const ids: Record<string, string> = {};
      ids.checking = (await f.core.send('account-create', {
        name: 'Checking',
        balance: 1000,
      })) as string;
      ids.savings = (await f.core.send('account-create', { name: 'Savings' })) as string;
      ids.shop = (await f.core.send('payee-create', { name: 'Shop' })) as string;
      ids.market = (await f.core.send('payee-create', { name: 'Market' })) as string;
      await f.core.send('transaction-add', {
        id: 'tr',
        account: ids.checking,
        date: '2023-08-01',
        amount: -50,
        payee: f.transferPayee(ids.savings),
      });
      ids.transfer = 'tr';
      f.budget.db.insert('zero_budgets', {
        id: `202308-${f.category('Groceries')}`,
        month: 202308,
        category: f.category('Groceries'),
        amount: 900,
        carryover: 0,
      });
      const before = visible(f);
      const result = await step(f, ids);
      expect(result).not.toHaveProperty('error');
      const after = visible(f);
      expect(after).not.toBe(before);
      await f.core.send('undo');
      expect(visible(f)).toBe(before);
      await f.core.send('redo');
      expect(visible(f)).toBe(after);
    });
  }
});
