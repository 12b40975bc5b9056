import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { ApiError } from './errors.ts';
import * as api from './index.ts';

let dataDir: string;
let client: ApiClient;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'coffer-api-'));
  client = new ApiClient();
});
afterEach(async () => {
  await client.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newBudget(c = client, name = 'Home'): Promise<string> {
  const created = (await c.lib.send('create-budget', { budgetName: name })) as { id: string };
  return created.id;
}

describe('init and internal.send', () => {
  it('creates a budget through send and reads its prefs', async () => {
    const lib = await client.init({ dataDir });
    expect(lib.getDataDir()).toBe(dataDir);
    const id = await newBudget();
    expect(existsSync(join(dataDir, id, 'db.sqlite'))).toBe(true);
    expect(await lib.send('load-prefs')).toMatchObject({ id, budgetName: 'Home' });
  });

  it('returns error values from internal handlers and rejects for api/* handlers', async () => {
    const lib = await client.init({ dataDir });
    expect(await lib.send('no-such-handler')).toEqual({
      error: { type: 'APIError', message: 'Unknown method: no-such-handler' },
    });
    await expect(lib.send('api/accounts-get')).rejects.toMatchObject({ type: 'no-budget' });
  });

  it('refuses calls before init', async () => {
    await expect(client.methods.getAccounts()).rejects.toThrow(/init/);
  });
});

describe('methods', () => {
  it('throw an ApiError carrying the error type', async () => {
    await client.init({ dataDir });
    const err = await client.methods.loadBudget('missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ type: 'budget-not-found' });
    expect(String((err as Error).message)).toContain('missing');
  });

  it('keep the budget on disk across shutdown and a new init', async () => {
    await client.init({ dataDir });
    const id = await newBudget();
    const m = client.methods;
    const acct = await m.createAccount({ name: 'Checking' });
    await m.addTransactions(acct, [{ date: '2024-03-01', amount: -250, payee_name: 'Cafe' }]);
    await client.shutdown();

    const again = new ApiClient();
    await again.init({ dataDir });
    await again.methods.loadBudget(id);
    const [tx] = await again.methods.getTransactions(acct);
    expect(tx).toMatchObject({ date: '2024-03-01', amount: -250, imported_payee: 'Cafe' });
    expect(await again.methods.getAccountBalance(acct, '2024-12-31')).toBe(-250);
    await again.shutdown();
  });

  it('run queries built with q, by either name', async () => {
    await client.init({ dataDir });
    await newBudget();
    const query = client.lib.q('category_groups').filter({ is_income: true }).select('name');
    expect((await client.methods.runQuery(query)).data).toEqual([
      expect.objectContaining({ name: 'Income' }),
    ]);
    expect((await client.methods.aqlQuery(query)).data).toHaveLength(1);
  });

  it('apply a batch when it ends', async () => {
    await client.init({ dataDir });
    await newBudget();
    const m = client.methods;
    let seenInside: unknown[] = [];
    await m.batchBudgetUpdates(async () => {
      await m.createPayee({ name: 'Later' });
      seenInside = (await m.getPayees()).filter((p) => p.name === 'Later');
    });
    expect(seenInside).toEqual([]);
    expect((await m.getPayees()).filter((p) => p.name === 'Later')).toHaveLength(1);
  });

  it('apply a batch left open when the budget closes', async () => {
    await client.init({ dataDir });
    const id = await newBudget();
    await client.lib.send('api/batch-budget-start');
    await client.methods.createPayee({ name: 'Kept' });
    await client.shutdown();
    await client.init({ dataDir });
    await client.methods.loadBudget(id);
    expect((await client.methods.getPayees()).map((p) => p.name)).toContain('Kept');
  });

  it('let two clients work on two data folders side by side', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'coffer-api-'));
    const other = new ApiClient();
    try {
      await client.init({ dataDir });
      await other.init({ dataDir: otherDir });
      await newBudget(client, 'One');
      await newBudget(other, 'Two');
      await client.methods.createAccount({ name: 'Only here' });
      expect(await other.methods.getAccounts()).toEqual([]);
      expect(await client.methods.getAccounts()).toHaveLength(1);
    } finally {
      await other.shutdown();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('runImport', () => {
  it('builds a new budget without the default expense categories', async () => {
    await client.init({ dataDir });
    const m = client.methods;
    await m.runImport('Imported', async () => {
      const group = await m.createCategoryGroup({ name: 'Mine' });
      await m.createCategory({ name: 'Only', group_id: group });
      const acct = await m.createAccount({ name: 'Bank' });
      await m.addTransactions(acct, [{ date: '2024-01-02', amount: 100 }]);
    });
    const prefs = (await client.lib.send('load-prefs')) as { id: string; budgetName: string };
    expect(prefs.budgetName).toBe('Imported');
    const expense = (await m.getCategories()).filter((c) => !c.is_income).map((c) => c.name);
    expect(expense).toEqual(['Only']);
    expect(await m.getAccounts()).toHaveLength(1);
  });

  it('takes budget amounts for months before any transaction, which count once rows reach them', async () => {
    await client.init({ dataDir });
    const m = client.methods;
    await m.runImport('Old books', async () => {
      const group = await m.createCategoryGroup({ name: 'Bills' });
      const rent = await m.createCategory({ name: 'Rent', group_id: group });
      // Budgets first, as a converter that walks its source month by month does.
      await m.setBudgetAmount('2020-03', rent, 80000);
      await m.setBudgetAmount('2020-04', rent, 80000);
      const acct = await m.createAccount({ name: 'Bank' });
      await m.addTransactions(acct, [
        { date: '2020-03-01', amount: 200000 },
        { date: '2020-03-05', amount: -75000, category: rent },
      ]);
    });
    const rent = (await m.getCategories()).find((c) => c.name === 'Rent')!;
    const figures = async (month: string) => {
      const budget = (await m.getBudgetMonth(month)) as {
        categoryGroups: {
          categories: { id: string; budgeted: number; spent: number; balance: number }[];
        }[];
      };
      const row = budget.categoryGroups.flatMap((g) => g.categories).find((c) => c.id === rent.id)!;
      return { budgeted: row.budgeted, spent: row.spent, balance: row.balance };
    };
    expect(await figures('2020-03')).toEqual({ budgeted: 80000, spent: -75000, balance: 5000 });
    expect(await figures('2020-04')).toEqual({ budgeted: 80000, spent: 0, balance: 85000 });
  });

  it('takes an account moved off budget out of the budget, rows of a deleted category too', async () => {
    // Actual recomputes only the stored (deleted) category here and can keep counting the rows
    // in the replacement (the README's `offbudget-merged-category`).
    await client.init({ dataDir });
    await newBudget();
    const m = client.methods;
    const group = await m.createCategoryGroup({ name: 'Side' });
    const gigs = await m.createCategory({ name: 'Gigs', group_id: group });
    const income = (await m.getCategories()).find((c) => c.name === 'Income')!;
    const acct = await m.createAccount({ name: 'Cash tin' });
    await m.addTransactions(acct, [{ date: '2026-06-26', amount: 5000, category: gigs }]);
    await m.deleteCategoryGroup(group, income.id);
    const received = async () => {
      const budget = (await m.getBudgetMonth('2026-06')) as {
        categoryGroups: { categories: { id: string; received: number }[] }[];
      };
      return budget.categoryGroups.flatMap((g) => g.categories).find((c) => c.id === income.id)!
        .received;
    };
    expect(await received()).toBe(5000);
    await m.updateAccount(acct, { offbudget: true });
    expect(await received()).toBe(0);
    await m.updateAccount(acct, { offbudget: false });
    expect(await received()).toBe(5000);
  });

  it('deletes the half-built budget when the import throws', async () => {
    await client.init({ dataDir });
    const before = readdirSync(dataDir);
    const failure = new Error('bad file');
    await expect(
      client.methods.runImport('Broken', async () => {
        await client.methods.createAccount({ name: 'Bank' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(readdirSync(dataDir)).toEqual(before);
    expect(await client.lib.send('load-prefs')).toBe(null);
  });

  it('deletes only the budget it was building, even when the importer opened another', async () => {
    await client.init({ dataDir });
    const other = await newBudget(client, 'Other');
    await expect(
      client.methods.runImport('Broken', async () => {
        await client.methods.loadBudget(other);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(readdirSync(dataDir)).toEqual([other]);
  });
});

describe('the package surface', () => {
  it('has the functions of @actual-app/api that exist so far', () => {
    const names = [
      'init',
      'shutdown',
      'internal',
      'methods',
      'utils',
      'q',
      'runImport',
      'loadBudget',
      'batchBudgetUpdates',
      'runQuery',
      'aqlQuery',
      'addTransactions',
      'getTransactions',
      'updateTransaction',
      'deleteTransaction',
      'getAccounts',
      'createAccount',
      'updateAccount',
      'closeAccount',
      'reopenAccount',
      'deleteAccount',
      'getAccountBalance',
      'getCategoryGroups',
      'createCategoryGroup',
      'updateCategoryGroup',
      'deleteCategoryGroup',
      'getCategories',
      'createCategory',
      'updateCategory',
      'deleteCategory',
      'getPayees',
      'createPayee',
      'updatePayee',
      'deletePayee',
      'mergePayees',
    ];
    for (const name of names) expect(api, name).toHaveProperty(name);
    expect(api.utils.amountToInteger(12.345)).toBe(1235);
    expect(api.utils.integerToAmount(-1999)).toBe(-19.99);
  });
});
