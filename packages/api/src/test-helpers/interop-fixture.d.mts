/** The subset of the API surface the fixture uses, satisfied by Coffer's and Actual's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both APIs take loose objects
type AnyApi = any;

export interface BudgetDump {
  accounts: Record<string, unknown>[];
  categories: Record<string, unknown>[];
  categoryGroups: Record<string, unknown>[];
  payees: Record<string, unknown>[];
  rules: Record<string, unknown>[];
  allTransactions: Record<string, unknown>[];
  transactions: Record<string, Record<string, unknown>[]>;
  inJanuary: Record<string, Record<string, unknown>[]>;
  balances: Record<string, { midJanuary: number; today: number }>;
}

export function buildFixture(api: AnyApi): Promise<{ accounts: string[] }>;
export function dumpBudget(api: AnyApi): Promise<BudgetDump>;
