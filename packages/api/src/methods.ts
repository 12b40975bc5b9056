import { type Query, isQuery } from '@coffer/core';

/** Calls one core handler; error values come back as rejections. */
export type ApiSend = (name: string, args?: unknown) => Promise<unknown>;

/* eslint-disable @typescript-eslint/no-explicit-any -- scripts pass loose objects, as with Actual */
type Fields = Record<string, any>;

export interface AddTransactionsOptions {
  learnCategories?: boolean;
  runTransfers?: boolean;
}

/**
 * The public methods of `@actual-app/api`, each a thin call to an `api/*` handler in core.
 * Made per client so the module-level functions and a second client never share state.
 */
export function createMethods(send: ApiSend) {
  const call = <T = any>(name: string, args?: unknown) => send(name, args) as Promise<T>;
  const runQuery = (query: Query | Fields) =>
    call<{ data: any; dependencies: string[] }>('api/query', {
      query: isQuery(query) ? query.serialize() : (query as Fields),
    });
  return {
    /** Build a budget from scratch inside `func`; a throw deletes the half-built budget. */
    async runImport(budgetName: string, func: () => unknown): Promise<void> {
      await call('api/start-import', { budgetName });
      try {
        await func();
      } catch (err) {
        await call('api/abort-import');
        throw err;
      }
      await call('api/finish-import');
    },
    loadBudget: (budgetId: string): Promise<void> => call('api/load-budget', { id: budgetId }),
    /**
     * Open the budget with sync id `syncId` from the server given to `init` (its local copy,
     * caught up, when this data folder has one). An encrypted budget needs its `password`.
     */
    downloadBudget: (syncId: string, { password }: { password?: string } = {}): Promise<void> =>
      call('api/download-budget', { syncId, password }),
    /** Send this budget's changes to the server and apply everyone else's; waits. */
    sync: (): Promise<void> => call('api/sync'),
    getBudgets: () => call<Fields[]>('api/get-budgets'),
    /** Apply every write made inside `func` as one batch. */
    async batchBudgetUpdates(func: () => unknown): Promise<void> {
      await call('api/batch-budget-start');
      try {
        await func();
      } finally {
        await call('api/batch-budget-end');
      }
    },
    runQuery: (query: Query | Fields) => runQuery(query),
    /** The newer name of `runQuery`. */
    aqlQuery: (query: Query | Fields) => runQuery(query),

    addTransactions: (
      accountId: string,
      transactions: Fields[],
      { learnCategories = false, runTransfers = false }: AddTransactionsOptions = {},
    ) =>
      call<'ok'>('api/transactions-add', {
        accountId,
        transactions,
        learnCategories,
        runTransfers,
      }),
    importTransactions: (accountId: string, transactions: Fields[]) =>
      call<{ errors?: { message: string }[]; added: string[]; updated: string[] }>(
        'api/transactions-import',
        { accountId, transactions },
      ),
    getTransactions: (accountId?: string | null, startDate?: string, endDate?: string) =>
      call<Fields[]>('api/transactions-get', { accountId, startDate, endDate }),
    updateTransaction: (id: string, fields: Fields) =>
      call('api/transaction-update', { id, fields }),
    deleteTransaction: (id: string) => call('api/transaction-delete', { id }),

    getAccounts: () => call<Fields[]>('api/accounts-get'),
    createAccount: (account: Fields, initialBalance?: number | null) =>
      call<string>('api/account-create', { account, initialBalance }),
    updateAccount: (id: string, fields: Fields) => call('api/account-update', { id, fields }),
    closeAccount: (id: string, transferAccountId?: string, transferCategoryId?: string) =>
      call('api/account-close', { id, transferAccountId, transferCategoryId }),
    reopenAccount: (id: string) => call('api/account-reopen', { id }),
    deleteAccount: (id: string) => call('api/account-delete', { id }),
    getAccountBalance: (id: string, cutoff?: Date | string) =>
      call<number>('api/account-balance', { id, cutoff }),

    getCategoryGroups: () => call<Fields[]>('api/category-groups-get'),
    createCategoryGroup: (group: Fields) => call<string>('api/category-group-create', { group }),
    updateCategoryGroup: (id: string, fields: Fields) =>
      call('api/category-group-update', { id, fields }),
    deleteCategoryGroup: (id: string, transferCategoryId?: string) =>
      call('api/category-group-delete', { id, transferCategoryId }),
    getCategories: () => call<Fields[]>('api/categories-get', { grouped: false }),
    createCategory: (category: Fields) => call<string>('api/category-create', { category }),
    updateCategory: (id: string, fields: Fields) => call('api/category-update', { id, fields }),
    deleteCategory: (id: string, transferCategoryId?: string) =>
      call('api/category-delete', { id, transferCategoryId }),

    getPayees: () => call<Fields[]>('api/payees-get'),
    createPayee: (payee: Fields) => call<string>('api/payee-create', { payee }),
    updatePayee: (id: string, fields: Fields) => call('api/payee-update', { id, fields }),
    deletePayee: (id: string) => call('api/payee-delete', { id }),
    mergePayees: (targetId: string, mergeIds: string[]) =>
      call('api/payees-merge', { targetId, mergeIds }),

    getRules: () => call<Fields[]>('api/rules-get'),
    getPayeeRules: (id: string) => call<Fields[]>('api/payee-rules-get', { id }),
    createRule: (rule: Fields) => call<Fields>('api/rule-create', { rule }),
    updateRule: (rule: Fields) => call<Fields>('api/rule-update', { rule }),
    deleteRule: (id: string) => call<boolean>('api/rule-delete', { id }),

    // Budget months (handlers in core's budget-db).
    getBudgetMonths: () => call<string[]>('api/budget-months'),
    getBudgetMonth: (month: string) => call<Fields>('api/budget-month', { month }),
    setBudgetAmount: (month: string, categoryId: string, value: number) =>
      call('api/budget-set-amount', { month, categoryId, amount: value }),
    setBudgetCarryover: (month: string, categoryId: string, flag: boolean) =>
      call('api/budget-set-carryover', { month, categoryId, flag }),
    holdBudgetForNextMonth: (month: string, amount: number) =>
      call<boolean>('api/budget-hold-for-next-month', { month, amount }),
    resetBudgetHold: (month: string) => call('api/budget-reset-hold', { month }),
  };
}

export type ApiMethods = ReturnType<typeof createMethods>;
