import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const API_BUNDLE = join(import.meta.dirname, '../../packages/api/dist/index.cjs');

/** Coffer's Node API is built (`npm run build`), so a test can use it as a second device. */
export const API_BUILT = existsSync(API_BUNDLE);

/** The subset of the API surface the tests use (the same names as @actual-app/api). */
export interface Api {
  sync(): Promise<void>;
  getBudgets(): Promise<Array<{ name: string; groupId?: string; cloudFileId?: string }>>;
  getAccounts(): Promise<Array<{ id: string; name: string }>>;
  getCategories(): Promise<Array<{ id: string; name: string; group_id: string }>>;
  addTransactions(accountId: string, txs: Array<Record<string, unknown>>): Promise<unknown>;
  getTransactions(
    accountId: string,
  ): Promise<Array<{ id: string; amount: number; payee: string | null; notes: string | null }>>;
  getBudgetMonth(month: string): Promise<BudgetMonth>;
  setBudgetAmount(month: string, categoryId: string, amount: number): Promise<void>;
}

export interface BudgetMonth {
  month: string;
  incomeAvailable: number;
  lastMonthOverspent: number;
  forNextMonth: number;
  totalBudgeted: number;
  toBudget: number;
  categoryGroups: Array<{
    id: string;
    name: string;
    is_income: boolean;
    hidden: boolean;
    categories: Array<{
      id: string;
      name: string;
      hidden: boolean;
      budgeted: number;
      spent: number;
      balance: number;
      carryover: boolean;
    }>;
  }>;
}

export interface ApiDevice {
  api: Api;
  close(): Promise<void>;
}

/**
 * A second device: Coffer's Node API signs in to the server and downloads the budget named
 * `budgetName` (one the browser uploaded), so a test can change it from elsewhere and read it
 * through the core (`getBudgetMonth`). The API keeps one budget per process, so a test file
 * opens one device.
 */
export async function openApiDevice(
  serverURL: string,
  password: string,
  budgetName: string,
): Promise<ApiDevice> {
  const api = createRequire(import.meta.url)(API_BUNDLE) as Api & {
    init(o: object): Promise<void>;
    downloadBudget(syncId: string): Promise<void>;
    shutdown(): Promise<void>;
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-device-'));
  await api.init({ dataDir, serverURL, password });
  const file = (await api.getBudgets()).find((b) => b.name === budgetName && b.groupId);
  if (!file?.groupId) throw new Error(`no budget named ${budgetName} on the server`);
  await api.downloadBudget(file.groupId);
  return {
    api,
    async close() {
      await api.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
