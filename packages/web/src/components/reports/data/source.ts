import { type Month, q, type QueryState, type TagSums } from '@coffer/core/ui';
import type { Account, Category, CategoryGroup, Payee } from '../../../store/types.ts';

/**
 * Reports read the budget through the core's `query` handler only: every sum is computed in the
 * worker's SQLite, and the page gets back one row per group, never the transactions.
 */
export type QueryRunner = <T>(query: QueryState) => Promise<T>;

/**
 * The core's `report/tag-sums`: sums by tag over the transactions a query filters, each
 * transaction under every tag it holds (notes are read in the core, by its one parser).
 */
export type TagSumsRunner = (query: QueryState, byMonth: boolean) => Promise<TagSums>;

/**
 * The core's `budgeted-sums`: each category's budgeted amount summed over a span of months (the
 * same figures as its budget cells), in one request.
 */
export type BudgetedRunner = (
  span: { start: Month; end: Month },
  categories: readonly string[],
) => Promise<ReadonlyMap<string, number>>;

/**
 * The core's `budgeted-sums` by month: each category's budget cell of each month in a span that
 * is not 0, the sheet's own figures (no months the budget never made; no income in an envelope
 * budget), in one request.
 */
export type BudgetedMonthsRunner = (
  span: { start: Month; end: Month },
  categories: readonly string[],
) => Promise<ReadonlyArray<{ category: string; month: Month; amount: number }>>;

/** The budget's names and shapes a report needs beside its sums (all from the app's store). */
export interface BudgetMeta {
  accounts: readonly Account[];
  payees: readonly Payee[];
  groups: readonly CategoryGroup[];
}

export const isOffBudget = (a: Account) => a.offbudget === 1;
export const isClosed = (a: Account) => a.closed === 1;

/** Every account (closed ones too: they hold history) or only those on budget. */
export function accountIds(meta: BudgetMeta, onBudgetOnly: boolean): string[] {
  return meta.accounts.filter((a) => !onBudgetOnly || !isOffBudget(a)).map((a) => a.id);
}

/** The transfer payees whose account is one of `accounts`: moves between them are not flows. */
export function transferPayeesOf(meta: BudgetMeta, accounts: readonly string[]): string[] {
  const wanted = new Set(accounts);
  return meta.payees.filter((p) => p.transfer_acct && wanted.has(p.transfer_acct)).map((p) => p.id);
}

/** A filter leaving out transfers between the given transfer payees' accounts. */
export function notTransfersAmong(transferPayees: readonly string[]): Record<string, unknown> {
  return transferPayees.length > 0 ? { payee: transferPayees.map((id) => ({ $ne: id })) } : {};
}

export function categoryIndex(groups: readonly CategoryGroup[]): Map<string, Category> {
  return new Map(groups.flatMap((g) => g.categories.map((c) => [c.id, c] as const)));
}

/** The month of the budget's first transaction, or null when it has none. */
export async function firstMonth(run: QueryRunner): Promise<Month | null> {
  const first = await run<string | number | null>(
    q('transactions').calculate({ $min: '$date' }).serialize(),
  );
  return typeof first === 'string' && first.length >= 7 ? first.slice(0, 7) : null;
}

/** The tables whose changes can change any report. */
export const REPORT_TABLES = [
  'transactions',
  'accounts',
  'payees',
  'payee_mapping',
  'categories',
  'category_groups',
  'category_mapping',
  'zero_budgets',
  'reflect_budgets',
] as const;
