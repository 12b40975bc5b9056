/**
 * Coffer's Node library for scripts, with the surface of `@actual-app/api`: a script written
 * for Actual runs against Coffer by changing its import.
 *
 *   const api = require('@coffer/api');
 *   await api.init({ dataDir: '/path/to/budgets' });
 *   await api.loadBudget('My-Finances-1a2b3c4');
 *   const accounts = await api.getAccounts();
 *   await api.shutdown();
 */
import { q } from '@coffer/core';
import { ApiClient, type ApiLib, type InitConfig } from './client.ts';
import * as utils from './utils.ts';

export { ApiClient, type ApiLib, type InitConfig } from './client.ts';
export { ApiError } from './errors.ts';
export type { ApiMethods, AddTransactionsOptions } from './methods.ts';
export { q, utils };

const client = new ApiClient();

/** Start the api on a data folder; returns the object whose `send` calls any core handler. */
export const init = (config?: InitConfig): Promise<ApiLib> => client.init(config);
export const shutdown = (): Promise<void> => client.shutdown();
/** Any core handler by name (`create-budget`, `load-prefs`, …), after `init`. */
export const internal: ApiLib = client.lib;

const m = client.methods;
export const methods = m;
export const {
  runImport,
  loadBudget,
  downloadBudget,
  sync,
  getBudgets,
  batchBudgetUpdates,
  runQuery,
  aqlQuery,
  addTransactions,
  importTransactions,
  getTransactions,
  updateTransaction,
  deleteTransaction,
  getAccounts,
  createAccount,
  updateAccount,
  closeAccount,
  reopenAccount,
  deleteAccount,
  getAccountBalance,
  getCategoryGroups,
  createCategoryGroup,
  updateCategoryGroup,
  deleteCategoryGroup,
  getCategories,
  createCategory,
  updateCategory,
  deleteCategory,
  getPayees,
  createPayee,
  updatePayee,
  deletePayee,
  mergePayees,
  getBudgetMonths,
  getBudgetMonth,
  setBudgetAmount,
  setBudgetCarryover,
  holdBudgetForNextMonth,
  resetBudgetHold,
  getRules,
  getPayeeRules,
  createRule,
  updateRule,
  deleteRule,
} = m;

export default { init, shutdown, internal, methods, utils, q, ...m };
