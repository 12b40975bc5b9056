// Types of rules-budget.mjs for the benchmark's TypeScript side (rules.ts).

export const PAYEES: number;
export const RULES: number;
export function payeeName(i: number): string;
/** Adds the payees and rules to the budget file; the payees' names and the rule count. */
export function addRulesAndPayees(dbPath: string): { payees: string[]; rules: number };
