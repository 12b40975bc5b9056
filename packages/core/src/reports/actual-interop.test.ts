import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadActualApi } from '../db/test-helpers/actual-api.ts';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { getReports } from './custom-reports.ts';
import { getWidgets } from './dashboard.ts';

const api = loadActualApi();

/**
 * A budget with saved reports and overview cards is still a 23.8 budget: the real
 * `@actual-app/api` 6.9 opens it, reads and writes it, and the reports are still there after.
 */
describe('a budget with saved custom reports, opened by @actual-app/api 6.9', () => {
  it('opens, takes a write, and keeps the reports', async () => {
    const f = await openAppCore();
    const checking = (await f.core.send('account-create', {
      name: 'Checking',
      balance: 5000,
    })) as string;
    const id = (await f.core.send('report/create', {
      name: 'Spending by payee',
      startDate: '2023-01-01',
      endDate: '2023-08-31',
      isDateStatic: true,
      dateRange: '',
      mode: 'total',
      groupBy: 'Payee',
      balanceType: 'Payment',
      graphType: 'TableGraph',
      showEmpty: false,
      showOffBudget: false,
      showHidden: false,
      showUncategorized: true,
      conditions: [],
      conditionsOp: 'and',
    })) as string;
    await f.core.send('dashboard-add-widget', { type: 'custom-report', meta: { id } });

    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-reports-interop-'));
    const dir = join(dataDir, 'coffer-reports');
    mkdirSync(dir);
    writeFileSync(join(dir, 'db.sqlite'), f.budget.sqlite.serialize());
    writeFileSync(
      join(dir, 'metadata.json'),
      JSON.stringify({ id: 'coffer-reports', budgetName: 'Reports' }),
    );

    await api.init({ dataDir });
    try {
      await api.loadBudget('coffer-reports');
      const accounts = (await api.getAccounts()) as unknown as Array<{ id: string }>;
      expect(accounts.map((a) => a.id)).toEqual([checking]);
      await api.addTransactions(checking, [{ date: '2023-08-04', amount: -1250 }]);
      const txs = (await api.getTransactions(
        checking,
        '2023-08-01',
        '2023-08-31',
      )) as unknown as Array<{ amount: number }>;
      expect(txs.map((t) => t.amount).sort()).toEqual([-1250, 5000]);
    } finally {
      await api.shutdown();
    }

    const db = testSqliteDriver().open(join(dir, 'db.sqlite'));
    try {
      expect(getReports(db).map((r) => [r.id, r.name, r.groupBy])).toEqual([
        [id, 'Spending by payee', 'Payee'],
      ]);
      expect(getWidgets(db).map((w) => w.meta)).toEqual([{ id }]);
    } finally {
      db.close();
    }
  });
});
