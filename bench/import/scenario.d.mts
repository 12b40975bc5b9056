// Types of scenario.mjs for the benchmark's TypeScript side (web.ts).

/** One row of the bank file, as the API's importTransactions takes it. */
export interface ScenarioTransaction {
  date: string;
  amount: number;
  payee_name: string;
  imported_id?: string;
  notes?: string;
}

export interface Scenario {
  payees: string[];
  categories: string[];
  /** Rule bodies for `rule-add`, naming payees and categories as `@payee:Name`. */
  rules: unknown[];
  existing: ScenarioTransaction[];
  incoming: ScenarioTransaction[];
}

export function makeScenario(count: number, seed?: number): Scenario;

export function resolveNames<T>(
  value: T,
  ids: { payee: Map<string, string>; category: Map<string, string> },
): T;
