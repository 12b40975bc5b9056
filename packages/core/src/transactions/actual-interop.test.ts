import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadActualApi } from '../db/test-helpers/actual-api.ts';
import { openAppCore } from './test-helpers/app-core.ts';

const api = loadActualApi();

/**
 * What the domain handlers write must read back the same in the real Actual: accounts with
 * their transfer payees, starting balances, transfers linked both ways, a split with its
 * children, merged payees and a deleted category (through the mapping tables).
 */
describe('a budget written by the domain handlers, read by @actual-app/api', () => {
  it('shows the same accounts, payees, transfers, splits and merges', async () => {
    const f = await openAppCore();
    const send = f.core.send.bind(f.core);
    const checking = (await send('account-create', {
      name: 'Checking',
      balance: 100000,
    })) as string;
    const savings = (await send('account-create', { name: 'Savings' })) as string;
    const house = (await send('account-create', {
      name: 'House',
      offBudget: true,
      balance: 25000000,
    })) as string;
    const shop = (await send('payee-create', { name: 'Shop' })) as string;
    const market = (await send('payee-create', { name: 'Market' })) as string;
    const groceries = f.category('Groceries');
    const eating = f.category('Eating Out');
    await send('transactions-batch-update', {
      added: [
        {
          id: 'tr',
          account: checking,
          date: '2023-08-02',
          amount: -20000,
          payee: f.transferPayee(savings),
        },
        {
          id: 'sp',
          account: checking,
          date: '2023-08-03',
          amount: -3000,
          payee: market,
          is_parent: true,
        },
        {
          id: 'sc1',
          account: checking,
          date: '2023-08-03',
          amount: -1000,
          payee: market,
          is_child: true,
          parent_id: 'sp',
          category: groceries,
        },
        {
          id: 'sc2',
          account: checking,
          date: '2023-08-03',
          amount: -2000,
          payee: shop,
          is_child: true,
          parent_id: 'sp',
          category: eating,
        },
      ],
    });
    await send('payees-merge', { targetId: shop, mergeIds: [market] });
    await send('category-delete', { id: eating, transferId: groceries });
    const mirror = String(f.tx('tr').transferred_id);

    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-domain-interop-'));
    const dir = join(dataDir, 'coffer-domain');
    mkdirSync(dir);
    writeFileSync(join(dir, 'db.sqlite'), f.budget.sqlite.serialize());
    writeFileSync(
      join(dir, 'metadata.json'),
      JSON.stringify({ id: 'coffer-domain', budgetName: 'Domain' }),
    );

    await api.init({ dataDir });
    try {
      await api.loadBudget('coffer-domain');
      const accounts = (await api.getAccounts()) as unknown as Array<{
        id: string;
        name: string;
        offbudget: boolean;
      }>;
      // Sort orders count separately on and off budget, so House (first off budget) ties Checking.
      expect(accounts.map((a) => [a.name, a.offbudget])).toEqual([
        ['Checking', false],
        ['House', true],
        ['Savings', false],
      ]);
      const payees = (await api.getPayees()) as unknown as Array<{
        id: string;
        name: string;
        transfer_acct: string | null;
      }>;
      expect(
        payees
          .filter((p) => !p.transfer_acct)
          .map((p) => p.name)
          .sort(),
      ).toEqual(['Shop', 'Starting Balance']);
      expect(payees.find((p) => p.transfer_acct === savings)).toMatchObject({ name: 'Savings' });

      const txs = (await api.getTransactions(
        checking,
        '2023-08-01',
        '2023-08-31',
      )) as unknown as Array<Record<string, unknown>>;
      const byId = new Map(txs.map((t) => [t.id, t]));
      expect(byId.get('tr')).toMatchObject({
        amount: -20000,
        transfer_id: mirror,
        payee: f.transferPayee(savings),
      });
      const split = byId.get('sp') as {
        is_parent: boolean;
        subtransactions: Array<Record<string, unknown>>;
      };
      expect(split.is_parent).toBe(true);
      expect(split.subtransactions.map((s) => [s.id, s.amount, s.payee, s.category])).toEqual([
        ['sc1', -1000, shop, groceries],
        ['sc2', -2000, shop, groceries],
      ]);
      const start = txs.find((t) => t.starting_balance_flag);
      expect(start).toMatchObject({ amount: 100000, category: f.category('Starting Balances') });

      const other = (await api.getTransactions(
        savings,
        '2023-08-01',
        '2023-08-31',
      )) as unknown as Array<Record<string, unknown>>;
      expect(other).toEqual([
        expect.objectContaining({
          id: mirror,
          amount: 20000,
          transfer_id: 'tr',
          payee: f.transferPayee(checking),
        }),
      ]);
      expect(await api.getAccountBalance(checking)).toBe(100000 - 20000 - 3000);
      expect(await api.getAccountBalance(house)).toBe(25000000);
    } finally {
      await api.shutdown();
    }
  });
});
