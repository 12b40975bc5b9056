import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Budget, budgetFileModule, createCore, isHandlerError } from '@coffer/core';
import { createActualBudget, loadActualApi } from '../../core/src/db/test-helpers/actual-api.ts';
import { createNodePlatform } from './platform.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const api = loadActualApi();

describe('interop with the real @actual-app/api 6.9', () => {
  it('a budget created by Coffer loads in Actual, with its accounts, categories and transactions', async () => {
    const documentDir = mkdtempSync(join(tmpdir(), 'coffer-interop-'));
    const platform = createNodePlatform({ documentDir, log: quiet });
    const core = createCore({ platform, documentDir }).register(budgetFileModule);
    const made = await core.send('create-budget', { budgetName: 'Coffer Made' });
    if (isHandlerError(made)) throw new Error(made.error.message);
    const db = core.budget!.db;
    const food = core.budget!.sqlite.first<{ id: string }>(
      "SELECT id FROM categories WHERE name = 'Groceries'",
    )!;
    db.batch(() => {
      db.insert('accounts', {
        id: 'acct-1',
        name: 'Checking',
        offbudget: false,
        closed: false,
        sort_order: 16384,
        tombstone: false,
      });
      db.insert('payees', { id: 'payee-1', name: 'Corner Shop', tombstone: false });
      db.insert('payee_mapping', { id: 'payee-1', targetId: 'payee-1' });
      db.insert('transactions', {
        id: 'tx-1',
        acct: 'acct-1',
        amount: -1234,
        description: 'payee-1',
        category: food.id,
        date: 20230806,
        notes: 'milk',
        sort_order: 1,
        isParent: false,
        isChild: false,
        cleared: true,
        tombstone: false,
      });
    });
    const ourCategories = core.budget!.sqlite.all<{ id: string; name: string }>(
      'SELECT id, name FROM categories WHERE tombstone = 0 ORDER BY id',
    );
    await core.send('close-budget');

    await api.init({ dataDir: documentDir });
    try {
      await api.loadBudget(made.id);
      const accounts = await api.getAccounts();
      expect(accounts).toEqual([
        expect.objectContaining({
          id: 'acct-1',
          name: 'Checking',
          offbudget: false,
          closed: false,
        }),
      ]);
      const categories = (await api.getCategories()) as Array<{ id: string; name: string }>;
      expect(
        categories
          .map((c: { id: string; name: string }) => ({ id: c.id, name: c.name }))
          .sort((a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)),
      ).toEqual(ourCategories);
      const groups = (await api.getCategoryGroups()) as Array<{
        is_income: unknown;
        categories: Array<{ name: string }>;
      }>;
      const income = groups.find((g: { is_income: unknown }) => g.is_income);
      expect(income?.categories.map((c: { name: string }) => c.name).sort()).toEqual([
        'Income',
        'Starting Balances',
      ]);
      const payees = await api.getPayees();
      expect(payees).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 'payee-1', name: 'Corner Shop' })]),
      );
      const txs = await api.getTransactions('acct-1', '2023-08-01', '2023-08-31');
      expect(txs).toEqual([
        expect.objectContaining({
          id: 'tx-1',
          amount: -1234,
          payee: 'payee-1',
          category: food.id,
          date: '2023-08-06',
          notes: 'milk',
        }),
      ]);
    } finally {
      await api.shutdown();
    }
  });

  it('a budget created by Actual opens in Coffer with the same data', async () => {
    const made = await createActualBudget(api, 'Actual Made');
    await api.init({ dataDir: made.dataDir });
    let accountId: string;
    let categories: Array<{ id: string; name: string }>;
    try {
      await api.loadBudget(made.id);
      accountId = await api.createAccount({ name: 'Wallet', offbudget: false }, 0);
      categories = ((await api.getCategories()) as Array<{ id: string; name: string }>).map(
        (c: { id: string; name: string }) => ({
          id: c.id,
          name: c.name,
        }),
      );
      await api.addTransactions(accountId, [
        { date: '2023-08-07', amount: -500, payee_name: 'Bakery', notes: 'bread' },
      ]);
    } finally {
      await api.shutdown();
    }

    const platform = createNodePlatform({ documentDir: made.dataDir, log: quiet });
    const budget = await Budget.open({ platform, documentDir: made.dataDir }, made.id);
    if ('error' in budget) throw new Error(budget.error.message);
    try {
      expect(budget.prefs.budgetName).toBe('Actual Made');
      expect(budget.sqlite.all('SELECT id, name FROM accounts WHERE tombstone = 0')).toEqual([
        { id: accountId, name: 'Wallet' },
      ]);
      const ours = budget.sqlite.all<{ id: string; name: string }>(
        'SELECT id, name FROM v_categories WHERE tombstone = 0',
      );
      expect([...ours].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
        [...categories].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      const txs = budget.sqlite.all<{ amount: number; date: number; notes: string; payee: string }>(
        'SELECT amount, date, notes, payee FROM v_transactions WHERE account = ? AND starting_balance_flag = 0',
        [accountId],
      );
      expect(txs).toMatchObject([{ amount: -500, date: 20230807, notes: 'bread' }]);
      const payee = budget.sqlite.first<{ name: string }>(
        'SELECT name FROM v_payees WHERE id = ?',
        [txs[0]!.payee],
      );
      expect(payee).toEqual({ name: 'Bakery' });
      // Coffer keeps writing to it through the same log.
      const before = budget.db.getMessagesSince('').length;
      expect(before).toBeGreaterThan(0);
      budget.db.update('accounts', { id: accountId, name: 'Purse' });
      expect(budget.db.getMessagesSince('').length).toBe(before + 1);
    } finally {
      await budget.close();
    }
  });
});
